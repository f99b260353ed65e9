package dev.logslice.cli;

import dev.logslice.cli.FollowRuns.AccessLogWriter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats --follow} and {@code scan --follow} through the launcher while a writer appends to
 * an access log, or to two Spring Boot logs of multi-line events: their counts grow at each refresh
 * and end at the lines and events written, counted by the test; a stats run killed and started
 * again from {@code --checkpoint-dir} counts on from its checkpoint, and one stopped by SIGTERM
 * writes its last report.
 */
class StatsFollowITCase extends FollowRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void reportsGrowToTheLinesWrittenAcrossAKillAndAStop() throws Exception {
        Path log = accessLogWithOneLine();
        Path logs = log.getParent();
        Path reports = dir.resolve("reports.jsonl");
        Path html = dir.resolve("report.html");
        Path csv = dir.resolve("csv");
        Path checkpoints = dir.resolve("checkpoints");
        runs =
                new FollowRuns(
                        dir,
                        checkpoints,
                        "stats",
                        "--follow",
                        "--from-start",
                        "--format",
                        "combined",
                        "--refresh",
                        "500ms",
                        "--json-lines",
                        reports.toString(),
                        "--html",
                        html.toString(),
                        "--csv",
                        csv.toString(),
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "-p",
                        "2",
                        logs.toString());
        AccessLogWriter writer = new AccessLogWriter(log);

        runs.start();
        // From the start: the line there before is counted first.
        runs.await("the line there before", () -> lastLines(reports) == 1);
        writer.start();
        runs.await("reports that grow", () -> lastLines(reports) > 300);
        long counted = lastLines(reports);
        Instant seen = Instant.now();
        runs.await("a checkpoint after", () -> runs.latestCheckpoint().isAfter(seen));
        runs.kill();
        int reportsBefore = FollowRuns.completeLines(reports).size();
        runs.start();
        runs.await(
                "a report of the new run",
                () -> FollowRuns.completeLines(reports).size() > reportsBefore);
        assertThat(lines(FollowRuns.completeLines(reports).get(reportsBefore)))
                .as("the first report of the resumed run counts on from its checkpoint")
                .isGreaterThanOrEqualTo(counted);
        runs.await("more lines", () -> lastLines(reports) > counted + 300);
        writer.stopWriting();
        runs.await("every line written", () -> lastLines(reports) == writer.written() + 1);
        runs.stop(); // SIGTERM: a savepoint, the last report, exit 0
        assertLast(reports, log, writer.written());
        assertThat(html).content().contains("<html").contains("/n/");

        // Lines written while stopped are counted on from the savepoint, once.
        writer.writeNext(20);
        runs.start();
        runs.await(
                "the lines written while stopped",
                () -> lastLines(reports) == writer.written() + 1);
        runs.stop();
        assertLast(reports, log, writer.written());
        assertThat(csv.resolve("summary.csv"))
                .as("--csv rewritten at the last report")
                .content()
                .contains("lines," + (writer.written() + 1) + "\r\n");
        List<Long> counts =
                FollowRuns.completeLines(reports).stream().map(StatsFollowITCase::lines).toList();
        System.out.printf(
                "StatsFollowITCase: %d lines written, %d reports from 1 to %d lines, across a kill"
                        + " and 2 stops%n",
                writer.written() + 1, counts.size(), counts.get(counts.size() - 1));
    }

    /**
     * Two Spring Boot logs grow at once, their events' stack traces cut mid-line over appends: the
     * report counts each event once with all its lines, across a kill while events are held; the
     * last events, which no event follows, once their files are quiet for the event timeout.
     */
    @Test
    void javaLogsCountEachEventOnceWithItsTraceAcrossAKill() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        List<Path> files = List.of(logs.resolve("a.log"), logs.resolve("b.log"));
        Path reports = dir.resolve("reports.jsonl");
        Path checkpoints = dir.resolve("checkpoints");
        SpringBootLogWriter writer = new SpringBootLogWriter(files);
        writer.writeNext(); // there before the run, read from the start
        runs =
                new FollowRuns(
                        dir,
                        checkpoints,
                        "stats",
                        "--follow",
                        "--from-start",
                        "--format",
                        "spring-boot",
                        "--refresh",
                        "500ms",
                        "--json-lines",
                        reports.toString(),
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "-p",
                        "2",
                        logs.toString());

        runs.start();
        runs.await("the first events, alone in their files", () -> lastEvents(reports) == 2);
        writer.start();
        runs.await("reports that grow", () -> lastEvents(reports) > 300);
        Instant seen = Instant.now();
        runs.await("a checkpoint after", () -> runs.latestCheckpoint().isAfter(seen));
        runs.kill();
        runs.start();
        int afterKill = writer.written();
        runs.await("events after the kill", () -> lastEvents(reports) > afterKill + 200);
        writer.stopWriting();
        runs.await("every event written", () -> lastEvents(reports) == writer.written());
        runs.stop();

        int perLog = writer.written() / files.size();
        long lines = 0;
        long errors = 0;
        for (Path file : files) {
            for (int n = 0; n < perLog; n++) {
                List<String> event = SpringBootLogWriter.lines(n, file.getFileName().toString());
                lines += event.size();
                errors += event.get(0).contains(" ERROR ") ? 1 : 0;
            }
        }
        JsonNode last = lastReport(reports);
        assertThat(last.get("events").asLong()).isEqualTo(writer.written());
        assertThat(last.get("lines").asLong()).isEqualTo(lines);
        assertThat(last.get("malformed").asLong()).isZero();
        assertThat(last.get("levels").get("ERROR").asLong()).isEqualTo(errors);
        assertThat(last.get("levels").get("INFO").asLong()).isEqualTo(writer.written() - errors);
        System.out.printf(
                "StatsFollowITCase: %d Spring Boot events (%d lines) in 2 logs, each counted once"
                        + " across a kill%n",
                writer.written(), lines);
    }

    private static long lastEvents(Path reports) {
        List<String> lines = FollowRuns.completeLines(reports);
        return lines.isEmpty() ? 0 : tree(lines.get(lines.size() - 1)).get("events").asLong();
    }

    @Test
    void scanCountsGrowToTheLinesWritten() throws Exception {
        Path log = accessLogWithOneLine();
        Path logs = log.getParent();
        runs =
                new FollowRuns(
                        dir,
                        dir.resolve("none"),
                        "scan",
                        "--follow",
                        "--from-start",
                        "--refresh",
                        "200ms",
                        "-p",
                        "2",
                        logs.toString());
        AccessLogWriter writer = new AccessLogWriter(log);
        runs.start();
        Path stdout = runs.stdoutFile(1);
        // From the start: the line there before is counted first.
        runs.await("a first count", () -> last(FollowRuns.lines(stdout)).startsWith("lines 1 "));
        writer.start();
        runs.await("counts that grow", () -> FollowRuns.lines(stdout).size() >= 3);
        writer.stopWriting();
        long bytes =
                IntStream.range(-1, writer.written())
                        .mapToLong(n -> AccessLogWriter.line(n).length() + 1)
                        .sum();
        String expected = String.format("lines %,d (+", writer.written() + 1);
        runs.await("every line", () -> last(FollowRuns.lines(stdout)).startsWith(expected));
        runs.stop();
        List<String> printed = FollowRuns.lines(stdout);
        assertThat(last(printed))
                .matches(
                        String.format(
                                "lines %,d \\(\\+[0-9,]+\\), bytes %,d \\([0-9.]+ [KM]iB\\)",
                                writer.written() + 1, bytes));
        assertThat(printed.stream().map(StatsFollowITCase::scanLines).toList())
                .as("counts only grow")
                .isSorted();
    }

    private static String last(List<String> lines) {
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    private static long scanLines(String printed) {
        return Long.parseLong(printed.replaceAll("^lines ([0-9,]+) .*", "$1").replace(",", ""));
    }

    /**
     * The lines, events and status counts of the last report, and its file, are those of the lines
     * written.
     */
    private static void assertLast(Path reports, Path log, int written) {
        JsonNode last = lastReport(reports);
        assertThat(last.get("lines").asLong()).isEqualTo(written + 1);
        JsonNode section = last.get("formats").get(0);
        assertThat(last.get("formats")).hasSize(1);
        assertThat(section.get("format").asText()).isEqualTo("combined");
        assertThat(section.get("files")).hasSize(1);
        assertThat(section.get("files").get(0).asText()).isEqualTo(log.toString());
        assertThat(section.get("lines").asLong()).isEqualTo(written + 1);
        assertThat(last.get("events").asLong()).isEqualTo(written + 1);
        Map<String, Long> status = new TreeMap<>();
        last.get("status")
                .fields()
                .forEachRemaining(e -> status.put(e.getKey(), e.getValue().asLong()));
        Map<String, Long> expected =
                IntStream.range(-1, written)
                        .mapToObj(n -> String.valueOf(AccessLogWriter.status(n)))
                        .collect(
                                Collectors.groupingBy(
                                        Function.identity(), TreeMap::new, Collectors.counting()));
        assertThat(status).isEqualTo(expected);
    }

    private static long lastLines(Path reports) {
        List<String> lines = FollowRuns.completeLines(reports);
        return lines.isEmpty() ? 0 : lines(lines.get(lines.size() - 1));
    }

    private static JsonNode lastReport(Path reports) {
        List<String> lines = FollowRuns.completeLines(reports);
        return tree(lines.get(lines.size() - 1));
    }

    private static long lines(String report) {
        return tree(report).get("lines").asLong();
    }

    private static JsonNode tree(String report) {
        try {
            return JSON.readTree(report);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
