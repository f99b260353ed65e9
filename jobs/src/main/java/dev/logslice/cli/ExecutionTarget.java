package dev.logslice.cli;

import dev.logslice.job.EmbeddedFlink;
import dev.logslice.job.SessionClusterFlink;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Where a job command's job runs: embedded by default (or on the cluster of {@code flink run}), or
 * on the session cluster named with {@code --cluster}. Every job command mixes this in.
 */
final class ExecutionTarget {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

    @Option(
            names = "--cluster",
            paramLabel = "HOST:PORT",
            converter = ClusterAddress.Converter.class,
            description =
                    "Submit to the Flink session cluster whose REST endpoint this is. Its"
                            + " JobManager and TaskManagers read the input paths themselves, at"
                            + " the same paths as given here.")
    ClusterAddress cluster;

    /** Whether jobs run in this JVM (no {@code --cluster}). */
    boolean isEmbedded() {
        return cluster == null;
    }

    /**
     * The environment for a job reading {@code paths}, after telling on {@code err} what of them is
     * skipped (link loops); for a session cluster, first checks that it answers and tells that the
     * cluster reads the paths itself.
     */
    StreamExecutionEnvironment environment(int parallelism, List<String> paths, PrintStream err) {
        InputFiles.warnSkipped(paths, err);
        if (cluster == null) {
            return EmbeddedFlink.environment(parallelism);
        }
        checkAnswers();
        err.println(
                "logslice: submitting to "
                        + cluster
                        + "; its JobManager and TaskManagers must read "
                        + String.join(" ", paths)
                        + " at the same path");
        return SessionClusterFlink.environment(
                cluster.host(), cluster.port(), parallelism, JobJar.locate());
    }

    /** Fails fast with a clear message; Flink's REST client would retry for a minute. */
    private void checkAnswers() {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create("http://" + cluster + "/config"))
                        .timeout(PROBE_TIMEOUT)
                        .build();
        try {
            HttpResponse<Void> response =
                    HttpClient.newBuilder()
                            .connectTimeout(PROBE_TIMEOUT)
                            .build()
                            .send(request, HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 200) {
                throw new IllegalArgumentException(
                        "--cluster "
                                + cluster
                                + " answered HTTP "
                                + response.statusCode()
                                + " to GET /config: is it a Flink REST endpoint?");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "no Flink cluster answers at --cluster " + cluster + " (" + e + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while contacting " + cluster, e);
        }
    }
}
