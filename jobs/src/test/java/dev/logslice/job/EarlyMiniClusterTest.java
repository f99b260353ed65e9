package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EarlyMiniClusterTest {

    private static Configuration conf() {
        Configuration conf = new Configuration();
        conf.set(RestOptions.BIND_PORT, "0");
        return conf;
    }

    @Test
    void theFirstJobRunsOnTheClusterStartedEarlyAndALaterOneOnItsOwn() throws Exception {
        EarlyMiniCluster cluster = EarlyMiniCluster.start(conf(), 2);
        StreamExecutionEnvironment env = cluster.environment(conf());
        env.setParallelism(2);
        // A sequence that outlasts the test: the job is running when the cluster is asked.
        try (CloseableIterator<Long> values = env.fromSequence(1, Long.MAX_VALUE).collectAsync()) {
            JobClient job = env.executeAsync("first");
            assertThat(cluster.getJobStatus(job.getJobID()).get()).isNotNull();
            assertThat(values.next()).isPositive();
        }

        assertThat(env.fromSequence(1, 10).executeAndCollect(100)).hasSize(10);
        cluster.closeIfUnused().get();
    }

    @Test
    void aJobNeedingMoreSlotsGetsItsOwnClusterAndTheEarlyOneIsClosed() throws Exception {
        EarlyMiniCluster cluster = EarlyMiniCluster.start(conf(), 1);
        StreamExecutionEnvironment env = cluster.environment(conf());
        env.setParallelism(3);
        try (CloseableIterator<Long> values = env.fromSequence(1, Long.MAX_VALUE).collectAsync()) {
            env.executeAsync("wide");
            assertThat(values.next()).isPositive();
            cluster.start(); // waits for the early start
            assertThat(cluster.listJobs().get()).isEmpty();
        }

        cluster.closeIfUnused().get();
        assertThat(cluster.isRunning()).isFalse();
    }

    @Test
    void aClusterNoJobCameToIsClosed() throws Exception {
        EarlyMiniCluster cluster = EarlyMiniCluster.start(conf(), 2);

        cluster.closeIfUnused().get();

        assertThat(cluster.isRunning()).isFalse();
    }
}
