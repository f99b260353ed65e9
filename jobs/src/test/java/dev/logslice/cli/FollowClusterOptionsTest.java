package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code --follow --cluster} refuses, in one line before any cluster is asked (none listens at
 * the port given here): {@code grep} and {@code parse} write through a sink that runs in a
 * TaskManager, so to {@code --out FILE} only, not stdout.
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

    private static void assertRefused(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines()).containsExactly(message);
    }
}
