package dev.logslice.stats;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.FollowJob;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import javax.annotation.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The job of {@code stats --follow} and {@code scan --follow}: the readers fold lines into partials
 * ({@link FollowingPartials}), one sink merges them into the {@link LiveStats} the command renders.
 */
public final class FollowStatsJob {
    private FollowStatsJob() {}

    /** Runs until {@code stop}; see {@link FollowJob#execute}. */
    public static Optional<String> run(
            StreamExecutionEnvironment env,
            String jobName,
            LogFileSource<byte[]> source,
            String liveId,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory)
            throws Exception {
        FollowJob.source(env, source)
                .sinkTo(new FollowStatsSink(liveId))
                .name("stats total")
                .uid("follow-stats-total")
                .setParallelism(1);
        return FollowJob.execute(env, jobName, stop, savepointDirectory);
    }
}
