package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line fits its default parallelism to the input before its job: a small file is read
 * by one reader whatever the cores, and a -p given is kept.
 */
class DefaultParallelismITCase {
    @TempDir Path dir;

    @Test
    void aSmallFileIsReadByOneReaderUnlessToldOtherwise() throws IOException {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 200_000, 3, log);

        assertThat(statsParallelism(log)).isOne();
        assertThat(statsParallelism(log, "-p", "3")).isEqualTo(3);
    }

    private int statsParallelism(Path log, String... options) throws IOException {
        Path json = dir.resolve("stats.json");
        String[] args = new String[options.length + 4];
        args[0] = "stats";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = "--json";
        args[options.length + 2] = json.toString();
        args[options.length + 3] = log.toString();

        CliRun run = CliRun.of(args);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return new ObjectMapper().readTree(json.toFile()).get("parallelism").asInt();
    }
}
