package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow --checkpoint-dir --out} through the launcher while a writer appends at a
 * steady pace and rotates (rename and create, copytruncate): the process is killed (SIGKILL) and
 * started again twice, then stopped with SIGTERM (a savepoint), then started again after lines were
 * written while it was stopped; {@code --out} holds every selected line exactly once.
 */
class GrepFollowRestartITCase extends FollowRunsTest {
    /** A first run of the launcher may build the jar. */
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    /**
     * Two seconds of lines, more than the source's listing interval (1 s): a file written again
     * from 0 and renamed between two listings cannot be told from a new file given the inode of a
     * deleted one, and is read again.
     */
    private static final int LINES_PER_FILE = 400;

    private Path logs;
    private Path out;
    private Path checkpoints;

    @Test
    void outHoldsEverySelectedLineOnceAcrossKillsAndAStop() throws Exception {
        logs = Files.createDirectory(dir.resolve("logs"));
        out = dir.resolve("out.txt");
        checkpoints = dir.resolve("checkpoints");
        Path log = Files.writeString(logs.resolve("app.log"), "n=-1 ERROR there before\n");
        Writer writer = new Writer(log);
        runs =
                new FollowRuns(
                        dir,
                        checkpoints,
                        "grep",
                        "--follow",
                        "--checkpoint-dir",
                        checkpoints.toString(),
                        "--out",
                        out.toString(),
                        "-p",
                        "2",
                        // The lines alone: named, a rotated file's would change names.
                        "--no-filename",
                        "ERROR",
                        logs.toString());

        runs.start();
        // A first checkpoint: the job has started and its first listing (at the enumerator's
        // start) found the file, from its end; a line appended now comes out.
        runs.await("a first checkpoint", () -> runs.latestCheckpoint().isAfter(Instant.EPOCH));
        writer.write(0);
        runs.await("the first line", () -> outLines().size() == 1);
        CompletableFuture<Void> writing = CompletableFuture.runAsync(writer::run);
        for (int kill = 0; kill < 2; kill++) {
            Instant started = Instant.now();
            int before = outLines().size();
            runs.await(
                    "a checkpoint of run " + runs.runs() + ", and more lines",
                    () ->
                            runs.latestCheckpoint().isAfter(started)
                                    && outLines().size() > before + 100);
            runs.kill();
            runs.start();
        }
        runs.await("rotations of both kinds", () -> writer.rotations() >= 4);
        writer.stop();
        writing.get(1, TimeUnit.MINUTES);
        awaitAll(writer.selected());
        runs.stop(); // SIGTERM: a savepoint, then exit 0
        assertOnce(writer.selected());

        // Lines written while stopped are read from the savepoint's offsets, once.
        for (int n = writer.next(), end = n + 20; n < end; n++) {
            writer.write(n);
        }
        runs.start();
        awaitAll(writer.selected());
        runs.stop();
        assertThat(runs.stderr(runs.runs()))
                .contains("resuming from " + checkpoints.resolve("savepoint-"));
        assertOnce(writer.selected());
        System.out.printf(
                "GrepFollowRestartITCase: %d lines written, %d selected, each once in --out,"
                        + " across %d rotations, 2 kills and 2 stops%n",
                writer.next(), writer.selected().size(), writer.rotations());
    }

    private List<String> outLines() {
        return FollowRuns.lines(out);
    }

    private void awaitAll(List<String> selected) throws IOException {
        runs.await("every selected line", () -> new HashSet<>(outLines()).containsAll(selected));
        assertOnce(selected);
    }

    private void assertOnce(List<String> selected) {
        List<String> got = new ArrayList<>(outLines());
        List<String> expected = new ArrayList<>(selected);
        Collections.sort(got);
        Collections.sort(expected);
        assertThat(got).as("lines of --out, sorted").hasSameSizeAs(expected).isEqualTo(expected);
    }

    /**
     * Appends numbered lines, every other one selected, at about 200 a second, each file's last in
     * two writes; every {@link #LINES_PER_FILE} lines it rotates, by rename and create or by
     * copytruncate in turns. A copytruncate waits until --out holds what was written and a
     * checkpoint was taken after: lines cut before being read, or read but not checkpointed when
     * the process is killed, are lost to any reader (logrotate's own window); the copy is left in
     * the folder followed, as logrotate leaves it, and is not read again. It appears whole (made
     * under a hidden name, then renamed): a copy listed half-made starts with fewer bytes than the
     * start known of the file, and passes for a new file.
     */
    private final class Writer {
        private final Path log;
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<String> selected = Collections.synchronizedList(new ArrayList<>());
        private volatile int next;
        private volatile int rotations;

        Writer(Path log) {
            this.log = log;
        }

        void run() {
            try {
                for (int n = next; !stop.get(); n++) {
                    if (n > 0 && n % LINES_PER_FILE == 0) {
                        rotate();
                    }
                    write(n);
                    LockSupport.parkNanos(5_000_000);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void write(int n) throws IOException {
            String line =
                    "n="
                            + n
                            + (n % 2 == 0 ? " ERROR" : " INFO")
                            + " GET /x?q="
                            + "y".repeat(n % 61)
                            + "\n";
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            try (OutputStream stream =
                    Files.newOutputStream(
                            log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                if ((n + 1) % LINES_PER_FILE == 0) {
                    stream.write(bytes, 0, 4);
                    stream.flush();
                    LockSupport.parkNanos(3_000_000);
                    stream.write(bytes, 4, bytes.length - 4);
                } else {
                    stream.write(bytes);
                }
            }
            if (n % 2 == 0) {
                selected.add(line.substring(0, line.length() - 1));
            }
            next = n + 1;
        }

        private void rotate() throws IOException {
            int rotation = rotations;
            if (rotation % 2 == 0) {
                Files.move(log, log.resolveSibling("app.log." + rotation));
            } else {
                long deadline = System.nanoTime() + DEADLINE.toNanos();
                while (!new HashSet<>(outLines()).containsAll(selected())) {
                    assertThat(System.nanoTime())
                            .as("caught up to copytruncate")
                            .isLessThan(deadline);
                    LockSupport.parkNanos(20_000_000);
                }
                // And checkpointed: a run killed now resumes from a checkpoint, and what it held
                // after it is cut from --out and read again, from a file then truncated.
                Instant caughtUp = Instant.now();
                while (!runs.latestCheckpoint().isAfter(caughtUp)) {
                    assertThat(System.nanoTime()).as("checkpointed").isLessThan(deadline);
                    LockSupport.parkNanos(20_000_000);
                }
                Path copy = log.resolveSibling(".app.log." + rotation + ".tmp");
                Files.copy(log, copy);
                Files.move(copy, log.resolveSibling("app.log." + rotation));
                try (FileChannel channel = FileChannel.open(log, StandardOpenOption.WRITE)) {
                    channel.truncate(0);
                }
            }
            rotations = rotation + 1;
        }

        void stop() {
            stop.set(true);
        }

        int next() {
            return next;
        }

        int rotations() {
            return rotations;
        }

        List<String> selected() {
            synchronized (selected) {
                return List.copyOf(selected);
            }
        }
    }
}
