package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code parse --follow --checkpoint-dir --out} through the launcher while two Spring Boot logs
 * grow at once, their events with stack traces written in appends cut mid-line: the process is
 * killed (SIGKILL) while events are being written and started again, then stopped with SIGTERM;
 * {@code --out} holds each log's events once, in file order, each with its whole trace, the last
 * ones written out after the event timeout though no event follows them.
 */
class ParseFollowMultiLineITCase extends FollowRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyEventOnceWithItsTraceAcrossAKill() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        List<Path> files = List.of(logs.resolve("a.log"), logs.resolve("b.log"));
        Path out = dir.resolve("events.jsonl");
        Path checkpoints = dir.resolve("checkpoints");
        SpringBootLogWriter writer = new SpringBootLogWriter(files);
        writer.writeNext(); // there before the run, read from the start
        runs =
                new FollowRuns(
                        dir,
                        checkpoints,
                        "parse",
                        "--follow",
                        "--from-start",
                        "--format",
                        "spring-boot",
                        "--fields",
                        "file,message",
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "--out",
                        out.toString(),
                        "-p",
                        "2",
                        logs.toString());

        runs.start();
        // Alone in its file, each first event comes out once the file is quiet.
        runs.await("the first events", () -> FollowRuns.lines(out).size() == 2);
        writer.start();
        Instant started = Instant.now();
        runs.await(
                "a checkpoint, and more events",
                () ->
                        runs.latestCheckpoint().isAfter(started)
                                && FollowRuns.lines(out).size() > 200);
        runs.kill();
        runs.start();
        int afterKill = writer.written();
        runs.await("events after the kill", () -> FollowRuns.lines(out).size() > afterKill + 200);
        writer.stopWriting();
        runs.await("every event", () -> FollowRuns.lines(out).size() >= writer.written());
        runs.stop();

        for (int i = 0; i < files.size(); i++) {
            assertThat(messagesOf(out, files.get(i)))
                    .as("the events of %s", files.get(i))
                    .containsExactlyElementsOf(writer.messages(i));
        }
        assertThat(FollowRuns.lines(out)).hasSize(writer.written());
        System.out.printf(
                "ParseFollowMultiLineITCase: %d events with their traces written to 2 logs, each"
                        + " once in --out across a kill%n",
                writer.written());
    }

    /** The messages of the events of {@code file} in --out, in order; none malformed. */
    private static List<String> messagesOf(Path out, Path file) {
        List<String> messages = new ArrayList<>();
        for (String line : FollowRuns.lines(out)) {
            try {
                JsonNode event = JSON.readTree(line);
                assertThat(event.has("malformed")).as(line).isFalse();
                if (event.get("file").asText().equals(file.toString())) {
                    messages.add(event.get("message").asText());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return messages;
    }
}
