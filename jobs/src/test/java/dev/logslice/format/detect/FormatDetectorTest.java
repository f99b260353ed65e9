package dev.logslice.format.detect;

import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --format auto} on the real logs and on samples that fit no format or several. */
class FormatDetectorTest {
    private final FormatDetector detector = new FormatDetector(FormatRegistry.standard());

    @ParameterizedTest
    @CsvSource({
        "hackers-access.log, combined",
        "Apache_2k.log, apache-error",
        "Linux_2k.log, syslog",
        "OpenSSH_2k.log, syslog",
        "Hadoop_2k.log, hadoop",
        "Zookeeper_2k.log, zookeeper",
    })
    void detectsEveryRealLog(String file, String format) throws Exception {
        FormatDetection detection = detector.detect(RealLogs.file(file), ZoneId.of("UTC"));

        assertThat(detection.definition().name()).isEqualTo(format);
        assertThat(detection.fittingLines()).isEqualTo(detection.sampledLines()).isEqualTo(100);
        assertThat(detection.toString())
                .endsWith(file + ": format " + format + " (100 of 100 first lines fit)");
    }

    @Test
    void prefersTheFormatWithMoreFieldsAndTheFirstOfEqualReadings() throws Exception {
        assertThat(detect("1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5"))
                .isEqualTo("common");
        assertThat(detect("10:00:00.000 [main] INFO  a.B - started")).isEqualTo("log4j2");
        assertThat(detect("10:00:00.000 [main] INFO  a.B -- started")).isEqualTo("logback");
    }

    @Test
    void stackTracesCountForJavaFormats() throws Exception {
        assertThat(
                        detect(
                                "2015-10-18 18:01:47,978 ERROR [main] a.B: failed",
                                "java.lang.IllegalStateException: boom",
                                "\tat a.B.run(B.java:1)",
                                "Caused by: java.io.IOException: closed",
                                "\t... 3 more",
                                "2015-10-18 18:01:48,000 INFO [main] a.B: retry"))
                .isEqualTo("hadoop");
    }

    @Test
    void unknownFormatNamesTheClosestAndHowToChoose() {
        assertThatThrownBy(() -> detect("hello world", "foo bar"))
                .isInstanceOf(FormatDetectionException.class)
                .hasMessageStartingWith("no format fits the first 2 lines of sample.log; closest: ")
                .hasMessageContaining("Pass --format with one of: combined, common,");
    }

    @Test
    void mixedFilesAreAmbiguousWhenNoReadingCovers() {
        String[] lines = new String[20];
        Arrays.fill(lines, 0, 10, "Jun  4 15:16:01 host prog: x");
        Arrays.fill(lines, 10, 20, "{\"message\":\"x\"}");

        assertThatThrownBy(() -> detect(lines))
                .hasMessageStartingWith("no format fits the first 20 lines of sample.log; closest:")
                .hasMessageContaining("syslog (10 of 20 lines)")
                .hasMessageContaining("json (10 of 20 lines)");
    }

    @Test
    void emptySampleSaysSo() {
        assertThatThrownBy(() -> detect("", "  "))
                .hasMessageStartingWith("sample.log has no lines to detect its format from");
    }

    private String detect(String... lines) throws FormatDetectionException {
        List<byte[]> bytes =
                Arrays.stream(lines)
                        .map(line -> line.getBytes(StandardCharsets.UTF_8))
                        .collect(Collectors.toList());
        return detector.detect("sample.log", bytes, Parsing.CONTEXT).definition().name();
    }
}
