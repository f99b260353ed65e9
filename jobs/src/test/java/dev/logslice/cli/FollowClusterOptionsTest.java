package dev.logslice.cli;

import dev.logslice.job.CheckpointFolder;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code --follow --cluster} refuses, in one line before any cluster is asked (none listens at
 * the port given here): {@code grep} and {@code parse} write through a sink that runs in a
 * TaskManager, so to {@code --out FILE} only, not stdout; {@code scan} and {@code stats} keep their
 * total in another state there than here, so a {@code --checkpoint-dir} of an embedded run is not
 * theirs on a cluster.
 */
class FollowClusterOptionsTest {
    private static final String NOT_STDOUT =
            "logslice: --follow --cluster writes to --out FILE only, a file the TaskManagers"
                    + " write at that path, not to stdout";

    @Test
    void aFollowOnAClusterToStdoutIsOneLineAndExit2(@TempDir Path dir) throws IOException {
        String log = Files.writeString(dir.resolve("access.log"), "").toString();
        assertRefused(NOT_STDOUT, "grep", "--follow", "--cluster", "127.0.0.1:1", "x", log);
        assertRefused(
                NOT_STDOUT, "grep", "--follow", "--cluster", "127.0.0.1:1", "--out", "-", "x", log);
        assertRefused(
                NOT_STDOUT,
                "parse",
                "--follow",
                "--cluster",
                "127.0.0.1:1",
                "--format",
                "combined",
                log);
    }

    @Test
    void aCheckpointDirOfAnEmbeddedTotalIsRefusedOnACluster(@TempDir Path dir) throws IOException {
        String log = Files.writeString(dir.resolve("access.log"), "").toString();
        Path checkpoints = dir.resolve("checkpoints");
        CheckpointFolder.open(checkpoints, "stats", "the terminal").close();
        assertRefused(
                "logslice: --checkpoint-dir "
                        + checkpoints
                        + " holds the checkpoints of another command (logslice stats --follow,"
                        + " writing to the terminal), not of this one, writing to the terminal",
                "stats",
                "--follow",
                "--format",
                "combined",
                "--cluster",
                "127.0.0.1:1",
                "--checkpoint-dir",
                checkpoints.toString(),
                log);
    }

    private static void assertRefused(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines()).containsExactly(message);
    }
}
