package dev.logslice.cli;

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
 * {@code -A}, {@code -B} and {@code -C} where context crosses splits: lines of 64 bytes, 64 to a 4
 * KiB split, selected lines at the last and first lines of splits, and groups that touch, overlap
 * or stand apart across a boundary. The output is GNU grep's, byte for byte.
 */
class GrepContextITCase {
    private static final int LINE_BYTES = 64;
    private static final int LINES_PER_SPLIT = 4096 / LINE_BYTES;

    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {"-A 1", "-A 3", "-B 1", "-B 3", "-C 2", "-A 70 -B 0", "-B 70", "-n -C 1"})
    void contextAcrossSplitsIsGnuGreps(String context) throws Exception {
        Path log = dir.resolve("app.log");
        List<Integer> selected =
                List.of(
                        LINES_PER_SPLIT - 1,
                        2 * LINES_PER_SPLIT,
                        3 * LINES_PER_SPLIT - 2,
                        3 * LINES_PER_SPLIT + 1,
                        5 * LINES_PER_SPLIT - 1,
                        5 * LINES_PER_SPLIT);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 6 * LINES_PER_SPLIT; i++) {
            String word = selected.contains(i) ? "MATCH" : "other";
            String line = String.format("%06d %s ", i, word);
            text.append(line).append(".".repeat(LINE_BYTES - 1 - line.length())).append('\n');
        }
        Files.writeString(log, text);
        List<String> options = List.of(context.split(" "));

        List<String> gnu = new ArrayList<>(List.of("grep"));
        gnu.addAll(options);
        gnu.addAll(List.of("MATCH", log.toString()));
        Process process = new ProcessBuilder(gnu).start();
        String expected =
                new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).isZero();
        GrepRun run = GrepRun.of(dir, options, "MATCH", log);

        assertThat(new String(run.output(), StandardCharsets.UTF_8)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-A", "-B", "-C"})
    void contextOutOfRangeIsOneLine(String option) throws IOException {
        Path log = Files.writeString(dir.resolve("a.log"), "a\n");

        CliRun negative = CliRun.of("grep", option, "-1", "a", log.toString());
        CliRun huge = CliRun.of("grep", option, "100001", "a", log.toString());

        assertThat(negative.exitCode()).isEqualTo(2);
        assertThat(negative.stderr())
                .isEqualTo("logslice: " + option + " must be 0 to 100,000, not -1\n");
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.stderr())
                .isEqualTo("logslice: " + option + " must be 0 to 100,000, not 100001\n");
    }
}
