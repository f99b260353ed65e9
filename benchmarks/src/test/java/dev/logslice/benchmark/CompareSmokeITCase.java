package dev.logslice.benchmark;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@code compare.sh --smoke} on a tiny file, so the end-to-end comparison cannot rot: every
 * tool must run, and all must count the same status codes and lines.
 */
class CompareSmokeITCase {

    @Test
    void everyToolRunsAndAgrees() throws Exception {
        Path script = Paths.get("compare.sh").toAbsolutePath();
        Process process =
                new ProcessBuilder("bash", script.toString(), "--smoke")
                        .redirectErrorStream(true)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output)
                .contains("| logslice stats p=2 | ")
                .contains("| stock FileSource keyBy/sum p=2 | ")
                .contains("| stock FileSource keyBy/sum p=2, logslice's JVM flags | ")
                .contains("| stock FileSource keyBy/sum p=2, Flink's default local environment | ")
                .contains("| stock FileSource per-subtask map p=2 | ")
                .contains("| legacy TextInputFormat (readFile) per-subtask map p=2 | ")
                .contains("| DuckDB read_csv + regexp_extract | ")
                .contains("| wc -l | ")
                .doesNotContain("MISMATCH");
        assertThat(output.lines().filter(line -> line.endsWith("| same status counts |")))
                .hasSize(8);
    }
}
