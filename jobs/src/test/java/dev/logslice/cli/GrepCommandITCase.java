package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code logslice grep}: exact bytes, input order, at any parallelism and split size. */
class GrepCommandITCase {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Apache_2k.log",
                "Hadoop_2k.log",
                "Linux_2k.log",
                "OpenSSH_2k.log",
                "Zookeeper_2k.log",
                "hackers-access.log"
            })
    void emptyRegexReproducesTheFile(String name) throws IOException {
        Path log = RealLogs.file(name);

        byte[] output = grep("", log);

        assertThat(output).isEqualTo(GrepRun.concatenated(GrepRun.linesOf(log)));
    }

    @Test
    void keepsMatchingLinesWithTheirOwnTerminatorsInArgumentOrder() throws IOException {
        Path crlf = RealLogs.file("Apache_2k.log");
        Path lf = RealLogs.file("OpenSSH_2k.log");

        byte[] output = grep("error|Invalid user", lf, crlf);

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (Path file : new Path[] {lf, crlf}) {
            for (byte[] line : GrepRun.linesOf(file)) {
                String text = new String(line, StandardCharsets.UTF_8);
                if (text.contains("error") || text.contains("Invalid user")) {
                    // Several files: each line after its file's name, as GNU grep writes it.
                    expected.write((file + ":").getBytes(StandardCharsets.UTF_8));
                    expected.write(line);
                }
            }
        }
        assertThat(expected.size()).isPositive();
        assertThat(output).isEqualTo(expected.toByteArray());
    }

    @Test
    void invalidRegexIsAUsageError() {
        CliRun run = CliRun.of("grep", "(unclosed", RealLogs.file("Linux_2k.log").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("invalid regex '(unclosed'");
    }

    @Test
    void extendedRegexpIsTheRegexAsGivenAndConflictsWithFixedStrings() throws IOException {
        Path log = Files.writeString(dir.resolve("a.log"), "GET /a 200\nPOST /b 503\nPUT /c 200\n");

        byte[] extended = GrepRun.of(dir, List.of("-E"), "^P(OST|UT) /[[:alpha:]]+ ", log).output();
        CliRun both = CliRun.of("grep", "-E", "-F", "POST", log.toString());

        assertThat(new String(extended, StandardCharsets.UTF_8))
                .isEqualTo("POST /b 503\nPUT /c 200\n");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.stderr()).contains("conflicting matchers: -E and -F");
    }

    /**
     * Options of GNU grep's scripts that logslice takes as they read: -r and -R (a directory is
     * always read whole), -a, --line-buffered, and -P (a Java regex reads Perl's syntax alike, the
     * first alternative first as Perl's): the same lines as GNU grep's; -G and two matchers refused
     * in one line.
     */
    @Test
    void optionsOfGnuGrepScriptsGiveGnuGrepsLines() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve("a.log"), "id=42b ok\nfoo 7\nFailed password 12b\n");
        Path sub = Files.createDirectories(logs.resolve("sub"));
        Files.writeString(sub.resolve("b.log"), "Failed 9b again\nnothing\n");

        for (List<String> options :
                List.of(
                        List.of("-r", "-a", "--line-buffered", "-e", "Failed"),
                        List.of("-R", "-o", "-P", "-e", "\\d+(?=b)"),
                        List.of("-r", "-P", "-n", "-e", "^(?!Failed).*\\d\\b"))) {
            GrepRun ours = GrepRun.ending(dir, options, null, logs);
            List<String> gnu = new ArrayList<>(List.of("grep"));
            gnu.addAll(options);
            gnu.add(logs.toString());
            Process process =
                    new ProcessBuilder(gnu).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String expected = new String(process.getInputStream().readAllBytes(), UTF_8);
            process.waitFor();

            // GNU grep -r goes in the directory's order, logslice in its names' order.
            assertThat(new String(ours.output(), UTF_8).lines().sorted().toList())
                    .as(String.join(" ", options))
                    .isNotEmpty()
                    .isEqualTo(expected.lines().sorted().toList());
        }
        CliRun basic = CliRun.of("grep", "-G", "Failed", logs.toString());
        CliRun twoMatchers = CliRun.of("grep", "-F", "-P", "Failed", logs.toString());
        assertThat(basic.exitCode()).isEqualTo(2);
        assertThat(basic.stderr()).contains("-G: GNU grep's basic syntax is not read");
        assertThat(twoMatchers.exitCode()).isEqualTo(2);
        assertThat(twoMatchers.stderr()).contains("conflicting matchers: -F and -P");
    }

    /** -L: the files without a selected line, an empty one too; with -m 0 every file. */
    @Test
    void filesWithoutMatchAreTheFilesGnuGrepNames() throws Exception {
        Path matching = Files.writeString(dir.resolve("a.log"), "x\nFailed password\n");
        Path other = Files.writeString(dir.resolve("b.log"), "nothing here\n");
        Path empty = Files.writeString(dir.resolve("c.log"), "");

        for (List<String> options :
                List.of(List.of("-L"), List.of("-L", "-v"), List.of("-L", "-m", "0"))) {
            GrepRun ours = GrepRun.ending(dir, options, "Failed", matching, other, empty);
            List<String> gnu = new ArrayList<>(List.of("grep"));
            gnu.addAll(options);
            gnu.addAll(List.of("Failed", matching.toString(), other.toString(), empty.toString()));
            Process process =
                    new ProcessBuilder(gnu).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String expected = new String(process.getInputStream().readAllBytes(), UTF_8);

            assertThat(new String(ours.output(), UTF_8))
                    .as(String.join(" ", options))
                    .isEqualTo(expected);
            assertThat(ours.exitCode()).as(String.join(" ", options)).isEqualTo(process.waitFor());
        }
        assertThat(CliRun.of("grep", "-l", "-L", "Failed", matching.toString()).stderr())
                .contains("-l and -L: give one of them");
    }

    private byte[] grep(String regex, Path... logs) throws IOException {
        return GrepRun.of(dir, List.of(), regex, logs).output();
    }
}
