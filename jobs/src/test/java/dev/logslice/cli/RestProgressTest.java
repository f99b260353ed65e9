package dev.logslice.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Progress of a cluster job read from a REST API that answers as Flink's does. */
class RestProgressTest {
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private HttpServer server;
    private ClusterAddress cluster;

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/",
                exchange -> {
                    String uri = exchange.getRequestURI().toString();
                    String body = answers.get(uri);
                    byte[] bytes = (body == null ? "{}" : body).getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(bytes);
                    }
                });
        server.start();
        cluster = new ClusterAddress("127.0.0.1", server.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void sumsTheSourceReadersBytesOfOurNewestRunningJob() {
        answers.put(
                "/jobs/overview",
                "{\"jobs\":["
                        + "{\"jid\":\"old\",\"name\":\"logslice stats\",\"state\":\"RUNNING\",\"start-time\":500},"
                        + "{\"jid\":\"other\",\"name\":\"etl\",\"state\":\"RUNNING\",\"start-time\":2000},"
                        + "{\"jid\":\"ours\",\"name\":\"logslice stats\",\"state\":\"RUNNING\",\"start-time\":1500}]}");
        answers.put(
                "/jobs/ours",
                "{\"vertices\":[{\"id\":\"sink\",\"name\":\"Sink: collect\"},"
                        + "{\"id\":\"src\",\"name\":\"Source: log files -> merge\"}]}");
        RestProgress progress = new RestProgress(cluster, "logslice stats", 1000);
        String metrics =
                "/jobs/ours/vertices/src/subtasks/metrics?get=" + RestProgress.SOURCE_BYTES_IN;

        answers.put(metrics, "[{\"id\":\"" + RestProgress.SOURCE_BYTES_IN + "\",\"sum\":4096}]");
        assertThat(progress.getAsLong()).isEqualTo(4096);

        answers.put(metrics, "[{\"id\":\"" + RestProgress.SOURCE_BYTES_IN + "\",\"sum\":12288}]");
        assertThat(progress.getAsLong()).isEqualTo(12288);

        // A failed poll keeps the last value rather than failing the job or going backwards.
        answers.remove(metrics);
        assertThat(progress.getAsLong()).isEqualTo(12288);
    }

    @Test
    void isZeroUntilTheJobRuns() {
        answers.put("/jobs/overview", "{\"jobs\":[]}");

        assertThat(new RestProgress(cluster, "logslice stats", 0).getAsLong()).isZero();
    }
}
