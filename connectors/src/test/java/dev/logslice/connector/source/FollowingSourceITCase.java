package dev.logslice.connector.source;

import dev.logslice.connector.testing.FailOnceAfterCheckpoint;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A followed source on a MiniCluster while a writer appends and logrotate rotates (rename and
 * create, the rotated file compressed and deleted): the job fails once after a checkpoint and is
 * restored from it (a task fails, or a TaskManager is lost), and the output (Flink's collect sink,
 * exactly-once with checkpoints) holds every line written exactly once, in file order within each
 * file.
 */
class FollowingSourceITCase {
    private static final int PARALLELISM = 2;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final int ROTATIONS = 4;
    private static final int LINES_PER_FILE = 600;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            // A reader on each: losing one fails the job.
                            .setNumberTaskManagers(PARALLELISM)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    @TempDir Path dir;

    @Test
    void followsRotatedLogsExactlyOnceAcrossARestore() throws Exception {
        FailOnceAfterCheckpoint.reset(LINES_PER_FILE);
        followAndRotate(() -> {});
        assertThat(FailOnceAfterCheckpoint.failed()).isTrue();
    }

    /**
     * A TaskManager process lost after a checkpoint, as a killed JVM or a lost machine, and a new
     * one started: the job restarts from the checkpoint on it.
     */
    @Test
    void followsRotatedLogsExactlyOnceAcrossALostTaskManager(@InjectMiniCluster MiniCluster cluster)
            throws Exception {
        CountDownLatch checkpointed = new CountDownLatch(1);
        FailOnceAfterCheckpoint.resetWithoutFailing(LINES_PER_FILE, checkpointed::countDown);
        followAndRotate(
                () -> {
                    assertThat(checkpointed.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
                    cluster.terminateTaskManager(0).get();
                    cluster.startTaskManager();
                });
        assertThat(FailOnceAfterCheckpoint.failed()).as("no record failed").isFalse();
        assertThat(FailOnceAfterCheckpoint.restored()).as("restored from a checkpoint").isTrue();
    }

    /**
     * Follows a log that a writer appends to and rotates while {@code failure} (run once the writer
     * started) fails the job; the output holds every line once, in file order within each file.
     */
    private void followAndRotate(Failure failure) throws Exception {
        Path log = dir.resolve("app.log");
        // Lines there before the job starts: read too, since the source starts from the start.
        Files.writeString(log, line(0, 0) + line(0, 1));
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(restartOnce());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(100);
        LogFileSource<String> source =
                LogFileSource.builder()
                        .addPath(new org.apache.flink.core.fs.Path(dir.toUri()))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .monitorContinuously(Duration.ofMillis(50))
                        .setFollowPollInterval(Duration.ofMillis(10))
                        .setPartialLineTimeout(Duration.ofMillis(300))
                        .setFollowFromStart(true)
                        .build();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);

        CloseableIterator<String> results =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "followed logs")
                        .map(new FailOnceAfterCheckpoint<String>())
                        .collectAsync();
        JobClient job = env.executeAsync("follow with a restore");
        List<String> received = Collections.synchronizedList(new ArrayList<>());
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            threads.submit(() -> results.forEachRemaining(line -> received.add(line + "\n")));
            List<String> expected = new ArrayList<>(List.of(line(0, 0), line(0, 1)));
            // The writer starts once the source has listed the file and read what it held.
            awaitReceived(received, expected);
            List<String> initial = List.copyOf(expected);
            Future<List<String>> written =
                    threads.submit(() -> writeAndRotate(log, initial, received));
            failure.run();
            expected.addAll(written.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));

            awaitReceived(received, expected);

            List<String> got;
            synchronized (received) {
                got = List.copyOf(received);
            }
            assertThat(duplicates(got)).as("lines received twice, by file").isEmpty();
            assertThat(got).hasSameSizeAs(expected).hasSameElementsAs(expected);
            assertThat(byFile(got)).isEqualTo(byFile(expected));
        } finally {
            job.cancel().get();
            results.close();
            threads.shutdownNow();
        }
    }

    /** How a test fails the job. */
    @FunctionalInterface
    private interface Failure {
        void run() throws Exception;
    }

    /** Polls the received lines, up to the deadline, until all expected ones are there. */
    private static void awaitReceived(List<String> received, List<String> expected) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!snapshot(received).containsAll(expected) && System.nanoTime() < deadline) {
            LockSupport.parkNanos(10_000_000);
        }
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(snapshot(received));
        assertThat(missing).as("lines not received").isEmpty();
    }

    /** A copy of a synchronized list, taken under its lock: its iterator is not synchronized. */
    private static Set<String> snapshot(List<String> received) {
        synchronized (received) {
            return Set.copyOf(received);
        }
    }

    /**
     * Appends at a steady pace, rotating as logrotate's create does: rename, new file, writer
     * reopens; the file rotated before is compressed and deleted. The last line of each file is
     * written in two pieces. A rotation waits until the job's output holds what was written: a file
     * deleted while the job is down after a failure could not be read by any restart.
     */
    private static List<String> writeAndRotate(
            Path log, List<String> initial, List<String> received) throws IOException {
        List<String> lines = new ArrayList<>(initial);
        for (int file = 0; file <= ROTATIONS; file++) {
            try (OutputStream out =
                    Files.newOutputStream(
                            log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                for (int n = file == 0 ? 2 : 0; n < LINES_PER_FILE; n++) {
                    String text = line(file, n);
                    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                    if (n == LINES_PER_FILE - 1) {
                        out.write(bytes, 0, 5);
                        out.flush();
                        LockSupport.parkNanos(2_000_000);
                        out.write(bytes, 5, bytes.length - 5);
                    } else {
                        out.write(bytes);
                    }
                    out.flush();
                    lines.add(text);
                    LockSupport.parkNanos(300_000); // pace: about 3,000 lines a second
                }
            }
            if (file < ROTATIONS) {
                awaitReceived(received, lines);
                Path rotated = log.resolveSibling("app.log.1");
                Path older = log.resolveSibling("app.log.2.gz");
                if (Files.exists(rotated)) {
                    compress(rotated, older);
                }
                Files.move(log, rotated);
            }
        }
        return lines.subList(initial.size(), lines.size());
    }

    private static void compress(Path file, Path compressed) throws IOException {
        Path partial = compressed.resolveSibling("." + compressed.getFileName());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(partial))) {
            Files.copy(file, out);
        }
        Files.move(partial, compressed, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.delete(file);
    }

    private static String line(int file, int n) {
        return "file=" + file + " n=" + n + " GET /index.html?q=" + "x".repeat(n % 97) + "\n";
    }

    /**
     * The lines received more than once, as runs of line numbers per file ({@code file=0 n=0-599}),
     * so that a failure says which file came twice, not only that the sizes differ.
     */
    private static List<String> duplicates(List<String> lines) {
        Set<String> seen = new HashSet<>();
        List<String> runs = new ArrayList<>();
        String runFile = null;
        int runStart = -1;
        int runEnd = -1;
        for (String line : lines) {
            if (seen.add(line)) {
                continue;
            }
            String[] words = line.split(" ", 3);
            int n = Integer.parseInt(words[1].substring("n=".length()));
            if (words[0].equals(runFile) && n == runEnd + 1) {
                runEnd = n;
                continue;
            }
            if (runFile != null) {
                runs.add(runFile + " n=" + runStart + "-" + runEnd);
            }
            runFile = words[0];
            runStart = n;
            runEnd = n;
        }
        if (runFile != null) {
            runs.add(runFile + " n=" + runStart + "-" + runEnd);
        }
        return runs;
    }

    /** The lines of each file in the order they came. */
    private static Map<String, List<String>> byFile(List<String> lines) {
        Map<String, List<String>> byFile = new LinkedHashMap<>();
        for (String line : lines) {
            byFile.computeIfAbsent(line.substring(0, line.indexOf(' ')), f -> new ArrayList<>())
                    .add(line);
        }
        return byFile;
    }

    private static Configuration restartOnce() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        return conf;
    }
}
