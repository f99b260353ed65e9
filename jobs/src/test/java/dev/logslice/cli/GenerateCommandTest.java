package dev.logslice.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code logslice generate} through the command line: exit codes and messages. */
class GenerateCommandTest {
    @TempDir Path dir;

    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureStderr() {
        originalErr = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(originalErr);
    }

    @Test
    void writesAFileOfTheGivenSize() throws Exception {
        Path out = dir.resolve("app.log");
        int exit =
                Logslice.run(
                        "generate",
                        "--format",
                        "log4j",
                        "--size",
                        "64k",
                        "--seed",
                        "9",
                        "--out",
                        out.toString());
        assertThat(exit).isZero();
        assertThat(Files.size(out)).isGreaterThanOrEqualTo(64 * 1024).isLessThan(80 * 1024);
        assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void anUnknownFormatIsAUsageErrorListingTheFormats() {
        int exit =
                Logslice.run(
                        "generate",
                        "--format",
                        "csv",
                        "--size",
                        "1m",
                        "--out",
                        dir.resolve("x").toString());
        assertThat(exit).isEqualTo(2);
        assertThat(oneLineOfStderr())
                .contains("unknown format 'csv'")
                .contains("combined, vcombined, nginx, json, syslog, log4j");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void aBadSizeIsAUsageError() {
        int exit =
                Logslice.run(
                        "generate",
                        "--format",
                        "json",
                        "--size",
                        "12 parsecs",
                        "--out",
                        dir.resolve("x").toString());
        assertThat(exit).isEqualTo(2);
        assertThat(oneLineOfStderr()).contains("'12 parsecs' is not a size");
    }

    @Test
    void aMissingOutputIsAUsageError() {
        assertThat(Logslice.run("generate", "--format", "json", "--size", "1m")).isEqualTo(2);
        assertThat(oneLineOfStderr()).contains("--out");
    }

    @Test
    void anUnwritableOutputIsAnInputError() {
        Path out = dir.resolve("no-such-dir").resolve("x.log");
        int exit = Logslice.run("generate", "--format", "json", "--size", "1m", "--out", "" + out);
        assertThat(exit).isEqualTo(2);
        assertThat(oneLineOfStderr()).contains("no-such-dir");
    }

    @Test
    void clientsAndPathsMakeAHighCardinalityAccessLog() throws Exception {
        Path out = dir.resolve("wide.log");
        int exit =
                Logslice.run(
                        "generate",
                        "--format",
                        "combined",
                        "--size",
                        "4m",
                        "--clients",
                        "30000",
                        "--paths",
                        "40000",
                        "--out",
                        out.toString());
        assertThat(exit).isZero();

        Set<String> clients = new HashSet<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            clients.add(line.substring(0, line.indexOf(' ')));
        }
        // 4 MB is about 19,000 lines: the default 5,000 clients could not give this many.
        assertThat(clients.size()).isGreaterThan(8_000);
    }

    @Test
    void clientsAndPathsAreRefusedForLogsWithoutRequests() {
        assertThat(refused("--format", "syslog", "--size", "1m", "--clients", "10"))
                .contains("--clients and --paths apply to access logs");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void aCardinalityOutOfRangeIsAUsageError() {
        assertThat(refused("--format", "nginx", "--size", "1m", "--paths", "0"))
                .contains("--paths 0 must be between 1 and 5,000,000");
    }

    /** The one line of a generate run to {@code x} with these options, which must exit 2. */
    private String refused(String... options) {
        List<String> args =
                new ArrayList<>(List.of("generate", "--out", dir.resolve("x").toString()));
        args.addAll(List.of(options));
        assertThat(Logslice.run(args.toArray(String[]::new))).isEqualTo(2);
        return oneLineOfStderr();
    }

    private String oneLineOfStderr() {
        String text = stderr.toString(StandardCharsets.UTF_8);
        assertThat(text).endsWith(System.lineSeparator());
        assertThat(text.strip()).doesNotContain("\n");
        return text;
    }
}
