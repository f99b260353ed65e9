package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.NettyShuffleEnvironmentOptions;
import org.apache.flink.configuration.ResourceManagerOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.function.FunctionWithException;

import javax.annotation.Nullable;

import java.time.Duration;

/** The execution environment logslice's jobs run in: batch mode, embedded unless submitted. */
public final class EmbeddedFlink {
    private static final int SORT_SHUFFLE_MIN_BUFFERS = 16;
    private static final MemorySize NETWORK_BUFFER = MemorySize.parse("32k");

    /**
     * Result partitions a slot writes at once: a query's independent branches (a self-join's
     * aggregated sides, each a scan of its own) run side by side in one slot.
     */
    private static final int PARTITIONS_PER_SLOT = 8;

    /**
     * Managed memory of a slot: each of a query's hash aggregates, joins and sorts in it takes a
     * share, and a hash table wants more than 1 MiB to start.
     */
    private static final MemorySize MANAGED_PER_SLOT = MemorySize.parse("16m");

    private static final String LOOPBACK = "127.0.0.1";

    private EmbeddedFlink() {}

    /** Whether jobs run in this JVM's MiniCluster: not submitted with {@code flink run}. */
    public static boolean runsHere() {
        return StreamExecutionEnvironment.getExecutionEnvironment()
                instanceof LocalStreamEnvironment;
    }

    /**
     * An environment with the given parallelism: the MiniCluster in this JVM when run directly, the
     * cluster's when the job is submitted with {@code flink run}.
     */
    public static StreamExecutionEnvironment environment(int parallelism) {
        return environment(parallelism, new Configuration());
    }

    /** As {@link #environment(int)}, with {@code settings} (checkpoints, a restore) added. */
    public static StreamExecutionEnvironment environment(int parallelism, Configuration settings) {
        Configuration conf = BatchSettings.configuration(parallelism);
        conf.addAll(settings);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        if (env instanceof LocalStreamEnvironment) {
            env = StreamExecutionEnvironment.createLocalEnvironment(embedded(conf, parallelism));
        }
        return BatchSettings.applyTo(env, parallelism);
    }

    /**
     * Starts, if jobs run in this JVM, the MiniCluster for a job of {@code parallelism} that {@link
     * #run} will run, so that its start overlaps what the command does before; null otherwise.
     */
    @Nullable
    public static EarlyStart startEarly(int parallelism) {
        if (!runsHere()) {
            return null;
        }
        return new EarlyStart(
                EarlyMiniCluster.start(
                        embedded(BatchSettings.configuration(parallelism), parallelism),
                        parallelism));
    }

    /** A MiniCluster started ahead of its job; see {@link #startEarly}. */
    public static final class EarlyStart {
        private final EarlyMiniCluster cluster;

        private EarlyStart(EarlyMiniCluster cluster) {
            this.cluster = cluster;
        }

        /** Stops the MiniCluster, without waiting, if no job ran on it. */
        public void closeIfUnused() {
            cluster.closeIfUnused();
        }
    }

    /**
     * Runs {@code job} in an environment of {@link #environment(int, Configuration)}; embedded, on
     * the MiniCluster started {@code early} for this parallelism, or on one started now, while the
     * job is being built (a query planned above all).
     */
    public static <T> T run(
            @Nullable EarlyStart early,
            int parallelism,
            Configuration settings,
            FunctionWithException<StreamExecutionEnvironment, T, Exception> job)
            throws Exception {
        if (!runsHere()) {
            return job.apply(environment(parallelism, settings));
        }
        Configuration conf = BatchSettings.configuration(parallelism);
        conf.addAll(settings);
        conf = embedded(conf, parallelism);
        EarlyMiniCluster cluster =
                early != null && early.cluster.parallelism() == parallelism
                        ? early.cluster
                        : EarlyMiniCluster.start(conf, parallelism);
        try {
            return job.apply(BatchSettings.applyTo(cluster.environment(conf), parallelism));
        } finally {
            cluster.closeIfUnused();
        }
    }

    /** Whether {@code env} runs its jobs in this JVM, so files its sinks write are here. */
    public static boolean isEmbedded(StreamExecutionEnvironment env) {
        return env instanceof LocalStreamEnvironment
                || "local".equals(env.getConfiguration().get(DeploymentOptions.TARGET));
    }

    /** {@code conf} with what a MiniCluster in this JVM needs. */
    private static Configuration embedded(Configuration conf, int parallelism) {
        Configuration local = new Configuration(conf);
        // A random port: several embedded runs (tests, scripts) may share a machine.
        local.set(RestOptions.BIND_PORT, "0");
        // Nothing but this JVM talks to it: its BLOB server, REST endpoint and the socket that
        // collects results would otherwise listen on every interface (Flink's default).
        local.set(JobManagerOptions.BIND_HOST, LOOPBACK);
        local.set(TaskManagerOptions.BIND_HOST, LOOPBACK);
        local.set(RestOptions.BIND_ADDRESS, LOOPBACK);
        // In one JVM no TaskManager is lost: a failure (a changed file, --strict) is final,
        // and retrying it would only delay the error.
        local.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        // Progress on the terminal comes from the sources' metrics.
        local.setString(
                "metrics.reporter." + SourceProgress.REPORTER + ".factory.class",
                SourceProgress.ReporterFactory.class.getName());
        smallMemoryPools(local, parallelism);
        // The TaskManager is there before the job asks for slots: no need to wait for more.
        local.set(ResourceManagerOptions.REQUIREMENTS_CHECK_DELAY, Duration.ZERO);
        return local;
    }

    /** Each slot's sort-shuffle partitions take their minimum of 32 KiB buffers. */
    static long networkBytesPerReader() {
        return NETWORK_BUFFER.getBytes() * SORT_SHUFFLE_MIN_BUFFERS * PARTITIONS_PER_SLOT;
    }

    /**
     * Memory pools sized for logslice's jobs, which fold lines where they are read and shuffle only
     * a few partials: Flink's defaults (64 MB of network buffers, allocated and zeroed at every
     * start) are more than a job at a low parallelism uses, and both pools grow with the slots, as
     * a query's operators take theirs per slot (at a fixed size, a join failed from -p 4 on and a
     * GROUP BY from -p 16 on).
     */
    private static void smallMemoryPools(Configuration conf, int parallelism) {
        MemorySize network = new MemorySize(networkBytesPerReader() * (parallelism + 1));
        conf.set(
                NettyShuffleEnvironmentOptions.NETWORK_SORT_SHUFFLE_MIN_BUFFERS,
                SORT_SHUFFLE_MIN_BUFFERS);
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, network);
        conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, network);
        conf.set(TaskManagerOptions.NETWORK_BATCH_SHUFFLE_READ_MEMORY, MemorySize.parse("4m"));
        // Taken only when a query's operator asks for it.
        conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MANAGED_PER_SLOT.multiply(parallelism));
    }
}
