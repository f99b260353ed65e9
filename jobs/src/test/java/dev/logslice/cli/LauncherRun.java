package dev.logslice.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One run of the {@code ./logslice} launcher as users run it, in its own JVM with its own logging
 * set-up; output decoded as ISO-8859-1, which keeps every byte.
 */
record LauncherRun(int exitCode, String stdout, String stderr) {
    private static final Path LAUNCHER = Paths.get("../logslice").toAbsolutePath().normalize();

    /**
     * Runs with {@code env} added (and no LOGSLICE_LOG_LEVEL unless given), files in {@code dir}.
     */
    static LauncherRun of(Path dir, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile(dir, "launcher", ".out");
        Path stderr = Files.createTempFile(dir, "launcher", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile());
        builder.environment().remove("LOGSLICE_LOG_LEVEL");
        builder.environment().putAll(env);
        Process process = builder.start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return new LauncherRun(
                process.exitValue(),
                Files.readString(stdout, StandardCharsets.ISO_8859_1),
                Files.readString(stderr, StandardCharsets.ISO_8859_1));
    }

    /** Stderr without the launcher's notes on building and recording its class archive. */
    List<String> stderrLines() {
        return stderr.lines()
                .filter(line -> !line.startsWith("logslice: building"))
                .filter(line -> !line.startsWith("logslice: recording"))
                .toList();
    }
}
