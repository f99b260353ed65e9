package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --follow} refuses multi-line formats in one line that names them, and, detected, their
 * files: not the single-line formats read alongside.
 */
class FollowMultiLineTest {
    private static final String ACCESS =
            "10.0.0.1 - - [03/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"agent\"\n";
    private static final String HADOOP =
            "2015-10-18 18:01:47,978 ERROR [main] a.B: first\n"
                    + "java.lang.IllegalStateException: x\n"
                    + "\tat a.B.run(B.java:12)\n"
                    + "2015-10-18 18:01:48,001 INFO [main] a.B: second\n";

    @Test
    void aMixedFolderNamesTheMultiLineFormatAndItsFileOnly(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("access.log"), ACCESS.repeat(5));
        Files.writeString(dir.resolve("other.log"), ACCESS.repeat(3));
        Path app = Files.writeString(dir.resolve("app.log"), HADOOP.repeat(3));
        for (String command : new String[] {"stats", "parse"}) {
            CliRun run = CliRun.of(command, "--follow", dir.toString());
            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
            assertThat(run.stderr().lines())
                    .last()
                    .isEqualTo(
                            "logslice: --follow reads single-line formats only yet, not hadoop ("
                                    + app
                                    + ")");
        }
    }

    @Test
    void aNamedFormatIsNamedAlone(@TempDir Path dir) throws IOException {
        Path app = Files.writeString(dir.resolve("app.log"), HADOOP);
        CliRun run = CliRun.of("stats", "--follow", "--format", "hadoop", app.toString());
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines())
                .containsExactly(
                        "logslice: --follow reads single-line formats only yet, not hadoop");
    }
}
