package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow} through the launcher, as users run it: lines appended to a followed file,
 * and to the file created when it is rotated, come out as they are written, in file order, after
 * their file's name when a folder is followed (one file alone: none); SIGTERM stops it with exit
 * status 0.
 */
class GrepFollowITCase {
    /** A first run of the launcher may build the jar. */
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    @TempDir Path dir;

    @Test
    void selectedLinesComeOutAsTheyAreAppendedThroughARotation() throws Exception {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        Path log = Files.writeString(logs.resolve("app.log"), "ERROR there before\nINFO old\n");
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        Process grep = grepFollow(stdout, stderr, "-p", "2", "ERROR", logs.toString());
        try {
            // What the file held comes first: the job has listed it, later lines are new ones.
            // A folder: each line after its file's name as batch grep writes it; a file renamed
            // while followed keeps the name it was found by, as tail -f's header.
            String before = GrepRun.named(log.toString(), "ERROR there before\n");
            awaitOutput(stdout, before, grep);
            append(log, "ERROR one\nINFO not selected\nERROR two, cut ");
            append(log, "in two writes\n");
            String appended =
                    before
                            + GrepRun.named(
                                    log.toString(), "ERROR one\nERROR two, cut in two writes\n");
            awaitOutput(stdout, appended, grep);
            Path rotated = logs.resolve("app.log.1");
            Files.move(log, rotated);
            append(rotated, "ERROR three, into the rotated file\n");
            Files.writeString(logs.resolve("app.log"), "ERROR four, in the new file\n");

            awaitOutput(
                    stdout,
                    appended
                            + GrepRun.named(log.toString(), "ERROR three, into the rotated file\n")
                            + GrepRun.named(log.toString(), "ERROR four, in the new file\n"),
                    grep);
            grep.destroy(); // SIGTERM
            assertThat(grep.waitFor(1, TimeUnit.MINUTES)).as("stopped").isTrue();
            assertThat(grep.exitValue()).as(Files.readString(stderr)).isZero();
        } finally {
            grep.destroyForcibly();
        }
    }

    /** --color as GNU grep's: the matches of each line coloured as it comes, -i's too. */
    @Test
    void colouredLinesComeOutAsTheyAreAppended() throws Exception {
        Path log = Files.writeString(dir.resolve("app.log"), "ERROR there before\nINFO old\n");
        Path stdout = dir.resolve("stdout");
        Process grep =
                grepFollow(
                        stdout,
                        dir.resolve("stderr"),
                        "--color=always",
                        "-i",
                        "error",
                        log.toString());
        String match = "\u001b[01;31m\u001b[K";
        String end = "\u001b[m\u001b[K";
        try {
            awaitOutput(stdout, match + "ERROR" + end + " there before\n", grep);
            append(log, "an error, then Error\nINFO not selected\n");
            awaitOutput(
                    stdout,
                    match
                            + "ERROR"
                            + end
                            + " there before\n"
                            + "an "
                            + match
                            + "error"
                            + end
                            + ", then "
                            + match
                            + "Error"
                            + end
                            + "\n",
                    grep);
        } finally {
            grep.destroyForcibly();
        }
    }

    /** {@code logslice grep --follow --from-start ARGS}, its output and errors to these files. */
    private Process grepFollow(Path stdout, Path stderr, String... args) throws IOException {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                "bash",
                                ProcessRun.LAUNCHER.toString(),
                                "grep",
                                "--follow",
                                "--from-start"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /**
     * Polls the output until it holds {@code expected} as a multiset of lines (two files' lines may
     * interleave; each file's in order, checked by the test's sequence), up to the deadline.
     */
    private static void awaitOutput(Path stdout, String expected, Process grep) throws IOException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        List<String> wanted = expected.lines().sorted().toList();
        while (System.nanoTime() < deadline && grep.isAlive()) {
            if (Files.readString(stdout).lines().sorted().toList().equals(wanted)) {
                return;
            }
            LockSupport.parkNanos(20_000_000);
        }
        assertThat(Files.readString(stdout).lines().sorted().toList())
                .as("output of grep --follow (alive: %s)", grep.isAlive())
                .isEqualTo(wanted);
    }
}
