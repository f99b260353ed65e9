package dev.logslice.job;

import org.apache.flink.core.io.SimpleVersionedSerialization;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The output of {@code grep --follow --out}: a restore cuts what was written after the checkpoint,
 * which the source then reads again.
 */
class FollowOutputSinkTest {
    @TempDir Path dir;

    @Test
    void aRestoreCutsWhatWasWrittenAfterTheCheckpointAndAppends() throws Exception {
        Path out = dir.resolve("out.txt");
        FollowOutputSink sink = FollowOutputSink.toFile(out, 1 << 20);
        FollowOutputSink.Writer first = sink.createWriter(null);
        write(first, "one\n", "two\n");
        List<Long> checkpoint = first.snapshotState(1);
        write(first, "three, after the checkpoint\n");
        // The process dies: the writer is never closed.
        assertThat(out).hasContent("one\ntwo\nthree, after the checkpoint\n");

        try (FollowOutputSink.Writer restored =
                sink.restoreWriter(null, roundTrip(sink, checkpoint))) {
            assertThat(out).hasContent("one\ntwo\n");
            write(restored, "three, again\n");
            assertThat(restored.snapshotState(2)).containsExactly(Files.size(out));
        }
        assertThat(out).hasContent("one\ntwo\nthree, again\n");
        first.close();
    }

    @Test
    void aFirstRunWritesTheFileAfresh() throws Exception {
        Path out = Files.writeString(dir.resolve("out.txt"), "from an earlier run\n");
        try (FollowOutputSink.Writer writer =
                FollowOutputSink.toFile(out, 1 << 20).createWriter(null)) {
            write(writer, "new\n");
        }
        assertThat(out).hasContent("new\n");
    }

    @Test
    void refusesAFileShorterThanAtTheCheckpoint() throws Exception {
        Path out = Files.writeString(dir.resolve("out.txt"), "cut by someone\n");
        FollowOutputSink sink = FollowOutputSink.toFile(out, 1 << 20);
        assertThatThrownBy(() -> sink.restoreWriter(null, List.of(1_000L)))
                .hasMessageContaining("fewer than the 1000");
        assertThat(out).hasContent("cut by someone\n");
    }

    private static List<Long> roundTrip(FollowOutputSink sink, List<Long> lengths)
            throws IOException {
        byte[] bytes =
                SimpleVersionedSerialization.writeVersionAndSerialize(
                        sink.getWriterStateSerializer(), lengths.get(0));
        return List.of(
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        sink.getWriterStateSerializer(), bytes));
    }

    private static void write(FollowOutputSink.Writer writer, String... lines) throws IOException {
        for (String line : lines) {
            writer.write(new GrepMatch("split", line.getBytes(StandardCharsets.UTF_8), 0), null);
        }
    }
}
