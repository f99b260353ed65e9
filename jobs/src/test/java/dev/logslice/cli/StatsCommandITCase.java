package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice stats} against counts made here by a separate regex, at p=1, p=2 and with tiny
 * splits, on the real attack-traffic log and on generated data.
 */
class StatsCommandITCase {
    /** The status after the quoted request of a combined line, found independently. */
    private static final Pattern STATUS = Pattern.compile("\" (\\d{3}) (\\d+|-) \"");

    private static final Pattern PATH = Pattern.compile("\"[A-Z]+ ([^ ?\"]*)[^\"]* HTTP/[0-9.]+\"");

    @TempDir Path dir;

    /** Detection found no line because there was no file: the line says so, not "pass --format". */
    @ParameterizedTest
    @CsvSource({
        "stats,empty,directory %s holds no input files",
        "parse,empty,directory %s holds no input files",
        "stats,empty/*.log,input path %s matches no file",
        "sql,empty/*.log,input path %s matches no file"
    })
    void anInputWithNoFileIsNamedWhenTheFormatIsDetected(
            String command, String path, String message) throws IOException {
        Files.createDirectories(dir.resolve("empty"));
        String input = dir.resolve(path).toString();

        CliRun run =
                command.equals("sql")
                        ? CliRun.of("sql", "SELECT COUNT(*) FROM logs", input)
                        : CliRun.of(command, input);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines())
                .singleElement()
                .asString()
                .startsWith("logslice: " + String.format(message, input));
    }

    @ParameterizedTest
    @CsvSource({"1, 64m", "2, 64m", "2, 4k"})
    void realAccessLogTotalsMatchAnIndependentCount(int parallelism, String splitSize)
            throws IOException {
        check(RealLogs.file("hackers-access.log"), parallelism, splitSize);
    }

    @Test
    void generatedAccessLogTotalsMatchAnIndependentCount() throws IOException {
        Path log = dir.resolve("generated.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.COMBINED, 2_000_000, 11, log);

        check(log, 2, "16k");
    }

    /**
     * Blank lines (of spaces, tabs, a CR) between records, at split boundaries too, are counted as
     * blank and nothing else: a log with blank lines read "malformed" for each, a false alarm.
     */
    @ParameterizedTest
    @CsvSource({"1, 5", "2, 7", "2, 11"})
    void blankLinesAreCountedApartFromMalformedOnes(int parallelism, long seed) throws IOException {
        java.util.Random random = new java.util.Random(seed);
        String[] blanks = {"", " ", "\t", "  \t ", "\r"};
        StringBuilder text = new StringBuilder();
        long events = 0;
        long malformed = 0;
        long blank = 0;
        long lines = 0;
        for (int i = 0; i < 20_000; i++) {
            int kind = random.nextInt(20);
            if (kind == 0) {
                text.append(blanks[random.nextInt(blanks.length)]);
                blank++;
            } else if (kind == 1) {
                text.append(" x ").append(i);
                malformed++;
            } else {
                text.append(
                        String.format(
                                "10.0.%d.%d - - [06/Dec/2026:10:%02d:%02d +0000] \"GET /p/%d"
                                        + " HTTP/1.1\" 200 %d \"-\" \"curl/8\"",
                                i / 250 % 250,
                                i % 250,
                                i / 60 % 60,
                                i % 60,
                                random.nextInt(100),
                                i));
                events++;
            }
            text.append('\n');
            lines++;
        }
        Path log = Files.writeString(dir.resolve("blank-lines.log"), text);
        Path json = dir.resolve("blank.json");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        String.valueOf(parallelism),
                        "--format",
                        "combined",
                        "--split-size",
                        "4k",
                        "--json",
                        json.toString(),
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        assertThat(stats.get("lines").asLong()).isEqualTo(lines);
        assertThat(stats.get("events").asLong()).isEqualTo(events);
        assertThat(stats.get("malformed").asLong()).isEqualTo(malformed);
        assertThat(stats.get("blankLines").asLong()).isEqualTo(blank);
        assertThat(run.stdout()).contains(String.format(", blank %,d", blank));
    }

    /**
     * grep's field filters narrow the report: the panels count only the events that pass, the
     * others are counted as left out, and every line is still counted.
     */
    @Test
    void filtersNarrowTheReportToTheEventsThatPassAndCountTheRest() throws IOException {
        Path log = dir.resolve("generated.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.COMBINED, 1_000_000, 5, log);
        Map<String, Long> serverErrors = new TreeMap<>();
        long lines = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            lines++;
            Matcher matcher = STATUS.matcher(line);
            assertThat(matcher.find()).as(line).isTrue();
            if (matcher.group(1).startsWith("5")) {
                serverErrors.merge(matcher.group(1), 1L, Long::sum);
            }
        }
        long passed = serverErrors.values().stream().mapToLong(Long::longValue).sum();
        Path json = dir.resolve("stats.json");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        "2",
                        "--split-size",
                        "16k",
                        "--status",
                        "5xx",
                        "--json",
                        json.toString(),
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout())
                .contains(String.format("left out by the filters %,d events", lines - passed));
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        assertThat(passed).isPositive();
        assertThat(stats.get("lines").asLong()).isEqualTo(lines);
        assertThat(stats.get("events").asLong()).isEqualTo(passed);
        assertThat(stats.get("filteredEvents").asLong()).isEqualTo(lines - passed);
        assertThat(stats.get("commandLine").asText())
                .isEqualTo(
                        "logslice stats -p 2 --split-size 16k --status 5xx --json "
                                + json
                                + " "
                                + log);
        assertThat(stats.get("malformed").asLong()).isZero();
        assertThat(statusCounts(stats)).isEqualTo(serverErrors);
    }

    private void check(Path log, int parallelism, String splitSize) throws IOException {
        Path json = dir.resolve("stats.json");
        Path html = dir.resolve("stats.html");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        splitSize,
                        "--buffer-size",
                        "4k",
                        "--quiet",
                        "--json",
                        json.toString(),
                        "--html",
                        html.toString(),
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        Map<String, Long> status = new TreeMap<>();
        Map<String, Long> paths = new HashMap<>();
        long lines = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            lines++;
            Matcher matcher = STATUS.matcher(line);
            assertThat(matcher.find()).as(line).isTrue();
            status.merge(matcher.group(1), 1L, Long::sum);
            Matcher path = PATH.matcher(line);
            if (path.find()) {
                paths.merge(path.group(1), 1L, Long::sum);
            }
        }
        assertThat(stats.get("lines").asLong()).isEqualTo(lines);
        assertThat(stats.get("events").asLong()).isEqualTo(lines);
        assertThat(stats.get("malformed").asLong()).isZero();
        assertThat(stats.get("bytes").asLong()).isEqualTo(Files.size(log));
        assertThat(statusCounts(stats)).isEqualTo(status);
        JsonNode topPath = stats.get("topPaths").get(0);
        long mostRequests = paths.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(topPath.get("count").asLong()).isEqualTo(mostRequests);
        assertThat(paths.get(topPath.get("value").asText())).isEqualTo(mostRequests);
        long timelineEvents = 0;
        for (JsonNode bucket : stats.get("timeline")) {
            timelineEvents += bucket.get("events").asLong();
        }
        assertThat(timelineEvents).isEqualTo(lines);
        assertThat(Files.readString(html))
                .contains("<svg")
                .containsOnlyOnce("<script")
                .contains("Content-Security-Policy");
    }

    /** The report's status counts, by code. */
    private static Map<String, Long> statusCounts(JsonNode stats) {
        Map<String, Long> counts = new TreeMap<>();
        stats.get("status")
                .fields()
                .forEachRemaining(e -> counts.put(e.getKey(), e.getValue().asLong()));
        return counts;
    }
}
