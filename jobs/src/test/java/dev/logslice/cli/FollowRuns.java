package dev.logslice.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runs of one {@code --follow} command through the launcher in a test's folder, started and
 * stopped as users do (SIGTERM, SIGKILL), each with its stdout and stderr in files; and conditions
 * polled with a deadline.
 */
final class FollowRuns implements AutoCloseable {
    /** A first run of the launcher may build the jar. */
    static final Duration DEADLINE = Duration.ofMinutes(5);

    private final Path dir;
    private final Path checkpoints;
    private final List<String> args;
    private int runs;
    private Process current;

    /** Runs of {@code logslice ARGS...} in {@code dir}, checkpointing into {@code checkpoints}. */
    FollowRuns(Path dir, Path checkpoints, String... args) {
        this.dir = dir;
        this.checkpoints = checkpoints;
        this.args = List.of(args);
    }

    Process start() throws IOException {
        runs++;
        List<String> command = new ArrayList<>(List.of("bash", ProcessRun.LAUNCHER.toString()));
        command.addAll(args);
        current =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectOutput(stdoutFile(runs).toFile())
                        .redirectError(dir.resolve("stderr." + runs).toFile())
                        .start();
        return current;
    }

    Path stdoutFile(int run) {
        return dir.resolve("stdout." + run);
    }

    int runs() {
        return runs;
    }

    String stderr(int run) throws IOException {
        return Files.readString(dir.resolve("stderr." + run));
    }

    /** Polls {@code condition} until it holds, failing if the current run ends or time is up. */
    void await(String what, BooleanSupplier condition) throws IOException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(current.isAlive()).as("run %d alive: %s", runs, stderr(runs)).isTrue();
            assertThat(System.nanoTime()).as("in time: " + what).isLessThan(deadline);
            LockSupport.parkNanos(20_000_000);
        }
    }

    /** SIGTERM, and the run ends with exit status 0. */
    void stop() throws Exception {
        current.destroy();
        assertThat(current.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(current.exitValue()).as(stderr(runs)).isZero();
    }

    /** SIGKILL: no savepoint, no last report. */
    void kill() throws Exception {
        current.destroyForcibly();
        assertThat(current.waitFor(1, TimeUnit.MINUTES)).isTrue();
    }

    /** When the newest complete checkpoint or savepoint was written; the epoch if none. */
    Instant latestCheckpoint() {
        if (!Files.exists(checkpoints)) {
            return Instant.EPOCH;
        }
        try (Stream<Path> files = Files.walk(checkpoints, 3)) {
            return files.filter(file -> file.getFileName().toString().equals("_metadata"))
                    .map(FollowRuns::modified)
                    .max(Instant::compareTo)
                    .orElse(Instant.EPOCH);
        } catch (IOException | UncheckedIOException e) {
            return Instant.EPOCH; // Flink deleted an old checkpoint as we looked
        }
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines of a file, none while it is missing. */
    static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of a file that ends with a LF so far: a line being appended is left out. */
    static List<String> completeLines(Path file) {
        try {
            String text = Files.exists(file) ? Files.readString(file) : "";
            return text.substring(0, text.lastIndexOf('\n') + 1).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (current != null) {
            current.destroyForcibly();
        }
    }

    /**
     * Appends numbered lines of a combined access log, one request each: path {@code /n/N}, status
     * 404 for every seventh, 200 otherwise; at about 200 lines a second once started.
     */
    static final class AccessLogWriter {
        private static final DateTimeFormatter TIME =
                DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT)
                        .withZone(ZoneOffset.UTC);
        private static final Instant START = Instant.parse("2026-12-02T10:00:00Z");

        private final Path log;
        private final AtomicBoolean stop = new AtomicBoolean();
        private volatile int next;
        private CompletableFuture<Void> running;

        AccessLogWriter(Path log) {
            this.log = log;
        }

        static String line(int n) {
            return String.format(
                    "10.0.0.%d - - [%s] \"GET /n/%d HTTP/1.1\" %d %d \"-\" \"agent %d\"",
                    Math.floorMod(n, 50),
                    TIME.format(START.plusSeconds(n)),
                    n,
                    status(n),
                    100 + Math.floorMod(n, 900),
                    Math.floorMod(n, 3));
        }

        static int status(int n) {
            return Math.floorMod(n, 7) == 0 ? 404 : 200;
        }

        void write(int n) {
            try (OutputStream stream =
                    Files.newOutputStream(
                            log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                stream.write((line(n) + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            next = n + 1;
        }

        /** Writes the next {@code count} lines now. */
        void writeNext(int count) {
            for (int end = next + count; next < end; ) {
                write(next);
            }
        }

        void start() {
            stop.set(false);
            running =
                    CompletableFuture.runAsync(
                            () -> {
                                while (!stop.get()) {
                                    write(next);
                                    LockSupport.parkNanos(5_000_000);
                                }
                            });
        }

        void stopWriting() throws Exception {
            stop.set(true);
            running.get(1, TimeUnit.MINUTES);
        }

        /** How many lines were written: lines 0 to this, exclusive. */
        int written() {
            return next;
        }
    }
}
