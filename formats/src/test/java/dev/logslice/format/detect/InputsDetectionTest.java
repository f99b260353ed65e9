package dev.logslice.format.detect;

import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.syslog.SyslogFormat;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

/** {@code --format auto} over many files: per file, per group past the cap, no logs left out. */
class InputsDetectionTest {
    private static final String SYSLOG = "Jan 15 10:20:30 host sshd[42]: Accepted publickey\n";
    private static final String ACCESS =
            "10.0.0.1 - - [15/Jan/2024:10:20:30 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"x\"\n";

    @TempDir Path dir;
    private final List<InputsDetection.Input> inputs = new ArrayList<>();

    @Test
    void eachFileGetsItsFormatAndTheFormatOfMostFilesComesFirst() throws Exception {
        add("access.log", ACCESS);
        add("syslog", SYSLOG);
        add("auth.log", SYSLOG);
        add("empty.log", "");
        add("README", "Read me first.\nThen the rest.\n");
        Files.write(dir.resolve("wtmp"), new byte[] {7, 0, 0, 0, 'p', 't', 's'});
        inputs.add(new InputsDetection.Input("wtmp", dir.resolve("wtmp")));

        InputFormats formats = detection(100).detect(inputs);

        assertThat(formats.names()).isEqualTo("syslog, combined");
        assertThat(formats.filesByFormat())
                .containsExactly(
                        entry("syslog", List.of("syslog", "auth.log")),
                        entry("combined", List.of("access.log")));
        assertThat(formats.formatOf("access.log")).isEqualTo("combined");
        assertThat(formats.formatOf("empty.log"))
                .as("the format of most files")
                .isEqualTo("syslog");
        assertThat(formats.skipped())
                .extracting(SkippedInput::file, SkippedInput::reason, SkippedInput::bytes)
                .containsExactly(
                        tuple("README", "no known format", 30L), tuple("wtmp", "binary", 7L));
    }

    @Test
    void pastTheCapAFileTakesTheFormatOfItsGroup() throws Exception {
        add("syslog", SYSLOG);
        add("access.log", ACCESS);
        // Content that would not be detected as what its group is: proof that it is not read.
        add("syslog.1", "not read\n");
        add("syslog.2.gz", "not a gzip file either\n");
        add("access-20240115.log", "not read\n");
        add("README", "read: a new group is detected\n");

        InputFormats formats = detection(2).detect(inputs);

        assertThat(formats.filesByFormat().get("syslog"))
                .containsExactly("syslog", "syslog.1", "syslog.2.gz");
        assertThat(formats.filesByFormat().get("combined"))
                .containsExactly("access.log", "access-20240115.log");
        assertThat(formats.skipped()).extracting(SkippedInput::file).containsExactly("README");
    }

    @Test
    void withinTheCapEveryFileIsDetected() throws Exception {
        add("syslog", SYSLOG);
        add("syslog.1", "not a log\n");

        InputFormats formats = detection(100).detect(inputs);

        assertThat(formats.skipped()).extracting(SkippedInput::file).containsExactly("syslog.1");
    }

    @Test
    void theYearReachesTheDetectedSyslogFormat() throws Exception {
        add("syslog", SYSLOG);

        InputFormats formats =
                new InputsDetection(
                                new FormatDetector(FormatRegistry.standard()),
                                FormatOptions.none().withYear(2019),
                                ZoneId.of("UTC"))
                        .detect(inputs);

        assertThat(formats.fileFormats().of("syslog")).isInstanceOf(SyslogFormat.class);
        assertThat(
                        Parsing.event(formats.fileFormats().of("syslog"), SYSLOG.strip())
                                .timestampText())
                .startsWith("2019-01-15");
    }

    @Test
    void noLogAtAllIsAnErrorSayingWhatEachFileIs() throws IOException {
        add("NOTES", "call Bob\n");
        add("TODO", "buy milk\n");

        assertThatThrownBy(() -> detection(100).detect(inputs))
                .isInstanceOf(FormatDetectionException.class)
                .hasMessageStartingWith(
                        "none of the 2 input files is a log of a known format (NOTES: no known"
                                + " format, TODO: no known format); of the first: no format fits");
    }

    @Test
    void onlyEmptyFilesIsAnError() throws IOException {
        add("a.log", "");

        assertThatThrownBy(() -> detection(100).detect(inputs))
                .hasMessage("the inputs have no lines to detect a format from; pass --format");
    }

    private InputsDetection detection(int maxDetections) {
        return new InputsDetection(
                new FormatDetector(FormatRegistry.standard()),
                FormatOptions.none(),
                ZoneId.of("UTC"),
                maxDetections);
    }

    private void add(String name, String content) throws IOException {
        Path file = Files.writeString(dir.resolve(name), content);
        inputs.add(new InputsDetection.Input(name, file));
    }
}
