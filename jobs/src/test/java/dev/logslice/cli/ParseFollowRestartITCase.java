package dev.logslice.cli;

import dev.logslice.cli.FollowRuns.AccessLogWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code parse --follow --checkpoint-dir --out} through the launcher while a writer appends to an
 * access log: the process is killed (SIGKILL) and started again, then stopped with SIGTERM (a
 * savepoint), then started again after lines were written while it was stopped; {@code --out} holds
 * the event of every line written, once, in file order.
 */
class ParseFollowRestartITCase extends FollowRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void outHoldsEveryEventOnceInFileOrderAcrossAKillAndAStop() throws Exception {
        Path log = accessLogWithOneLine();
        Path logs = log.getParent();
        Path out = dir.resolve("events.jsonl");
        Path checkpoints = dir.resolve("checkpoints");
        runs =
                new FollowRuns(
                        dir,
                        checkpoints,
                        "parse",
                        "--follow",
                        "--format",
                        "combined",
                        "--fields",
                        "path,status",
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "--out",
                        out.toString(),
                        "-p",
                        "2",
                        logs.toString());
        AccessLogWriter writer = new AccessLogWriter(log);

        runs.start();
        // The job has listed the file, from its end: a line appended now comes out.
        runs.await("a first checkpoint", () -> runs.latestCheckpoint().isAfter(Instant.EPOCH));
        writer.writeNext(1);
        runs.await("the first event", () -> FollowRuns.lines(out).size() == 1);
        writer.start();
        Instant started = Instant.now();
        runs.await(
                "a checkpoint, and more events",
                () ->
                        runs.latestCheckpoint().isAfter(started)
                                && FollowRuns.lines(out).size() > 100);
        runs.kill();
        runs.start();
        int afterKill = writer.written();
        runs.await("events after the kill", () -> FollowRuns.lines(out).size() > afterKill + 100);
        writer.stopWriting();
        awaitAll(runs, out, writer.written());
        runs.stop(); // SIGTERM: a savepoint, then exit 0
        assertThat(numbers(out)).isEqualTo(upTo(writer.written()));

        // Lines written while stopped are read from the savepoint's offsets, once.
        writer.writeNext(20);
        runs.start();
        awaitAll(runs, out, writer.written());
        runs.stop();
        assertThat(runs.stderr(runs.runs()))
                .contains("resuming from " + checkpoints.resolve("savepoint-"));
        assertThat(numbers(out)).isEqualTo(upTo(writer.written()));
        System.out.printf(
                "ParseFollowRestartITCase: %d lines written, each one event once in --out, across"
                        + " a kill and 2 stops%n",
                writer.written());
    }

    private static void awaitAll(FollowRuns runs, Path out, int written) throws IOException {
        runs.await("every event", () -> FollowRuns.lines(out).size() >= written);
    }

    /** The N of each event's path {@code /n/N}, in the order of --out. */
    private static List<Integer> numbers(Path out) {
        return FollowRuns.lines(out).stream()
                .map(
                        line -> {
                            try {
                                String path = JSON.readTree(line).get("path").asText();
                                return Integer.parseInt(path.substring("/n/".length()));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        })
                .toList();
    }

    private static List<Integer> upTo(int written) {
        return IntStream.range(0, written).boxed().toList();
    }
}
