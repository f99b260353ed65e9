package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * File names nobody here wrote, in failure messages: one line on stderr whatever the name holds (a
 * newline, a terminal escape), and a missing name with glob characters is no regex error.
 */
class HostileFileNamesITCase {
    @TempDir Path dir;

    @Test
    void aNameWithANewlineAndAnEscapeStaysOneEscapedLine() throws IOException {
        Path binary = Files.write(dir.resolve("bin\u001b[2Jx\nz.log"), new byte[] {'x', 0, 'y'});

        CliRun run = CliRun.of("stats", binary.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines())
                .singleElement()
                .asString()
                .doesNotContain("\u001b")
                .contains("bin\\x1b[2Jx\\x0az.log is binary");
    }

    @Test
    void aFileOfNoFormatInAFolderIsSkippedWithItsNameEscaped() throws IOException {
        Files.writeString(
                dir.resolve("ok.log"),
                "10.0.0.1 - - [10/Oct/2000:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 5\n");
        Files.writeString(dir.resolve("m\u001b]0;pwned\u0007al.log"), "not a log line\n");

        CliRun run = CliRun.of("stats", dir.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout() + run.stderr()).doesNotContain("\u001b", "\u0007");
        assertThat(run.stdout() + run.stderr()).contains("m\\x1b]0;pwned\\x07al.log");
    }

    @Test
    void aMissingFileWithAnUnclosedBracketIsOneLineSayingItDoesNotExist() {
        Path missing = dir.resolve("app[1.log");

        CliRun run = CliRun.of("scan", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines())
                .singleElement()
                .asString()
                .startsWith("logslice: input path " + missing + " does not exist");
    }
}
