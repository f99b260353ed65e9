package dev.logslice.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Whether a session cluster's REST endpoint answers ({@code GET /config}): checked before a job is
 * submitted, and again and again while the job runs, so that a client whose cluster dies or hangs
 * fails within seconds with one line that says so, however long Flink's REST client would go on
 * retrying (it blocks in calls this client cannot reach).
 */
final class ClusterWatch {
    /** How long the cluster may go without answering before the job counts as lost. */
    private static final Duration LOST_AFTER = Duration.ofSeconds(15);

    /** A live JobManager answers {@code /config} in milliseconds. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    /** How often a running job's cluster is asked. */
    static final Duration POLL = Duration.ofSeconds(2);

    private final ClusterAddress cluster;
    private final Duration lostAfter;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();

    ClusterWatch(ClusterAddress cluster) {
        this(cluster, LOST_AFTER);
    }

    ClusterWatch(ClusterAddress cluster, Duration lostAfter) {
        this.cluster = cluster;
        this.lostAfter = lostAfter;
    }

    /** Fails as a usage error, before anything is submitted, when the cluster does not answer. */
    void checkAnswers() throws InterruptedException {
        Optional<String> problem = problem();
        if (problem.isPresent()) {
            throw new IllegalArgumentException(
                    "no Flink cluster answers at --cluster " + cluster + ": " + problem.get());
        }
    }

    /**
     * Runs {@code job} (which talks to the cluster) in a thread of its own and waits for it while
     * the cluster answers. Once it has not answered for {@link #LOST_AFTER}, or when the job fails
     * and the cluster does not answer, fails with why; the job's thread is left to Flink's retries.
     */
    <T> T await(Callable<T> job) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread runner =
                new Thread(
                        () -> {
                            try {
                                result.complete(job.call());
                            } catch (Throwable e) {
                                result.completeExceptionally(e);
                            }
                        },
                        "logslice-cluster-job");
        // A runner stuck in Flink's retries must not keep the JVM up once the client gave up.
        runner.setDaemon(true);
        runner.start();
        long lastAnswer = System.nanoTime();
        while (true) {
            try {
                return result.get(POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // Still running: is the cluster still there?
            } catch (ExecutionException e) {
                throw lostOr(e.getCause());
            }
            Optional<String> problem = problem();
            long silent = System.nanoTime() - lastAnswer;
            if (problem.isEmpty()) {
                lastAnswer = System.nanoTime();
            } else if (silent >= lostAfter.toNanos()) {
                throw lost(
                        problem.get()
                                + "; last answer "
                                + TimeUnit.NANOSECONDS.toSeconds(silent)
                                + " s ago");
            }
        }
    }

    /** The job's failure, or, when the cluster no longer answers, that it is gone. */
    private Exception lostOr(Throwable failure) throws InterruptedException {
        Optional<String> problem = problem();
        if (problem.isPresent()) {
            IOException lost = lost(problem.get());
            lost.addSuppressed(failure);
            return lost;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return (Exception) failure;
    }

    private IOException lost(String problem) {
        return new IOException(
                "the Flink cluster at " + cluster + " stopped answering (" + problem + ")");
    }

    /** Why {@code GET /config} got no answer from Flink within the timeout; empty if it did. */
    private Optional<String> problem() throws InterruptedException {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create("http://" + cluster + "/config"))
                        .timeout(PROBE_TIMEOUT)
                        .build();
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            return status == 200
                    ? Optional.empty()
                    : Optional.of(
                            "GET /config answered HTTP "
                                    + status
                                    + ": is it a Flink REST endpoint?");
        } catch (HttpTimeoutException e) {
            return Optional.of("no answer within " + PROBE_TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            if (e.getMessage() != null) {
                return Optional.of(e.getMessage());
            }
            // The JDK's client says nothing more for a port nobody listens on.
            return Optional.of(
                    e instanceof ConnectException
                            ? "connection refused"
                            : e.getClass().getSimpleName());
        }
    }
}
