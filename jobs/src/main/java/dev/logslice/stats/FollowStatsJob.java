package dev.logslice.stats;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.FollowJob;

import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.configuration.RpcOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.collect.CollectResultIterator;
import org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorFactory;
import org.apache.flink.streaming.api.operators.collect.CollectStreamSink;
import org.apache.flink.util.CloseableIterator;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The job of {@code stats --follow} and {@code scan --follow}: the readers fold lines into partials
 * ({@link FollowingPartials}), one sink merges them into the {@link LiveStats} the command renders
 * (on a session cluster, one operator merges them in the job's state and this JVM follows it).
 */
public final class FollowStatsJob {
    /** How long the partials of a job that ended may take to come. */
    private static final Duration MERGE_REST = Duration.ofSeconds(10);

    private FollowStatsJob() {}

    /**
     * Runs until {@code stop}; see {@link FollowJob#execute}. In this JVM ({@code embedded}) a sink
     * merges the partials and checkpoints the total; on a session cluster the total is {@link
     * #runCollected collected} instead.
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
            return runCollected(env, jobName, source, liveId, stop, savepointDirectory);
        }
        FollowJob.source(env, source)
                .sinkTo(new FollowStatsSink(liveId))
                .name("stats total")
                .uid("follow-stats-total")
                .setParallelism(1);
        return FollowJob.execute(env, jobName, stop, savepointDirectory);
    }

    /**
     * {@link #run} on a session cluster, whose sink would merge in a TaskManager: the total is kept
     * in the job by {@link FollowStatsTotal}, and its updates are collected to this JVM and applied
     * to {@link LiveStats#of LiveStats.of(liveId)}. With checkpoints, Flink's collect hands over an
     * update once the checkpoint after it is complete and drops those of a failed attempt, so the
     * total is that of the job's state, through a restart or a resume from a savepoint.
     */
    private static Optional<String> runCollected(
            StreamExecutionEnvironment env,
            String jobName,
            LogFileSource<byte[]> source,
            String liveId,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory)
            throws Exception {
        LiveStats live = LiveStats.of(liveId);
        CloseableIterator<byte[]> updates = collectTotal(FollowJob.source(env, source), live);
        Thread applying = applying(updates, live);
        try {
            // Started with the job: the collected updates come from it.
            return FollowJob.execute(env, jobName, stop, savepointDirectory, applying::start);
        } finally {
            // The updates handed over as the job ended, in the last report.
            applying.join(MERGE_REST.toMillis());
            updates.close();
        }
    }

    /** The partials merged in the job ({@link FollowStatsTotal}), the updates for {@code live}. */
    static CloseableIterator<byte[]> collectTotal(DataStream<byte[]> partials, LiveStats live) {
        return collectOnce(
                partials.transform(
                                "stats total",
                                PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                                new FollowStatsTotal(live.window()))
                        // Not the embedded sink's id: that total is not restored as this one.
                        .uid("follow-stats-collected-total")
                        .setParallelism(1));
    }

    /**
     * {@link DataStream#collectAsync()} with the sink under an id of this run's. The collect sink's
     * state is what its client had not fetched yet, which the client of a run resumed from a
     * savepoint cannot take up (Flink's fetcher fails on its offset), and the base brings the same
     * counts: so the state of the run before is let go. {@code collectAsync} names its sink by the
     * number of its transformation, which would be the same in the next run.
     */
    private static CloseableIterator<byte[]> collectOnce(DataStream<byte[]> updates) {
        StreamExecutionEnvironment env = updates.getExecutionEnvironment();
        ReadableConfig conf = env.getConfiguration();
        String uid = "follow-stats-collect-" + UUID.randomUUID();
        String accumulator = "dataStreamCollect_" + UUID.randomUUID();
        CollectSinkOperatorFactory<byte[]> factory =
                new CollectSinkOperatorFactory<>(
                        BytePrimitiveArraySerializer.INSTANCE,
                        accumulator,
                        conf.get(CollectSinkOperatorFactory.MAX_BATCH_SIZE),
                        conf.get(CollectSinkOperatorFactory.SOCKET_TIMEOUT));
        CollectStreamSink<byte[]> sink = new CollectStreamSink<>(updates, factory);
        sink.name("stats updates").uid(uid);
        env.addOperator(sink.getTransformation());
        CollectResultIterator<byte[]> iterator =
                new CollectResultIterator<>(
                        uid,
                        BytePrimitiveArraySerializer.INSTANCE,
                        accumulator,
                        env.getCheckpointConfig(),
                        conf.get(RpcOptions.ASK_TIMEOUT_DURATION).toMillis());
        env.registerCollectIterator(iterator);
        if (conf.getOptional(StateRecoveryOptions.SAVEPOINT_PATH).isPresent()) {
            Configuration unclaimed = new Configuration();
            unclaimed.set(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE, true);
            env.configure(unclaimed);
        }
        return iterator;
    }

    /** A thread that applies the updates to {@code live} until the job ends. */
    static Thread applying(CloseableIterator<byte[]> updates, LiveStats live) {
        Thread applying =
                new Thread(
                        () -> {
                            try {
                                while (updates.hasNext()) {
                                    FollowStatsTotal.apply(updates.next(), live);
                                }
                            } catch (RuntimeException ended) {
                                // Cancelled: what was handed over is applied.
                            }
                        },
                        "logslice-stats-updates");
        applying.setDaemon(true);
        return applying;
    }
}
