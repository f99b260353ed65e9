package dev.logslice.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code -o} as GNU grep writes it, on the cases the random comparison rarely meets: several
 * matches in a line, matches that are empty (never written, the line still selected), {@code -v},
 * {@code -m} and line numbers; output bytes and exit status equal GNU grep's.
 */
class GrepOnlyMatchingITCase {
    private static final String LOG =
            "10.0.0.1 GET /a?id=7 200 id=42 id=7\n"
                    + "10.0.0.2 POST /b 503\n"
                    + "no ids here\r\n"
                    + "id=1id=2 id=\n"
                    + "last id=99 without LF";

    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "-o|id=[0-9]+",
                "-o -n|id=[0-9]+",
                "-o -n -m 2|id=[0-9]+",
                "-o|x*",
                "-o -c|x*",
                "-o -v|id",
                "-o -v --no-filename|id",
                "-o --no-filename|x*",
                "-o -i -n|ID=[0-9]",
                "-o -w|id=[0-9]+",
                "-o -F|id=",
            })
    void sameAsGnuGrep(String options, String pattern) throws Exception {
        Path log = Files.writeString(dir.resolve("app.log"), LOG);
        Path other = Files.writeString(dir.resolve("other.log"), "id=5 and id=6\n");
        List<String> asked = List.of(options.split(" "));
        List<String> gnu = new ArrayList<>(List.of("grep", "-E"));
        if (asked.contains("-F")) {
            gnu.remove("-E");
        }
        gnu.addAll(asked);
        gnu.addAll(List.of("-e", pattern, log.toString(), other.toString()));
        ProcessBuilder builder = new ProcessBuilder(gnu);
        builder.environment().put("LC_ALL", "C.UTF-8");
        Process process = builder.start();
        String expected =
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int expectedStatus = process.waitFor();

        GrepRun run = GrepRun.ending(dir, asked, pattern, log, other);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(expectedStatus);
        assertThat(new String(run.output(), StandardCharsets.UTF_8)).isEqualTo(expected);
    }
}
