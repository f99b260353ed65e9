package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code grep --follow} still refuses, each in one line before any job starts, and {@code -m
 * 0}, which selects nothing, as GNU grep: status 1 at once.
 */
class GrepFollowRefusalsTest {
    @TempDir Path dir;

    @Test
    void optionsThatNeedTheWholeInputAreRefusedInOneLine() throws IOException {
        Path log = Files.writeString(dir.resolve("app.log"), "ERROR x\n");
        for (String option : new String[] {"-c", "-l", "-L", "-n", "-q", "-A1"}) {
            CliRun run = CliRun.of("grep", "--follow", option, "ERROR", log.toString());
            assertThat(run.exitCode()).as(option).isEqualTo(CliErrors.USAGE_OR_INPUT);
            assertThat(run.stderr().lines())
                    .as(option)
                    .containsExactly(
                            "logslice: --follow writes the selected lines as they come: -c, -l,"
                                    + " -L, -n, -q, -A/-B/-C and - (stdin) do not go with it yet");
        }
    }

    @Test
    void maxCountEndsAnEmbeddedRunWithoutCheckpoints() throws IOException {
        Path log = Files.writeString(dir.resolve("app.log"), "ERROR x\n");
        CliRun run =
                CliRun.of(
                        "grep",
                        "--follow",
                        "-m",
                        "1",
                        "--checkpoint-dir",
                        dir.resolve("cp").toString(),
                        "ERROR",
                        log.toString());
        assertThat(run.exitCode()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines())
                .containsExactly(
                        "logslice: -m ends --follow once NUM are written, in this process: not"
                                + " with --checkpoint-dir or --cluster");
    }

    @Test
    void maxCountZeroSelectsNothing() throws IOException {
        Path log = Files.writeString(dir.resolve("app.log"), "ERROR x\n");
        CliRun run = CliRun.of("grep", "--follow", "-m", "0", "ERROR", log.toString());
        assertThat(run.exitCode()).isEqualTo(GrepCommand.NOTHING_MATCHED);
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void anEventTimeoutGoesWithFollowOnly() throws IOException {
        Path log = Files.writeString(dir.resolve("app.log"), "ERROR x\n");
        CliRun run = CliRun.of("grep", "--event-timeout", "5s", "ERROR", log.toString());
        assertThat(run.exitCode()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines())
                .containsExactly("logslice: --event-timeout goes with --follow only");
    }
}
