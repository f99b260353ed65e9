package dev.logslice.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One finished run of a command (a script or the CLI), with what it printed. */
record CommandRun(List<String> command, int exitCode, String stdout, String stderr) {

    /** Runs {@code command} in {@code directory} and waits for it, failing after {@code limit}. */
    static CommandRun of(Path directory, Duration limit, List<String> command)
            throws IOException, InterruptedException {
        return started(directory, command).finish(limit);
    }

    static Started started(Path directory, List<String> command) throws IOException {
        Path out = Files.createTempFile("logslice-command", ".out");
        Path err = Files.createTempFile("logslice-command", ".err");
        // Output goes to files: a daemon the command starts must not hold a pipe the test reads.
        Process process =
                new ProcessBuilder(command)
                        .directory(directory.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
        return new Started(command, process, out, err);
    }

    @Override
    public String toString() {
        return String.join(" ", command)
                + " exited "
                + exitCode
                + "\n--- stdout\n"
                + stdout
                + "\n--- stderr\n"
                + stderr;
    }

    /** A command still running. */
    record Started(List<String> command, Process process, Path out, Path err) {
        CommandRun finish(Duration limit) throws IOException, InterruptedException {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError(
                        String.join(" ", command) + " did not finish within " + limit);
            }
            CommandRun run =
                    new CommandRun(
                            command,
                            process.exitValue(),
                            Files.readString(out, StandardCharsets.UTF_8),
                            Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return run;
        }
    }
}
