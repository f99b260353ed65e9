package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * grep's lines on a terminal, run through util-linux {@code script} as a user's shell runs it:
 * escape sequences in a log are shown, not obeyed; piped, the same lines are byte for byte.
 */
class GrepOnTerminalITCase {
    private static final String LOG =
            "login \u001b]0;owned\u0007 ok\n"
                    + "INFO fine\rERROR login hidden\n"
                    + "login \u202eevil\tend\r\n"
                    + "nothing here\n";

    @TempDir Path dir;

    @Test
    void onATerminalWhatWouldDriveItIsShownPipedTheLinesAreAsWritten() throws Exception {
        assumeThat(onPath("script")).as("util-linux script not available").isTrue();
        Path log = Files.writeString(dir.resolve("app.log"), LOG);

        ProcessRun onTerminal =
                ProcessRun.of(
                        List.of(
                                "script",
                                "-qec",
                                "bash '" + ProcessRun.LAUNCHER + "' grep login '" + log + "'",
                                "/dev/null"),
                        dir,
                        environment -> environment.remove("LOGSLICE_LOG_LEVEL"));
        ProcessRun piped = ProcessRun.launcher(dir, Map.of(), "grep", "login", log.toString());

        assertThat(onTerminal.exitCode()).as(onTerminal.stderr()).isZero();
        // The terminal ends each line with CR LF (onlcr; a CRLF line's CR comes before), read
        // as one line end here. Its stderr comes there too: the launcher's notes are left out.
        String shown =
                onTerminal
                        .stdout()
                        .replace("\r\n", "\n")
                        .lines()
                        .filter(line -> !line.startsWith("logslice:"))
                        .map(line -> line + "\n")
                        .collect(Collectors.joining());
        assertThat(shown)
                .isEqualTo(
                        "login \\x1b]0;owned\\x07 ok\n"
                                + "INFO fine\\x0dERROR login hidden\n"
                                + "login \\u202eevil\tend\n");
        assertThat(piped.exitCode()).as(piped.stderr()).isZero();
        assertThat(piped.stdout().getBytes(StandardCharsets.ISO_8859_1))
                .isEqualTo(
                        LOG.substring(0, LOG.indexOf("nothing")).getBytes(StandardCharsets.UTF_8));
    }

    private static boolean onPath(String program) {
        for (String folder : System.getenv("PATH").split(":")) {
            if (Files.isExecutable(Path.of(folder, program))) {
                return true;
            }
        }
        return false;
    }
}
