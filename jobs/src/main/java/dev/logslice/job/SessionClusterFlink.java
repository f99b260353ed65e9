package dev.logslice.job;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.nio.file.Path;

/**
 * An execution environment that submits to a running Flink session cluster through its REST
 * endpoint, shipping the job jar so that the cluster can load logslice's classes.
 */
public final class SessionClusterFlink {
    private SessionClusterFlink() {}

    public static StreamExecutionEnvironment environment(
            String host, int port, int parallelism, Path jobJar) {
        return BatchSettings.applyTo(
                StreamExecutionEnvironment.createRemoteEnvironment(
                        host, port, BatchSettings.configuration(parallelism), jobJar.toString()),
                parallelism);
    }
}
