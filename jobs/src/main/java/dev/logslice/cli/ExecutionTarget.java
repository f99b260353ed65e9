package dev.logslice.cli;

import dev.logslice.job.EmbeddedFlink;
import dev.logslice.job.SessionClusterFlink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.function.FunctionWithException;

import picocli.CommandLine.Option;

import javax.annotation.Nullable;

import java.io.PrintStream;
import java.util.List;

/**
 * Where a job command's job runs: embedded by default (or on the cluster of {@code flink run}), or
 * on the session cluster named with {@code --cluster}. Every job command mixes this in.
 */
final class ExecutionTarget {
    @Option(
            names = "--cluster",
            paramLabel = "HOST:PORT",
            converter = ClusterAddress.Converter.class,
            description =
                    "Submit to the Flink session cluster whose REST endpoint this is. Its"
                            + " JobManager and TaskManagers read the input paths themselves, at"
                            + " the same paths as given here.")
    ClusterAddress cluster;

    /** The embedded MiniCluster, started while the command prepares its job. */
    @Nullable private EmbeddedFlink.EarlyStart early;

    /**
     * Starts the MiniCluster of an embedded job of {@code parallelism} now, before the command
     * lists and detects its input; {@link #run} then runs on it.
     */
    void startEarly(int parallelism) {
        if (isEmbedded() && parallelism >= 1) {
            early = EmbeddedFlink.startEarly(parallelism);
        }
    }

    /** Stops the MiniCluster started early if the command ran no job on it. */
    void closeEarly() {
        if (early != null) {
            early.closeIfUnused();
        }
    }

    /** Whether jobs run in this JVM (no {@code --cluster}). */
    boolean isEmbedded() {
        return cluster == null;
    }

    /**
     * Runs a job reading {@code paths} and returns what it gives, after telling on {@code err} what
     * of them is skipped (link loops). On a session cluster, first checks that it answers and tells
     * that the cluster reads the paths itself; the job fails if the cluster stops answering.
     */
    <T> T run(
            int parallelism,
            List<String> paths,
            PrintStream err,
            FunctionWithException<StreamExecutionEnvironment, T, Exception> job)
            throws Exception {
        return run(parallelism, new Configuration(), paths, err, job);
    }

    /** As {@link #run}, the job run with {@code settings} (checkpoints, a restore) added. */
    <T> T run(
            int parallelism,
            Configuration settings,
            List<String> paths,
            PrintStream err,
            FunctionWithException<StreamExecutionEnvironment, T, Exception> job)
            throws Exception {
        InputFiles.warnSkipped(paths, err);
        if (cluster == null) {
            return EmbeddedFlink.run(early, parallelism, settings, job);
        }
        ClusterWatch watch = new ClusterWatch(cluster);
        watch.checkAnswers();
        err.println(
                "logslice: submitting to "
                        + cluster
                        + "; its JobManager and TaskManagers must read "
                        + String.join(" ", paths)
                        + " at the same path");
        StreamExecutionEnvironment env =
                SessionClusterFlink.environment(
                        cluster.host(), cluster.port(), parallelism, JobJar.locate(), settings);
        return watch.await(() -> job.apply(env));
    }
}
