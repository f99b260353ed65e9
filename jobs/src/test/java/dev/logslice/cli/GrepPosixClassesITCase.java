package dev.logslice.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each POSIX class (and some negated) selects the lines GNU grep selects in a UTF-8 locale, on a
 * file of one character a line: every code point this JVM's Unicode assigns (a newer glibc knows
 * more), controls and all but CR, whose line GNU grep would read with it.
 */
class GrepPosixClassesITCase {
    @TempDir Path dir;
    private Path characters;

    @BeforeEach
    void writeCharacters() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int c = 1; c < 0x30000; c++) {
            if (c != '\n'
                    && c != '\r'
                    && Character.getType(c) != Character.UNASSIGNED
                    && Character.getType(c) != Character.SURROGATE) {
                lines.appendCodePoint(c).append('\n');
            }
        }
        characters = Files.writeString(dir.resolve("characters.txt"), lines);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "print",
                "graph", "cntrl", "xdigit"
            })
    void sameLinesAsGnuGrep(String name) throws Exception {
        List<String> regexes = new ArrayList<>(List.of("[[:" + name + ":]]"));
        // Negation is Java's complement of the same class: a few suffice (PosixClassesTest).
        if (List.of("alpha", "space", "punct").contains(name)) {
            regexes.add("[^[:" + name + ":]]");
        }
        for (String regex : regexes) {
            ProcessBuilder gnu =
                    new ProcessBuilder("grep", "-n", "-E", "-e", regex, characters.toString())
                            .redirectError(ProcessBuilder.Redirect.DISCARD);
            gnu.environment().put("LC_ALL", "C.UTF-8");
            Process process = gnu.start();
            String expected =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).isZero();

            GrepRun ours = GrepRun.of(dir, List.of("-n"), regex, characters);

            assertThat(new String(ours.output(), StandardCharsets.UTF_8))
                    .as(regex)
                    .isEqualTo(expected);
        }
    }
}
