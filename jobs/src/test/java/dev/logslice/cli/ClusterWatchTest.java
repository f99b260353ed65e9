package dev.logslice.cli;

import com.sun.net.httpserver.HttpServer;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A client whose session cluster is not there, never answers, or stops answering while its job runs
 * fails within seconds, with one line that says so, instead of waiting in Flink's REST client's
 * retries. The cluster here is a REST endpoint that answers {@code /config} as Flink's does; the
 * job, one that blocks as Flink's client does when its cluster is gone.
 */
@Timeout(60)
class ClusterWatchTest {
    /** Room for a loaded machine, far below Flink's minute of retries per request. */
    private static final Duration SLACK = Duration.ofSeconds(5);

    private static final Duration LOST_AFTER = Duration.ofSeconds(1);

    @TempDir Path dir;
    private HttpServer server;
    private ClusterAddress cluster;

    /** Holds a job the way Flink's client holds a dead cluster's job, until the test ends. */
    private final CountDownLatch jobHeld = new CountDownLatch(1);

    /** Holds the endpoint's answers once the test makes it hang. */
    private final CountDownLatch hung = new CountDownLatch(1);

    private volatile boolean hanging;

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(
                "/config",
                exchange -> {
                    if (hanging) {
                        await(hung);
                    }
                    exchange.sendResponseHeaders(200, -1);
                    exchange.close();
                });
        server.start();
        cluster = new ClusterAddress("127.0.0.1", server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        jobHeld.countDown();
        hung.countDown();
        server.stop(0);
    }

    @Test
    void aClusterWhereNothingListensIsAUsageErrorAtOnce() throws Exception {
        int port = closedPort();
        long started = System.nanoTime();

        CliRun run = CliRun.of("scan", "--cluster", "127.0.0.1:" + port, log());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        assertThat(run.stderr().lines())
                .containsExactly(
                        "logslice: no Flink cluster answers at --cluster 127.0.0.1:"
                                + port
                                + ": connection refused");
        assertThat(since(started)).isLessThan(SLACK);
    }

    @Test
    void aClusterThatNeverAnswersIsAUsageErrorAfterOneProbe() throws Exception {
        // The kernel accepts connections into the backlog; nobody ever reads or answers them.
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            long started = System.nanoTime();

            CliRun run =
                    CliRun.of("scan", "--cluster", "127.0.0.1:" + silent.getLocalPort(), log());

            assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
            assertThat(run.stderr().lines())
                    .containsExactly(
                            "logslice: no Flink cluster answers at --cluster 127.0.0.1:"
                                    + silent.getLocalPort()
                                    + ": no answer within 5 s");
            assertThat(since(started)).isLessThan(ClusterWatch.PROBE_TIMEOUT.plus(SLACK));
        }
    }

    @Test
    void aJobWhoseClusterDiesFailsOnceItHasNotAnsweredForLong() {
        long started = System.nanoTime();

        assertJobFailsOnceTheClusterIsLost(() -> server.stop(0))
                .hasMessageStartingWith(
                        "the Flink cluster at "
                                + cluster
                                + " stopped answering (connection refused;")
                .hasMessageEndingWith(" s ago)");
        assertThat(since(started))
                .isGreaterThanOrEqualTo(LOST_AFTER)
                .isLessThan(LOST_AFTER.plus(ClusterWatch.POLL).plus(SLACK));
    }

    @Test
    void aJobWhoseClusterHangsFailsOnceItHasNotAnsweredForLong() {
        long started = System.nanoTime();

        assertJobFailsOnceTheClusterIsLost(() -> hanging = true)
                .hasMessageStartingWith(
                        "the Flink cluster at "
                                + cluster
                                + " stopped answering (no answer within 5 s;");
        assertThat(since(started))
                .isLessThan(ClusterWatch.POLL.plus(ClusterWatch.PROBE_TIMEOUT).plus(SLACK));
    }

    @Test
    void aJobThatFailsAfterItsClusterDiedFailsSayingSo() {
        ClusterWatch watch = new ClusterWatch(cluster, LOST_AFTER);
        TimeoutException flinkGaveUp = new TimeoutException();

        assertThatThrownBy(
                        () ->
                                watch.await(
                                        () -> {
                                            server.stop(0);
                                            throw new RuntimeException(flinkGaveUp);
                                        }))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "the Flink cluster at "
                                + cluster
                                + " stopped answering (connection refused)")
                .satisfies(
                        lost ->
                                assertThat(lost.getSuppressed())
                                        .singleElement()
                                        .satisfies(
                                                failure ->
                                                        assertThat(failure).hasCause(flinkGaveUp)));
    }

    @Test
    void whileTheClusterAnswersAJobGivesItsResultOrItsOwnFailure() throws Exception {
        ClusterWatch watch = new ClusterWatch(cluster, LOST_AFTER);
        IllegalArgumentException badInput = new IllegalArgumentException("no such file");

        assertThat(watch.await(() -> 42)).isEqualTo(42);
        assertThatThrownBy(
                        () ->
                                watch.await(
                                        () -> {
                                            throw badInput;
                                        }))
                .isSameAs(badInput);
    }

    /** A job that runs until its watch gives up on the cluster, which breaks as it starts. */
    private AbstractThrowableAssert<?, ? extends Throwable> assertJobFailsOnceTheClusterIsLost(
            Runnable breakCluster) {
        ClusterWatch watch = new ClusterWatch(cluster, LOST_AFTER);
        return assertThatThrownBy(
                        () ->
                                watch.await(
                                        () -> {
                                            breakCluster.run();
                                            return await(jobHeld);
                                        }))
                .isInstanceOf(IOException.class);
    }

    private String log() throws IOException {
        return Files.writeString(dir.resolve("app.log"), "a line\n").toString();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    private static Object await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
