package dev.logslice.job;

import org.apache.flink.configuration.StateRecoveryOptions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/** What {@code --checkpoint-dir} accepts, refuses, and resumes from. */
class CheckpointFolderTest {
    @TempDir Path tmp;

    @Test
    void aNewFolderIsCreatedAndHasNothingToResumeFrom() throws IOException {
        Path dir = tmp.resolve("ckpt");
        try (CheckpointFolder folder = CheckpointFolder.open(dir, "grep", "/out.txt")) {
            assertThat(folder.latestComplete()).isEmpty();
            assertThat(
                            folder.configuration(Optional.empty())
                                    .get(StateRecoveryOptions.SAVEPOINT_PATH))
                    .isNull();
        }
        assertThat(dir.resolve(CheckpointFolder.MARKER)).exists();
    }

    @Test
    void resumesFromTheNewestCompleteCheckpointOrSavepoint() throws IOException {
        Path dir = tmp.resolve("ckpt");
        CheckpointFolder.open(dir, "grep", "/out.txt").close();
        Path oldRun = metadata(dir.resolve("aaaa/chk-7"), 1_000);
        Path savepoint = metadata(dir.resolve("savepoint-aaaa-1"), 2_000);
        Path newRun = metadata(dir.resolve("bbbb/chk-9"), 3_000);
        // Taken later but not complete: no metadata yet.
        Files.createDirectories(dir.resolve("bbbb/chk-10"));
        Files.createDirectories(dir.resolve("bbbb/shared"));
        try (CheckpointFolder folder = CheckpointFolder.open(dir, "grep", "/out.txt")) {
            assertThat(folder.latestComplete()).contains(newRun);
            Files.setLastModifiedTime(
                    savepoint.resolve("_metadata"), FileTime.fromMillis(4_000)); // stopped after
            assertThat(folder.latestComplete()).contains(savepoint);
            assertThat(
                            folder.configuration(folder.latestComplete())
                                    .get(StateRecoveryOptions.SAVEPOINT_PATH))
                    .isEqualTo(savepoint.toUri().toString());
        }
        assertThat(oldRun).exists();
    }

    @Test
    void refusesTheFolderOfACommandWritingElsewhere() throws IOException {
        Path dir = tmp.resolve("ckpt");
        CheckpointFolder.open(dir, "grep", "/one.txt").close();
        assertThatThrownBy(() -> CheckpointFolder.open(dir, "grep", "/two.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another command")
                .hasMessageContaining("/one.txt")
                .hasMessageContaining("/two.txt");
    }

    @Test
    void refusesTheFolderOfAnotherCommandWritingToTheSameFile() throws IOException {
        Path dir = tmp.resolve("ckpt");
        CheckpointFolder.open(dir, "grep", "/out.txt").close();
        // parse's state is not grep's: resuming from it would fail in Flink, not in one line.
        assertThatThrownBy(() -> CheckpointFolder.open(dir, "parse", "/out.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("logslice grep --follow, writing to /out.txt");
    }

    @Test
    void refusesAFolderWithFilesNotOurs() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("photos"));
        Files.writeString(dir.resolve("cat.jpg"), "meow");
        assertThatThrownBy(() -> CheckpointFolder.open(dir, "grep", "/out.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not logslice's checkpoints");
        assertThat(dir.resolve(CheckpointFolder.MARKER)).doesNotExist();
        assertThat(dir.resolve(CheckpointFolder.LOCK)).doesNotExist();
    }

    @Test
    void refusesAFolderInUse() throws IOException {
        Path dir = tmp.resolve("ckpt");
        try (CheckpointFolder inUse = CheckpointFolder.open(dir, "grep", "/out.txt")) {
            assertThatThrownBy(() -> CheckpointFolder.open(dir, "grep", "/out.txt"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("in use");
        }
        CheckpointFolder.open(dir, "grep", "/out.txt").close(); // let go when closed
    }

    @Test
    void refusesAFileAndAnUnreadableFolder() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "");
        assertThatThrownBy(() -> CheckpointFolder.open(file, "grep", "/out.txt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a readable and writable folder");
        Path locked = Files.createDirectories(tmp.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            assumeThat(Files.isReadable(locked)).as("not root").isFalse();
            assertThatThrownBy(() -> CheckpointFolder.open(locked, "grep", "/out.txt"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a readable and writable folder");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static Path metadata(Path checkpoint, long modifiedMillis) throws IOException {
        Files.createDirectories(checkpoint);
        Path metadata = Files.writeString(checkpoint.resolve("_metadata"), "x");
        Files.setLastModifiedTime(metadata, FileTime.from(Instant.ofEpochMilli(modifiedMillis)));
        return checkpoint;
    }
}
