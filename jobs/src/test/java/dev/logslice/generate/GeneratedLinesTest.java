package dev.logslice.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks each format's lines with a regex written here from the format's documentation, not from
 * the generator, and that the content is varied the way real logs are.
 */
class GeneratedLinesTest {
    private static final String COMBINED =
            "(?<client>\\S+) (?<ident>\\S+) (?<user>\\S+) \\[(?<time>\\d{2}/[A-Z][a-z]{2}/\\d{4}"
                    + ":\\d{2}:\\d{2}:\\d{2} \\+0000)\\] \"(?<method>[A-Z]+) (?<path>/\\S*)"
                    + " HTTP/[12]\\.[01]\" (?<status>[1-5]\\d\\d) (?<bytes>\\d+|-)"
                    + " \"(?<referrer>[^\"]*)\" \"(?<agent>[^\"]*)\"";
    private static final DateTimeFormatter COMMON_LOG_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);

    @Test
    void combinedLinesAreApacheCombined() throws IOException {
        List<Matcher> lines = match(GeneratedFormat.COMBINED, Pattern.compile(COMBINED));
        assertVariedTraffic(lines);
        assertNonDecreasing(lines, m -> OffsetDateTime.parse(m.group("time"), COMMON_LOG_TIME));
    }

    @Test
    void vcombinedLinesHaveAVirtualHostAndPort() throws IOException {
        List<Matcher> lines =
                match(
                        GeneratedFormat.VCOMBINED,
                        Pattern.compile("(?<vhost>[a-z.]+):\\d+ " + COMBINED));
        assertVariedTraffic(lines);
        assertThat(lines.stream().map(m -> m.group("vhost")).distinct()).hasSizeGreaterThan(2);
    }

    @Test
    void nginxLinesEndWithRequestAndUpstreamTimes() throws IOException {
        List<Matcher> lines =
                match(
                        GeneratedFormat.NGINX,
                        Pattern.compile(
                                COMBINED + " (?<rt>\\d+\\.\\d{3}) (?<upstream>\\d+\\.\\d{3}|-)"));
        assertVariedTraffic(lines);
        assertThat(lines).anyMatch(m -> m.group("upstream").equals("-"));
        assertThat(lines).anyMatch(m -> !m.group("upstream").equals("-"));
    }

    @Test
    void jsonLinesAreObjectsWithTypedFields() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        Instant previous = Instant.MIN;
        int errors = 0;
        for (String line : lines(GeneratedFormat.JSON)) {
            JsonNode event = mapper.readTree(line);
            Instant time = OffsetDateTime.parse(event.get("time").asText()).toInstant();
            assertThat(time).isAfterOrEqualTo(previous);
            previous = time;
            assertThat(event.get("status").isInt()).isTrue();
            assertThat(event.get("request_time").isNumber()).isTrue();
            assertThat(event.get("request").asText()).matches("[A-Z]+ /\\S* HTTP/\\d\\.\\d");
            errors += event.get("status").asInt() >= 400 ? 1 : 0;
        }
        assertThat(errors).isPositive();
    }

    @Test
    void syslogLinesAreRfc3164WithSpacePaddedDays() throws IOException {
        List<Matcher> lines =
                match(
                        GeneratedFormat.SYSLOG,
                        Pattern.compile(
                                "(?<time>[A-Z][a-z]{2} [ 1-3]\\d \\d{2}:\\d{2}:\\d{2})"
                                        + " (?<host>[\\w-]+) (?<program>[\\w/()-]+)"
                                        + "(?<pid>\\[\\d+\\])?: (?<message>.+)"));
        assertThat(lines).anyMatch(m -> m.group("time").matches("Mar  \\d .*"));
        assertThat(lines).anyMatch(m -> m.group("pid") == null);
        assertThat(lines).anyMatch(m -> m.group("pid") != null);
        DateTimeFormatter syslogTime =
                DateTimeFormatter.ofPattern("yyyy MMM ppd HH:mm:ss", Locale.ENGLISH);
        assertNonDecreasing(
                lines,
                m ->
                        LocalDateTime.parse("2026 " + m.group("time"), syslogTime)
                                .atOffset(ZoneOffset.UTC));
    }

    @Test
    void log4jEventsAreIso8601LinesWithStackTracesBetween() throws IOException {
        Pattern event =
                Pattern.compile(
                        "(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2},\\d{3})"
                                + " (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \\[.+\\] [\\w.$]+: .*");
        Pattern traceLine =
                Pattern.compile(
                        "(\\tat [\\w.$/]+\\([\\w.]+:\\d+\\)|Caused by: [\\w.]+: .+"
                                + "|\\t\\.\\.\\. \\d+ more|[a-z]+(\\.\\w+)+(Exception|Error): .+)");
        List<Matcher> events = new ArrayList<>();
        int traceLines = 0;
        int causes = 0;
        for (String line : lines(GeneratedFormat.LOG4J)) {
            Matcher m = event.matcher(line);
            if (m.matches()) {
                events.add(m);
            } else {
                assertThat(line).matches(traceLine);
                traceLines++;
                causes += line.startsWith("Caused by: ") ? 1 : 0;
            }
        }
        assertThat(traceLines).isPositive();
        assertThat(causes).isPositive();
        assertThat(events).hasSizeGreaterThan(10 * traceLines / 100);
        DateTimeFormatter log4jTime = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS");
        assertNonDecreasing(
                events,
                m -> LocalDateTime.parse(m.group("time"), log4jTime).atOffset(ZoneOffset.UTC));
    }

    /** Access logs: IPv4 and IPv6 clients, query strings and %-encoding, errors and no-body. */
    private static void assertVariedTraffic(List<Matcher> lines) {
        assertThat(lines).anyMatch(m -> m.group("client").contains(":"));
        assertThat(lines).anyMatch(m -> m.group("client").matches("\\d+\\.\\d+\\.\\d+\\.\\d+"));
        assertThat(lines).anyMatch(m -> m.group("path").matches(".*\\?.*%[0-9A-F]{2}.*"));
        assertThat(lines).anyMatch(m -> m.group("bytes").equals("-"));
        assertThat(lines).anyMatch(m -> m.group("referrer").equals("-"));
        assertThat(lines).anyMatch(m -> m.group("status").startsWith("4"));
        assertThat(lines).anyMatch(m -> m.group("status").startsWith("5"));
        assertThat(lines.stream().map(m -> m.group("method")).distinct()).hasSizeGreaterThan(3);
        assertThat(lines.stream().map(m -> m.group("agent")).distinct()).hasSizeGreaterThan(5);
        assertThat(lines.stream().map(m -> m.group("client")).distinct())
                .hasSizeGreaterThan(lines.size() / 20);
    }

    private interface TimeOf {
        OffsetDateTime of(Matcher line);
    }

    private static void assertNonDecreasing(List<Matcher> lines, TimeOf timeOf) {
        OffsetDateTime previous = timeOf.of(lines.get(0));
        for (Matcher line : lines) {
            OffsetDateTime time = timeOf.of(line);
            assertThat(time).isAfterOrEqualTo(previous);
            previous = time;
        }
        assertThat(previous).isAfter(timeOf.of(lines.get(0)));
    }

    private static List<Matcher> match(GeneratedFormat format, Pattern pattern) throws IOException {
        List<Matcher> matched = new ArrayList<>();
        for (String line : lines(format)) {
            Matcher m = pattern.matcher(line);
            assertThat(m.matches()).as("%s line %s", format, line).isTrue();
            matched.add(m);
        }
        return matched;
    }

    private static List<String> lines(GeneratedFormat format) throws IOException {
        byte[] bytes = LogGeneratorTest.generate(format, 4 << 20, 11);
        return List.of(new String(bytes, StandardCharsets.UTF_8).split("\n"));
    }
}
