package dev.logslice.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/** Reads a Flink cluster's REST API, and polls it with a deadline instead of sleeping. */
final class FlinkRest {
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

    private final String base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();
    private volatile String lastAnswer = "none";

    FlinkRest(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + path))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + ": HTTP " + response.statusCode());
        }
        lastAnswer = "GET " + path + ": " + response.body();
        return json.readTree(response.body());
    }

    /**
     * Asks {@code probe} until it gives a value, waiting {@link #POLL_INTERVAL} between tries;
     * fails with {@code what} once {@code limit} has passed.
     */
    <T> T await(String what, Duration limit, Probe<T> probe) throws InterruptedException {
        Instant deadline = Instant.now().plus(limit);
        Exception last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                Optional<T> value = probe.ask(this);
                if (value.isPresent()) {
                    return value.get();
                }
            } catch (IOException e) {
                last = e;
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
        throw new AssertionError(
                "timed out after " + limit + " waiting for " + what + "; last answer " + lastAnswer,
                last);
    }

    /** One look at the cluster: a value when the awaited state is there. */
    interface Probe<T> {
        Optional<T> ask(FlinkRest rest) throws IOException, InterruptedException;
    }

    /** A probe that reads one path and maps it to an optional value. */
    static <T> Probe<T> at(String path, Function<JsonNode, Optional<T>> check) {
        return rest -> check.apply(rest.get(path));
    }
}
