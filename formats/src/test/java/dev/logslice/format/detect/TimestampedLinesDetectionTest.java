package dev.logslice.format.detect;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kubectl logs --timestamps} writes an RFC 3339 time before each of the program's lines.
 * Read as syslog, the program's first words became the host and the program (host {@code
 * 2024-05-01}, program {@code 12}); an ISO-stamped syslog line has {@code host program: } after its
 * time, and those lines must stay syslog.
 */
class TimestampedLinesDetectionTest {
    private static final FormatDetector DETECTOR = new FormatDetector(FormatRegistry.standard());

    @Test
    void kubectlTimestampsAreTheTimeAndTheProgramsLineParsedAgain() throws Exception {
        List<String> lines =
                List.of(
                        "2024-05-01T12:00:00.123456789Z 2024-05-01 12:00:00.123  INFO 1 --- [main]"
                                + " com.x.App : Started",
                        "2024-05-01T12:00:01.2Z GET /healthz 200",
                        "2024-05-01T12:00:02.323456789Z {\"level\":\"info\",\"msg\":\"ok\"}",
                        "2024-05-01T12:00:03Z panic: runtime error");

        assertThat(detect(lines)).isEqualTo("kubectl");
        LogEvent spring = event("kubectl", lines.get(0));
        assertThat(spring.hasValue(Field.HOST)).isFalse();
        assertThat(spring.level()).isEqualTo("INFO");
        assertThat(spring.message()).isEqualTo("Started");
        assertThat(event("kubectl", lines.get(1)).message()).isEqualTo("GET /healthz 200");
        assertThat(event("kubectl", lines.get(1)).timestampText())
                .isEqualTo("2024-05-01T12:00:01.2Z");
    }

    @Test
    void isoStampedSyslogStaysSyslog() throws Exception {
        List<String> lines =
                List.of(
                        "2024-05-01T12:00:00.123456+00:00 web1 sshd[12]: Accepted publickey for"
                                + " bob",
                        "2024-05-01T12:00:01.123456+00:00 web1 CRON[99]: (root) CMD (run)",
                        "2024-05-01T12:00:02+00:00 web1 kernel: usb 1-1: new device");

        assertThat(detect(lines)).isEqualTo("syslog");
        LogEvent event = event("syslog", lines.get(0));
        assertThat(event.host()).isEqualTo("web1");
        assertThat(event.program()).isEqualTo("sshd");
    }

    @Test
    void formatsWhoseLinesStartWithATimeAreNotTakenByTheFallback() throws Exception {
        assertThat(
                        detect(
                                List.of(
                                        "2024-05-10T01:34:33.608Z  INFO 88909 --- [main]"
                                                + " o.s.b.App : Started App",
                                        "2024-05-10T01:34:34.608Z  WARN 88909 --- [main]"
                                                + " o.s.b.App : Slow")))
                .isEqualTo("spring-boot");
        assertThat(
                        detect(
                                List.of(
                                        "2024-01-15T10:20:30.123456789Z stdout F hello",
                                        "2024-01-15T10:20:31.123456789Z stderr F oops")))
                .isEqualTo("cri");
        assertThat(
                        detect(
                                List.of(
                                        "2024-01-15T10:20:30.123456Z 0 [System] [MY-010116]"
                                                + " [Server] mysqld starting",
                                        "2024-01-15T10:20:31.123456Z 1 [Warning] [MY-010068]"
                                                + " [Server] CA certificate is self signed.")))
                .isEqualTo("mysql");
    }

    @Property(tries = 200)
    void detectionTellsSyslogFromAProgramsTimestampedLines(
            @ForAll("kubectlLines") List<String> kubectl,
            @ForAll("syslogLines") List<String> syslog)
            throws Exception {
        assertThat(detect(kubectl)).isEqualTo("kubectl");
        assertThat(detect(syslog)).isEqualTo("syslog");
        for (String line : kubectl) {
            assertThat(event("kubectl", line).hasValue(Field.HOST)).as(line).isFalse();
        }
    }

    @Provide
    Arbitrary<List<String>> kubectlLines() {
        Arbitrary<String> word =
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(9);
        // What programs write: words, a request, a date of their own; never 'host prog: '.
        Arbitrary<String> line =
                Arbitraries.oneOf(
                        word.list().ofMinSize(1).ofMaxSize(6).map(words -> String.join(" ", words)),
                        Combinators.combine(
                                        Arbitraries.of("GET", "POST"),
                                        word,
                                        Arbitraries.integers().between(200, 599))
                                .as((method, path, status) -> method + " /" + path + " " + status),
                        word.map(w -> "2024-05-01 12:00:00.123 INFO " + w));
        return Combinators.combine(stamp("Z"), line)
                .as((t, l) -> t + " " + l)
                .list()
                .ofMinSize(1)
                .ofMaxSize(8);
    }

    @Provide
    Arbitrary<List<String>> syslogLines() {
        Arbitrary<String> word =
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(9);
        Arbitrary<String> tag =
                Combinators.combine(word, Arbitraries.integers().between(-1, 99999))
                        .as((program, pid) -> pid < 0 ? program + ":" : program + "[" + pid + "]:");
        return Combinators.combine(stamp("+00:00"), word, tag, word.list().ofMaxSize(5))
                .as(
                        (t, host, program, words) ->
                                t + " " + host + " " + program + " " + String.join(" ", words))
                .list()
                .ofMinSize(1)
                .ofMaxSize(8);
    }

    /** RFC 3339 times with 0 to 9 digits of a second, as Go's RFC3339Nano and rsyslog write. */
    private static Arbitrary<String> stamp(String zone) {
        return Combinators.combine(
                        Arbitraries.integers().between(0, 59),
                        Arbitraries.strings().withCharRange('0', '9').ofMaxLength(9))
                .as(
                        (second, fraction) ->
                                String.format("2024-05-01T12:00:%02d", second)
                                        + (fraction.isEmpty() ? "" : "." + fraction)
                                        + zone);
    }

    private static String detect(List<String> lines) throws FormatDetectionException {
        return DETECTOR.detect(
                        "sample.log",
                        lines.stream().map(l -> l.getBytes(StandardCharsets.UTF_8)).toList(),
                        Parsing.CONTEXT)
                .definition()
                .name();
    }

    private static LogEvent event(String format, String line) {
        return Parsing.event(FormatRegistry.standard().create(format, FormatOptions.none()), line);
    }
}
