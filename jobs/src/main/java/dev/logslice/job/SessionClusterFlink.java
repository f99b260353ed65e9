package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.nio.file.Path;
import java.time.Duration;

/**
 * An execution environment that submits to a running Flink session cluster through its REST
 * endpoint, shipping the job jar so that the cluster can load logslice's classes.
 */
public final class SessionClusterFlink {
    /**
     * Retries of a REST request that found no cluster. Flink's default, 20 retries 3 s apart, keeps
     * a client a minute on each request once the JobManager is gone, and a collected job's end
     * makes three in a row; two retries a second apart still ride out a dropped connection.
     */
    private static final int REST_RETRIES = 2;

    private static final Duration REST_RETRY_DELAY = Duration.ofSeconds(1);

    /** A JobManager takes a connection at once; Flink's default 15 s only delays a lost host. */
    private static final Duration REST_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    private SessionClusterFlink() {}

    /** As {@link EmbeddedFlink#environment(int, Configuration)}: {@code settings} added. */
    public static StreamExecutionEnvironment environment(
            String host, int port, int parallelism, Path jobJar, Configuration settings) {
        Configuration conf = BatchSettings.configuration(parallelism);
        conf.addAll(settings);
        conf.set(RestOptions.RETRY_MAX_ATTEMPTS, REST_RETRIES);
        conf.set(RestOptions.RETRY_DELAY, REST_RETRY_DELAY);
        conf.set(RestOptions.CONNECTION_TIMEOUT, REST_CONNECTION_TIMEOUT);
        return BatchSettings.applyTo(
                StreamExecutionEnvironment.createRemoteEnvironment(
                        host, port, conf, jobJar.toString()),
                parallelism);
    }
}
