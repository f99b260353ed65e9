package dev.logslice.stats;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.FollowJob;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The total of {@code stats --follow} on a cluster ({@link FollowStatsTotal} collected) on a
 * MiniCluster, following a log the test appends to: a run resumed from the savepoint of the one
 * before counts on from its total, in a new client's {@link LiveStats}; a job that fails and
 * restarts from its checkpoint counts no line twice.
 */
class FollowStatsTotalITCase {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    /** Set to fail the next partial: the job then restarts from its last checkpoint. */
    private static final AtomicBoolean FAIL_NEXT = new AtomicBoolean();

    @TempDir java.nio.file.Path dir;

    private final List<String> liveIds = new ArrayList<>();
    private final List<Running> jobs = new ArrayList<>();

    /** A job a failed test left running would hold the slots of the next test's. */
    @AfterEach
    void stopTheJobsAndReleaseTheTotals() {
        jobs.forEach(job -> job.stopping().complete(null));
        jobs.forEach(job -> job.ran().handle((savepoint, error) -> savepoint).join());
        liveIds.forEach(LiveStats::release);
    }

    @Test
    void aRunResumedFromASavepointCountsOnFromItsTotal() throws Exception {
        java.nio.file.Path log = dir.resolve("access.log");
        append(log, 0, 100);
        Running first = start(settings(Optional.empty()), log, FollowStatsJob::run);
        first.awaitLines(100);
        String savepoint = first.stop().orElseThrow();
        assertThat(first.live.copy().lines()).isEqualTo(100);

        append(log, 100, 50);
        Running resumed = start(settings(Optional.of(savepoint)), log, FollowStatsJob::run);
        resumed.awaitLines(150);
        resumed.stop();
        assertThat(resumed.live.copy().lines()).as("lines counted by the two runs").isEqualTo(150);
        assertThat(resumed.live.copy().bytes()).isEqualTo(Files.size(log));
    }

    @Test
    void aJobRestartedFromItsCheckpointCountsNoLineTwice() throws Exception {
        java.nio.file.Path log = dir.resolve("access.log");
        append(log, 0, 100);
        Running running =
                start(
                        settings(Optional.empty()),
                        log,
                        (embedded, env, jobName, source, liveId, stop, savepoints) -> {
                            LiveStats live = LiveStats.of(liveId);
                            CloseableIterator<byte[]> updates =
                                    FollowStatsJob.collectTotal(
                                            FollowJob.source(env, source)
                                                    .map(new FailNextWhenAsked()),
                                            live);
                            Thread applying = FollowStatsJob.applying(updates, live);
                            try {
                                return FollowJob.execute(
                                        env, jobName, stop, savepoints, applying::start);
                            } finally {
                                applying.join(DEADLINE.toMillis());
                                updates.close();
                            }
                        });
        running.awaitLines(100);
        FAIL_NEXT.set(true);
        append(log, 100, 50);
        running.awaitLines(150);
        assertThat(FAIL_NEXT).as("the job failed once").isFalse();
        assertThat(running.live.copy().lines()).as("lines once through the restart").isEqualTo(150);
        running.stop();
        assertThat(running.live.copy().lines()).isEqualTo(150);
    }

    /** Fails the partial after {@link #FAIL_NEXT} is set (once), passes the others on. */
    private static final class FailNextWhenAsked implements MapFunction<byte[], byte[]> {
        @Override
        public byte[] map(byte[] partial) {
            if (FAIL_NEXT.compareAndSet(true, false)) {
                throw new IllegalStateException("failed as the test asked");
            }
            return partial;
        }
    }

    /** Checkpoints often, restarts as on a cluster, savepoints into the test's folder. */
    private Configuration settings(Optional<String> resumeFrom) {
        Configuration conf = FollowJob.clusterSettings();
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(200));
        conf.set(
                CheckpointingOptions.SAVEPOINT_DIRECTORY,
                dir.resolve("savepoints").toUri().toString());
        resumeFrom.ifPresent(path -> conf.set(StateRecoveryOptions.SAVEPOINT_PATH, path));
        return conf;
    }

    /** The job's entry, as {@link FollowStatsJob#run}. */
    private interface Job {
        Optional<String> run(
                boolean embedded,
                StreamExecutionEnvironment env,
                String jobName,
                LogFileSource<byte[]> source,
                String liveId,
                CompletableFuture<Void> stop,
                String savepointDirectory)
                throws Exception;
    }

    /** Runs {@code job} as on a cluster, following {@code log} from its start, in a new client. */
    private Running start(Configuration settings, java.nio.file.Path log, Job job) {
        String liveId = UUID.randomUUID().toString();
        liveIds.add(liveId);
        LiveStats live = LiveStats.open(liveId, null, System::currentTimeMillis);
        LogFileSource<byte[]> source =
                LogFileSource.builder()
                        .addPath(new Path(log.toUri()))
                        .monitorContinuously(Duration.ofMillis(200))
                        .setFollowFromStart(true)
                        .setLineDecoder(FollowingPartials.lines(Duration.ofMillis(100)))
                        .build();
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        CompletableFuture<Void> stop = new CompletableFuture<>();
        String savepoints = dir.resolve("savepoints").toUri().toString();
        CompletableFuture<Optional<String>> ran =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return job.run(
                                        false,
                                        env,
                                        "stats total " + liveId,
                                        source,
                                        liveId,
                                        stop,
                                        savepoints);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        Running running = new Running(live, stop, ran);
        jobs.add(running);
        return running;
    }

    /** A job running for a client whose total is {@code live}. */
    private record Running(
            LiveStats live,
            CompletableFuture<Void> stopping,
            CompletableFuture<Optional<String>> ran) {
        /** Waits until the client's total counts {@code lines} or more. */
        void awaitLines(long lines) {
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (live.copy() == null || live.copy().lines() < lines) {
                if (ran.isDone()) {
                    throw new AssertionError(
                            "the job ended waiting for " + lines + " lines",
                            ran.handle((savepoint, error) -> error).join());
                }
                assertThat(System.nanoTime())
                        .as("in time: " + lines + " lines")
                        .isLessThan(deadline);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
        }

        /** Stops the job, with a savepoint; returns its path. */
        Optional<String> stop() throws Exception {
            stopping.complete(null);
            return ran.get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Appends lines {@code from} to {@code from + count - 1}, each of its own length. */
    private static void append(java.nio.file.Path log, int from, int count) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int n = from; n < from + count; n++) {
            lines.append("line ").append(n).append(" ").append("x".repeat(n % 7)).append('\n');
        }
        Files.writeString(
                log,
                lines,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
