package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow --level error --checkpoint-dir --out} through the launcher while two Spring
 * Boot logs of a folder grow at once, their events with stack traces written in appends cut
 * mid-line, the process killed (SIGKILL) while they grow and started again: once stopped, each
 * log's events in {@code --out} are what a batch {@code grep} with the same options writes for the
 * folder's final content, each once and whole, every line after its file's name, though the regex
 * matches a trace line only.
 */
class GrepFollowEventsITCase extends FollowRunsTest {
    private static final List<String> FILTERS =
            List.of("--format", "spring-boot", "--level", "error");

    /** In the traces of the events with 4 or more frames only. */
    private static final String REGEX = "Step3";

    @Test
    void eachSelectedEventOnceAndWholeAcrossAKill() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        List<Path> files = List.of(logs.resolve("a.log"), logs.resolve("b.log"));
        Path out = dir.resolve("selected.log");
        Path checkpoints = dir.resolve("checkpoints");
        SpringBootLogWriter writer = new SpringBootLogWriter(files);
        writer.writeNext(); // there before the run, read from the start
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "grep",
                                "--follow",
                                "--from-start",
                                "--event-timeout",
                                "500ms",
                                "--checkpoint-dir",
                                checkpoints.toString(),
                                "--out",
                                out.toString(),
                                "-p",
                                "2"));
        args.addAll(FILTERS);
        args.addAll(List.of(REGEX, logs.toString()));
        runs = new FollowRuns(dir, checkpoints, args.toArray(String[]::new));

        runs.start();
        writer.start();
        Instant started = Instant.now();
        runs.await(
                "a checkpoint, and events",
                () -> runs.latestCheckpoint().isAfter(started) && headers(out) > 50);
        runs.kill();
        runs.start();
        int afterKill = headers(out);
        runs.await("events after the kill", () -> headers(out) > afterKill + 50);
        writer.stopWriting();
        // A last selected event in each log: once both are out, so is every event before them.
        for (Path file : files) {
            Files.writeString(file, lastEvent(file), StandardOpenOption.APPEND);
        }
        runs.await(
                "the last events",
                () ->
                        files.stream()
                                .allMatch(
                                        file ->
                                                written(out)
                                                        .contains(
                                                                GrepRun.named(
                                                                        file.toString(),
                                                                        lastEvent(file)))));
        runs.stop();

        String expected = new String(GrepRun.of(dir, FILTERS, REGEX, logs).output(), UTF_8);
        String followed = Files.readString(out);
        for (Path file : files) {
            // The files' events interleave as they come: each file's in order.
            String name = file.toString() + ":";
            assertThat(GrepRun.linesStartingWith(followed, name))
                    .as("the events of %s", file)
                    .isEqualTo(GrepRun.linesStartingWith(expected, name));
        }
        int events = headers(expected);
        assertThat(headers(out)).isEqualTo(events);
        System.out.printf(
                "GrepFollowEventsITCase: %d of %d events selected with their traces, each once"
                        + " in --out across a kill, as batch grep selects them%n",
                events, writer.written());
    }

    /**
     * A single-line format: each line judged as it comes, what batch grep selects, and a line that
     * is no event counted on stderr as batch grep counts it.
     */
    @Test
    void accessLogLinesAsBatchGrepSelectsThem() throws Exception {
        Path log = accessLogWithOneLine();
        Path out = dir.resolve("selected.log");
        FollowRuns.AccessLogWriter writer = new FollowRuns.AccessLogWriter(log);
        writer.writeNext(100);
        List<String> filters = List.of("--format", "combined", "--status", "4xx");
        List<String> args =
                new ArrayList<>(
                        List.of("grep", "--follow", "--from-start", "--out", out.toString()));
        args.addAll(filters);
        args.addAll(List.of("GET", log.getParent().toString()));
        runs = new FollowRuns(dir, dir.resolve("unused"), args.toArray(String[]::new));
        runs.start();
        runs.await("the first lines", () -> !FollowRuns.lines(out).isEmpty());
        Files.writeString(log, "no access log line\n", StandardOpenOption.APPEND);
        writer.writeNext(200);
        String last = FollowRuns.AccessLogWriter.line(7_000); // a 404, after all others
        Files.writeString(log, last + "\n", StandardOpenOption.APPEND);
        runs.await("the last line", () -> FollowRuns.lines(out).contains(log + ":" + last));
        runs.stop();

        // A folder: its lines named as batch grep names them.
        assertThat(Files.readString(out))
                .isEqualTo(
                        new String(
                                GrepRun.of(dir, filters, "GET", log.getParent()).output(), UTF_8));
        assertThat(runs.stderr(1).lines())
                .contains("logslice: malformed lines left out (no combined events): 1");
    }

    /** The events selected so far: each starts with a header line. */
    private static int headers(Path out) {
        return headers(written(out));
    }

    private static String written(Path out) {
        return String.join("\n", FollowRuns.completeLines(out)) + "\n";
    }

    /** An event that passes the filters, written after all others. */
    private static String lastEvent(Path log) {
        return "2026-12-07T10:00:00.000Z ERROR 4242 --- [shop] [           main] c.s.Checkout"
                + "                             : the last order of "
                + log.getFileName()
                + "\njava.lang.IllegalStateException: last\n\tat com.shop.Step3.run(Step.java:13)\n";
    }

    /** The headers in grep's output: lines after a file's name and a {@code :}. */
    private static int headers(String text) {
        return (int) text.lines().filter(line -> line.contains(".log:2026-")).count();
    }
}
