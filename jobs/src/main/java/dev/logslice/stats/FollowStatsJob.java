package dev.logslice.stats;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.FollowJob;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The job of {@code stats --follow} and {@code scan --follow}: the readers fold lines into partials
 * ({@link FollowingPartials}), one sink merges them into the {@link LiveStats} the command renders
 * (on a session cluster, this JVM merges them).
 */
public final class FollowStatsJob {
    /** How long the partials of a job that ended may take to come. */
    private static final Duration MERGE_REST = Duration.ofSeconds(10);

    private FollowStatsJob() {}

    /**
     * Runs until {@code stop}; see {@link FollowJob#execute}. In this JVM ({@code embedded}) a sink
     * merges the partials and checkpoints the total; on a session cluster they are {@link
     * #runCollected collected} instead, and no savepoint is taken.
     */
    public static Optional<String> run(
            boolean embedded,
            StreamExecutionEnvironment env,
            String jobName,
            LogFileSource<byte[]> source,
            String liveId,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory)
            throws Exception {
        if (!embedded) {
            return runCollected(env, jobName, source, liveId, stop);
        }
        FollowJob.source(env, source)
                .sinkTo(new FollowStatsSink(liveId))
                .name("stats total")
                .uid("follow-stats-total")
                .setParallelism(1);
        return FollowJob.execute(env, jobName, stop, savepointDirectory);
    }

    /**
     * {@link #run} on a session cluster, whose sink would merge in a TaskManager: the partials are
     * collected to this JVM and merged here into {@link LiveStats#of LiveStats.of(liveId)}. With
     * checkpoints, Flink's collect hands over a partial once the checkpoint after it is complete
     * and drops those of a failed attempt, so a restarted job counts no line twice; the total
     * starts at nothing, as it is not in the job's state.
     */
    private static Optional<String> runCollected(
            StreamExecutionEnvironment env,
            String jobName,
            LogFileSource<byte[]> source,
            String liveId,
            CompletableFuture<Void> stop)
            throws Exception {
        LiveStats live = LiveStats.of(liveId);
        CloseableIterator<byte[]> partials = FollowJob.source(env, source).collectAsync();
        Thread merging =
                new Thread(
                        () -> {
                            try {
                                while (partials.hasNext()) {
                                    live.merge(LogStats.fromBytes(partials.next()));
                                }
                            } catch (RuntimeException ended) {
                                // Cancelled: what was handed over is merged.
                            }
                        },
                        "logslice-partials");
        merging.setDaemon(true);
        try {
            // Started with the job, as a sink would start: no report before there is a job.
            return FollowJob.execute(
                    env,
                    jobName,
                    stop,
                    null,
                    () -> {
                        live.reset(List.of());
                        merging.start();
                    });
        } finally {
            // The partials handed over as the job ended, in the last report.
            merging.join(MERGE_REST.toMillis());
            partials.close();
        }
    }
}
