package dev.logslice.job;

import dev.logslice.connector.source.LogFileSource;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The streaming jobs of {@code --follow}, in this JVM or on a session cluster: a source that {@code
 * monitorContinuously}, run until a stop is asked for, then cancelled or stopped with a savepoint
 * (which the next run resumes from).
 */
public final class FollowJob {
    /** A lost TaskManager is replaced in seconds; waiting longer only delays the lines. */
    private static final Duration MAX_RESTART_BACKOFF = Duration.ofSeconds(30);

    private FollowJob() {}

    /**
     * What a follow job needs on a session cluster, where TaskManagers come and go: checkpoints (in
     * the JobManager's memory unless a folder is set), so that a restart resumes from the last one,
     * and restarts without end, backing off: the cluster's own strategy may give up after a few,
     * which fits a batch job, not one that runs until stopped.
     */
    public static Configuration clusterSettings() {
        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, CheckpointFolder.INTERVAL);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "exponential-delay");
        conf.set(
                RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_INITIAL_BACKOFF,
                Duration.ofSeconds(1));
        conf.set(
                RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_MAX_BACKOFF,
                MAX_RESTART_BACKOFF);
        conf.set(
                RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_ATTEMPTS,
                Integer.MAX_VALUE);
        return conf;
    }

    /** The followed source, with the fixed id by which a restored job finds its state. */
    public static <T> DataStream<T> source(
            StreamExecutionEnvironment env, LogFileSource<T> source) {
        env.setRuntimeMode(RuntimeExecutionMode.STREAMING);
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "followed log files")
                .uid("followed-log-files");
    }

    /**
     * Follows the input and writes each record to {@code sink} as it comes, lines of a file in file
     * order (grep's matches, parse's JSON lines), until {@code stop} completes; see {@link
     * #execute}.
     */
    public static Optional<String> writeLines(
            StreamExecutionEnvironment env,
            String jobName,
            LogFileSource<GrepMatch> source,
            FollowOutputSink sink,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory)
            throws Exception {
        source(env, source)
                .sinkTo(sink)
                .name("matches")
                .uid("follow-output")
                // One writer: the lines of a file keep their order.
                .setParallelism(1);
        return execute(env, jobName, stop, savepointDirectory);
    }

    /**
     * Runs the job built in {@code env} until {@code stop} completes. Then the job is cancelled,
     * or, given a {@code savepointDirectory}, stopped with a savepoint there.
     *
     * @return the savepoint taken, if asked for one
     */
    public static Optional<String> execute(
            StreamExecutionEnvironment env,
            String jobName,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory)
            throws Exception {
        return execute(env, jobName, stop, savepointDirectory, () -> {});
    }

    /** As {@link #execute}, {@code submitted} run once the job is (its collected results too). */
    public static Optional<String> execute(
            StreamExecutionEnvironment env,
            String jobName,
            CompletableFuture<Void> stop,
            @Nullable String savepointDirectory,
            Runnable submitted)
            throws Exception {
        JobClient job = env.executeAsync(jobName);
        submitted.run();
        CompletableFuture<String> savepoint =
                stop.thenCompose(
                        stopped ->
                                savepointDirectory == null
                                        ? job.cancel().thenApply(cancelled -> (String) null)
                                        : job.stopWithSavepoint(
                                                false,
                                                savepointDirectory,
                                                SavepointFormatType.CANONICAL));
        // A savepoint that failed leaves the job running: it is cancelled, and the error told.
        savepoint.whenComplete(
                (path, error) -> {
                    if (error != null) {
                        job.cancel();
                    }
                });
        try {
            job.getJobExecutionResult().get();
        } catch (ExecutionException e) {
            if (!stop.isDone()) {
                throw e;
            }
            // Cancelled as asked: what was read is written.
        }
        return Optional.ofNullable(savepoint.get());
    }
}
