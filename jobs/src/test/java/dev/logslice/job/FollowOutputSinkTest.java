package dev.logslice.job;

import org.apache.flink.core.io.SimpleVersionedSerialization;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
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

    /** As batch grep's lines: each of an event's lines after its file's name as given. */
    @Test
    void eachLineOfAnEventAfterItsFilesName() throws Exception {
        Path out = dir.resolve("out.txt");
        try (FollowOutputSink.Writer writer =
                FollowOutputSink.toFile(out, 1 << 20)
                        .writing(named(null), name -> "given/" + name.substring(5))
                        .createWriter(null)) {
            writer.write(event("file:/var/log/app.log", "ERROR x\n", "\tat y\r\n"), null);
            writer.write(event("file:/var/log/b.log", "ERROR z\n"), null);
        }
        assertThat(out)
                .hasContent(
                        "given//var/log/app.log:ERROR x\ngiven//var/log/app.log:\tat y\r\n"
                                + "given//var/log/b.log:ERROR z\n");
    }

    /**
     * In colour on a terminal, a name is magenta and its {@code :} cyan, as GNU grep's; what in it
     * would drive the terminal is shown escaped, as batch grep shows it.
     */
    @Test
    void aColouredNameOnATerminalIsEscaped() throws Exception {
        Path out = dir.resolve("out.txt");
        GrepColors colours = new GrepColors(LinePattern.compile("ERROR", 0), true);
        try (FollowOutputSink.Writer writer =
                FollowOutputSink.toFile(out, 1 << 20)
                        .writing(named(colours), name -> name)
                        .createWriter(null)) {
            writer.write(event("a\u001b]0;owned\u0007.log", "no match\n"), null);
        }
        assertThat(out)
                .hasContent(
                        "\u001b[35m\u001b[Ka\\x1b]0;owned\\x07.log\u001b[m\u001b[K"
                                + "\u001b[36m\u001b[K:\u001b[m\u001b[Kno match\n");
    }

    private static GrepOptions named(GrepColors colours) {
        return new GrepOptions(false, -1, false, false, false, false, true, -1, -1, false, colours);
    }

    /** A selected event of {@code file} as the decoders send it with names asked: line ends. */
    private static GrepMatch event(String file, String... lines) {
        GrepMatch match = new GrepMatch("split", String.join("", lines).getBytes(UTF_8), 0);
        match.file = file;
        match.eventLineEnds = new int[lines.length];
        for (int i = 0, end = 0; i < lines.length; i++) {
            end += lines[i].getBytes(UTF_8).length;
            match.eventLineEnds[i] = end;
        }
        return match;
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
