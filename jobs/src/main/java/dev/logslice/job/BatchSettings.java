package dev.logslice.job;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** The settings every logslice job runs with, wherever it runs: batch mode at a parallelism. */
final class BatchSettings {
    private BatchSettings() {}

    static Configuration configuration(int parallelism) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        conf.set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
        return conf;
    }

    static StreamExecutionEnvironment applyTo(StreamExecutionEnvironment env, int parallelism) {
        env.setParallelism(parallelism);
        // Records go from the source to chained operators without defensive copies.
        env.getConfig().enableObjectReuse();
        return env;
    }
}
