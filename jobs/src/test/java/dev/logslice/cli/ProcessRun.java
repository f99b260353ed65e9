package dev.logslice.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** One run of a launcher as a separate process, with what it wrote to stdout and stderr. */
record ProcessRun(int exitCode, String stdout, String stderr) {
    static final Path LAUNCHER = Paths.get("../logslice").toAbsolutePath().normalize();

    /**
     * Runs the {@code ./logslice} launcher as users run it, in {@code workDir}, with {@code env}
     * added to the inherited environment (and no LOGSLICE_LOG_LEVEL unless given).
     */
    static ProcessRun launcher(Path workDir, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
        command.addAll(List.of(args));
        return of(
                command,
                workDir,
                environment -> {
                    environment.remove("LOGSLICE_LOG_LEVEL");
                    environment.putAll(env);
                });
    }

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

    /** Stderr without the launcher's notes on building and recording its class archive. */
    List<String> stderrLines() {
        return stderr.lines()
                .filter(line -> !line.startsWith("logslice: building"))
                .filter(line -> !line.startsWith("logslice:   "))
                .filter(line -> !line.startsWith("logslice: recording"))
                .toList();
    }
}
