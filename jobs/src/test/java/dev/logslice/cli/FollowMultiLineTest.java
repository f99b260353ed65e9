package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --event-timeout}, how long a followed file's last multi-line event waits: refused without
 * {@code --follow} and below 100ms, in one line.
 */
class FollowMultiLineTest {
    private static final String HADOOP =
            "2015-10-18 18:01:47,978 ERROR [main] a.B: first\n"
                    + "java.lang.IllegalStateException: x\n"
                    + "\tat a.B.run(B.java:12)\n"
                    + "2015-10-18 18:01:48,001 INFO [main] a.B: second\n";

    @Test
    void anEventTimeoutGoesWithFollowOnly(@TempDir Path dir) throws IOException {
        Path app = Files.writeString(dir.resolve("app.log"), HADOOP);
        for (String command : new String[] {"parse", "stats"}) {
            CliRun run = CliRun.of(command, "--event-timeout", "5s", app.toString());
            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
            assertThat(run.stderr().lines())
                    .containsExactly("logslice: --event-timeout goes with --follow only");
        }
    }

    @Test
    void anEventTimeoutIsADurationOfAtLeast100ms(@TempDir Path dir) throws IOException {
        Path app = Files.writeString(dir.resolve("app.log"), HADOOP);
        CliRun word = CliRun.of("parse", "--follow", "--event-timeout", "soon", app.toString());
        assertThat(word.stderr().lines())
                .last()
                .isEqualTo(
                        "logslice: --event-timeout 'soon' is not a duration (examples: 500ms, 2s,"
                                + " 1m)");
        CliRun tooShort = CliRun.of("parse", "--follow", "--event-timeout", "50ms", app.toString());
        assertThat(tooShort.exitCode()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(tooShort.stderr().lines())
                .last()
                .isEqualTo("logslice: --event-timeout '50ms' must be at least 100ms");
    }
}
