package dev.logslice.benchmark;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.util.TestStreamEnvironment;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.List;

/**
 * A MiniCluster that lives for a whole trial, as in apache/flink-benchmarks, so that a measured
 * operation is one job, not a cluster start: one TaskManager with {@value #SLOTS} slots.
 */
@State(Scope.Thread)
public class MiniClusterState {
    static final int SLOTS = 2;

    private MiniCluster cluster;

    @Setup(Level.Trial)
    public void start() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestOptions.BIND_PORT, "0");
        cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(conf)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(SLOTS)
                                .build());
        cluster.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        cluster.close();
    }

    /** A batch environment on this cluster, set up like {@code EmbeddedFlink}'s. */
    public StreamExecutionEnvironment environment(int parallelism) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        StreamExecutionEnvironment env =
                new TestStreamEnvironment(cluster, conf, parallelism, List.of(), List.of());
        env.getConfig().enableObjectReuse();
        return env;
    }
}
