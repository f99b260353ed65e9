package dev.logslice.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** One run of a launcher as a separate process, with what it wrote to stdout and stderr. */
record ProcessRun(int exitCode, String stdout, String stderr) {

    /**
     * Runs {@code command} in {@code workDir}, its output kept in files of {@code workDir}, after
     * {@code environment} has adjusted the inherited environment; fails after three minutes.
     */
    static ProcessRun of(
            List<String> command, Path workDir, Consumer<Map<String, String>> environment)
            throws IOException, InterruptedException {
        Path stdout = Files.createTempFile(workDir, "run", ".out");
        Path stderr = Files.createTempFile(workDir, "run", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile());
        environment.accept(builder.environment());
        Process process = builder.start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("finished in time").isTrue();
        return new ProcessRun(
                process.exitValue(),
                Files.readString(stdout, StandardCharsets.ISO_8859_1),
                Files.readString(stderr, StandardCharsets.ISO_8859_1));
    }
}
