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

        String shown =
                shown(onTerminal("bash '" + ProcessRun.LAUNCHER + "' grep login '" + log + "'"));
        ProcessRun piped = ProcessRun.launcher(dir, Map.of(), "grep", "login", log.toString());

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

    /**
     * {@code --color} on a terminal: GNU grep's colours around the matches and the file's name, the
     * log's own escapes still shown, not obeyed; {@code NO_COLOR} turns it off, as a pipe does.
     */
    @Test
    void inColourOnlyTheColoursReachTheTerminalRaw() throws Exception {
        assumeThat(onPath("script")).as("util-linux script not available").isTrue();
        Path log = Files.writeString(dir.resolve("app.log"), LOG);
        String command = "bash '" + ProcessRun.LAUNCHER + "' grep --color -H login '" + log + "'";

        String coloured = shown(onTerminal(command));
        String noColor = shown(onTerminal("NO_COLOR=1 " + command));
        ProcessRun piped =
                ProcessRun.launcher(dir, Map.of(), "grep", "--color", "login", log.toString());

        String name =
                "\u001b[35m\u001b[K" + log + "\u001b[m\u001b[K\u001b[36m\u001b[K:\u001b[m\u001b[K";
        String match = "\u001b[01;31m\u001b[Klogin\u001b[m\u001b[K";
        assertThat(coloured)
                .isEqualTo(
                        name
                                + match
                                + " \\x1b]0;owned\\x07 ok\n"
                                + name
                                + "INFO fine\\x0dERROR "
                                + match
                                + " hidden\n"
                                + name
                                + match
                                + " \\u202eevil\tend\n");
        assertThat(noColor)
                .isEqualTo(
                        log
                                + ":login \\x1b]0;owned\\x07 ok\n"
                                + log
                                + ":INFO fine\\x0dERROR login hidden\n"
                                + log
                                + ":login \\u202eevil\tend\n");
        assertThat(piped.stdout().getBytes(StandardCharsets.ISO_8859_1))
                .isEqualTo(
                        LOG.substring(0, LOG.indexOf("nothing")).getBytes(StandardCharsets.UTF_8));
    }

    private ProcessRun onTerminal(String command) throws Exception {
        ProcessRun run =
                ProcessRun.of(
                        List.of("script", "-qec", command, "/dev/null"),
                        dir,
                        environment -> environment.remove("LOGSLICE_LOG_LEVEL"));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run;
    }

    /**
     * What a terminal shows, each line ended by LF: it ends lines with CR LF (onlcr; a CRLF line's
     * CR comes before), and its stderr comes there too: the launcher's notes are left out.
     */
    private static String shown(ProcessRun onTerminal) {
        return onTerminal
                .stdout()
                .replace("\r\n", "\n")
                .lines()
                .filter(line -> !line.startsWith("logslice:"))
                .map(line -> line + "\n")
                .collect(Collectors.joining());
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
