package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code stats --window}: with {@code --follow} only, a duration of at least a second. */
class StatsWindowOptionTest {
    @Test
    void aBadWindowOrOneWithoutFollowIsOneLineAndExit2(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("access.log"), "");
        assertRefused(
                "and --window go with --follow only", "stats", "--window", "1h", log.toString());
        assertRefused(
                "--window 'soon' is not a duration",
                "stats",
                "--follow",
                "--window",
                "soon",
                log.toString());
        assertRefused(
                "--window '500ms' must be at least 1s",
                "stats",
                "--follow",
                "--window",
                "500ms",
                log.toString());
    }

    private static void assertRefused(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1);
        assertThat(run.stderr()).contains(message);
    }
}
