package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** The execution environment logslice's jobs run in: batch mode, embedded unless submitted. */
public final class EmbeddedFlink {
    private EmbeddedFlink() {}

    /**
     * An environment with the given parallelism: the MiniCluster in this JVM when run directly, the
     * cluster's when the job is submitted with {@code flink run}.
     */
    public static StreamExecutionEnvironment environment(int parallelism) {
        Configuration conf = BatchSettings.configuration(parallelism);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        if (env instanceof LocalStreamEnvironment) {
            // A random port: several embedded runs (tests, scripts) may share a machine.
            conf.set(RestOptions.BIND_PORT, "0");
            // In one JVM no TaskManager is lost: a failure (a changed file, --strict) is final,
            // and retrying it would only delay the error.
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
            // Progress on the terminal comes from the sources' metrics.
            conf.setString(
                    "metrics.reporter." + SourceProgress.REPORTER + ".factory.class",
                    SourceProgress.ReporterFactory.class.getName());
            env = StreamExecutionEnvironment.createLocalEnvironment(conf);
        }
        return BatchSettings.applyTo(env, parallelism);
    }
}
