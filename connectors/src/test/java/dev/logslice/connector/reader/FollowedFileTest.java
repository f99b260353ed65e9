package dev.logslice.connector.reader;

import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Named cases of a followed file, on the in-memory file system with its own clock. */
class FollowedFileTest {
    private static final Path LOG = Path.of("/logs/app.log");
    private static final long TIMEOUT_MILLIS = 5_000;

    private final MemoryFollowView files = new MemoryFollowView();
    private final List<String> lines = new ArrayList<>();

    @Test
    void aLastLineWithoutLfWaitsForTheTimeoutAndWhatFollowsIsANewLine() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        FollowedFile followed = follow(log, 0, Fingerprint.NONE);
        append(log, "first\nsecond, cut");

        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        files.advanceMillis(TIMEOUT_MILLIS - 1);
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        assertThat(lines).containsExactly("first");

        files.advanceMillis(1);
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        append(log, " here\nthird\n");
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("first", "second, cut", " here", "third");
    }

    @Test
    void aFileRenamedAwayIsReadToItsEndAndLetGoOnceIdle() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        FollowedFile followed = follow(log, 0, Fingerprint.NONE);
        append(log, "before\n");
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        files.rename(LOG, LOG.resolveSibling("app.log.1"));
        files.create(LOG);
        append(log, "written on into the renamed file\n");

        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        assertThat(followed.isDone()).isFalse();
        files.advanceMillis(TIMEOUT_MILLIS);
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("before", "written on into the renamed file");
        assertThat(followed.isDone()).isTrue();
    }

    @Test
    void aFileTruncatedInPlaceIsReadAgainFromItsStartAndCounted() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        FollowedFile followed = follow(log, 0, Fingerprint.NONE);
        append(log, "a long line before the truncation\n");
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        files.truncate(log);
        append(log, "after\n");

        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("a long line before the truncation", "after");
        assertThat(followed.truncations()).isOne();
    }

    @Test
    void restoredAndThenTruncatedToLessThanItWasButPastTheOffsetItIsReadAgain() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        append(log, "first\nsecond line\n");
        FollowedFile restored = follow(log, 6, Fingerprint.NONE);
        // copytruncate before the first poll: no bytes read yet to compare, only the size tells.
        files.truncate(log);
        append(log, "first\nnew\n");

        restored.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("first", "new");
        assertThat(restored.truncations()).isOne();
    }

    @Test
    void aFileTruncatedAndWrittenAgainToTheSameSizeIsReadAgain() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        FollowedFile followed = follow(log, 0, Fingerprint.NONE);
        append(log, "a line of nineteen\n");
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        // Read alone, this LF is all the reader's window holds once its lines are out.
        append(log, "\n");
        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);
        files.truncate(log);
        append(log, "line number twenty.\n");

        followed.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("a line of nineteen", "", "line number twenty.");
        assertThat(followed.truncations()).isOne();
    }

    @Test
    void restoredWhereANewFileHasTheOldOnesIdentityItIsLetGo() throws IOException {
        MemoryFollowView.Inode old = files.create(LOG);
        append(old, "old content\n");
        byte[] start = "old content\n".getBytes(StandardCharsets.UTF_8);
        Fingerprint head = Fingerprint.of(start, start.length);
        // The old file deleted while the job was down, and the new file given its inode: the
        // in-memory file system stands in by writing other bytes under the same inode.
        files.truncate(old);
        append(old, "new content, longer than the old\n");

        FollowedFile restored = follow(old, start.length, head);
        restored.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(restored.isDone()).isTrue();
        assertThat(lines).isEmpty();
    }

    @Test
    void restoredFromACheckpointItGoesOnAtTheOffsetUnderTheFilesNewName() throws IOException {
        MemoryFollowView.Inode log = files.create(LOG);
        append(log, "read before\n");
        byte[] start = "read before\n".getBytes(StandardCharsets.UTF_8);
        files.rename(LOG, LOG.resolveSibling("app.log.1"));
        append(log, "after the restart\n");

        FollowedFile restored = follow(log, start.length, Fingerprint.of(start, start.length));
        restored.poll(line -> lines.add(line.toUtf8String()), () -> {}, 4096);

        assertThat(lines).containsExactly("after the restart");
    }

    private FollowedFile follow(MemoryFollowView.Inode inode, long offset, Fingerprint head)
            throws IOException {
        LogFileSplit split =
                LogFileSplit.following(
                        "1",
                        new FileSegment(
                                new org.apache.flink.core.fs.Path(LOG.toUri()), 0, 0, 0, 0, null),
                        inode.identity,
                        head,
                        offset);
        return FollowedFile.open(split, files, 4096, 1 << 20, TIMEOUT_MILLIS * 1_000_000, null);
    }

    private void append(MemoryFollowView.Inode inode, String text) {
        files.append(inode, text.getBytes(StandardCharsets.UTF_8));
    }
}
