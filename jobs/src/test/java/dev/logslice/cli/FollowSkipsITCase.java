package dev.logslice.cli;

import dev.logslice.cli.FollowRuns.AccessLogWriter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing is skipped silently in follow mode: a line longer than {@code --max-line-length} appended
 * to a followed file (whose split never ends, so no split report counts it) and a cut archive
 * appearing in a followed folder are told by each command as its batch run tells them: grep on
 * stderr, scan in its counts and on stderr, stats in its report.
 */
class FollowSkipsITCase extends FollowRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String OVERSIZED_NOTE =
            "logslice: skipped 1 line longer than --max-line-length 1.0 KiB";

    @ParameterizedTest
    @ValueSource(strings = {"grep", "scan", "stats"})
    void anOversizedLineAndACutArchiveAreTold(String command) throws Exception {
        Path log = accessLogWithOneLine();
        Path logs = log.getParent();
        Path reports = dir.resolve("reports.jsonl");
        List<String> args =
                new ArrayList<>(
                        List.of(command, "--follow", "--from-start", "--max-line-length", "1k"));
        switch (command) {
            case "grep" -> args.add("GET");
            case "scan" -> args.addAll(List.of("--refresh", "200ms"));
            default ->
                    args.addAll(
                            List.of(
                                    "--format",
                                    "combined",
                                    "--refresh",
                                    "200ms",
                                    "--json-lines",
                                    reports.toString()));
        }
        args.add(logs.toString());
        runs = new FollowRuns(dir, dir.resolve("none"), args.toArray(String[]::new));
        runs.start();
        Path stdout = runs.stdoutFile(1);
        runs.await(
                "the line there before",
                () ->
                        command.equals("stats")
                                ? FollowRuns.completeLines(reports).size() > 0
                                : FollowRuns.completeLines(stdout).size() > 0);

        append(log, "GET " + "x".repeat(2000) + "\n" + AccessLogWriter.line(0) + "\n");
        Path archive = logs.resolve("access.log.2.gz");
        Files.write(archive, cutGzip());
        String damaged = "logslice: " + archive + ": the gzip stream ends early (truncated?)";

        switch (command) {
            case "grep" -> {
                runs.await("the notes", () -> stderrHas(OVERSIZED_NOTE) && stderrHas(damaged));
                runs.await(
                        "the line after",
                        // A folder: its lines after their file's name, as batch grep's.
                        () ->
                                FollowRuns.lines(stdout)
                                        .contains(log + ":" + AccessLogWriter.line(0)));
            }
            case "scan" -> {
                runs.await("the damaged archive", () -> stderrHas(damaged));
                runs.await(
                        "the oversized line in the counts",
                        () ->
                                last(FollowRuns.lines(stdout))
                                        .endsWith(", oversized 1 lines skipped"));
            }
            default ->
                    runs.await(
                            "a report of both",
                            () -> {
                                JsonNode last = lastReport(reports);
                                return last != null
                                        && last.get("oversized").asLong() == 1
                                        && last.get("damagedFiles").size() == 1;
                            });
        }
        runs.stop();
        assertThat(runs.stderr(1)).doesNotContain("skipped 2 lines");
    }

    private boolean stderrHas(String text) {
        try {
            return runs.stderr(1).lines().anyMatch(line -> line.startsWith(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode lastReport(Path reports) {
        List<String> lines = FollowRuns.completeLines(reports);
        try {
            return lines.isEmpty() ? null : JSON.readTree(lines.get(lines.size() - 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String last(List<String> lines) {
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** A rotated access log, compressed and cut in the middle, as a copy interrupted leaves it. */
    private static byte[] cutGzip() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int n = 1_000; n < 6_000; n++) {
            text.append(AccessLogWriter.line(n)).append('\n');
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(buffer)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] gzip = buffer.toByteArray();
        return Arrays.copyOf(gzip, gzip.length / 2);
    }
}
