package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow --cluster} and {@code parse --follow --cluster} write through a sink that
 * runs in a TaskManager: to {@code --out FILE} only, refused on stdout in one line before any
 * cluster is asked (none listens at the port given here).
 */
class FollowClusterOptionsTest {
    private static final String NOT_STDOUT =
            "logslice: --follow --cluster writes to --out FILE only, a file the TaskManagers"
                    + " write at that path, not to stdout";

    @Test
    void aFollowOnAClusterToStdoutIsOneLineAndExit2(@TempDir Path dir) throws IOException {
        String log = Files.writeString(dir.resolve("access.log"), "").toString();
        assertRefused("grep", "--follow", "--cluster", "127.0.0.1:1", "x", log);
        assertRefused("grep", "--follow", "--cluster", "127.0.0.1:1", "--out", "-", "x", log);
        assertRefused("parse", "--follow", "--cluster", "127.0.0.1:1", "--format", "combined", log);
    }

    private static void assertRefused(String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines()).containsExactly(NOT_STDOUT);
    }
}
