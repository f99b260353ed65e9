package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Bytes the sources of a job on a session cluster have read, from its REST API: the running job of
 * our name started since we submitted, its source vertex, the sum of the readers' {@code
 * numBytesIn}. Until the job shows up (or if the REST API fails) the last value stands.
 */
final class RestProgress implements LongSupplier {
    /** The source operator's numBytesIn as the REST API names subtask metrics. */
    static final String SOURCE_BYTES_IN = "Source__log_files.numBytesIn";

    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;
    private final String jobName;
    private final long submittedAtMillis;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private String job;
    private String sourceVertex;
    private long bytes;

    RestProgress(ClusterAddress cluster, String jobName, long submittedAtMillis) {
        this.base = "http://" + cluster;
        this.jobName = jobName;
        this.submittedAtMillis = submittedAtMillis;
    }

    @Override
    public long getAsLong() {
        try {
            if (job == null) {
                job = runningJob(get("/jobs/overview"));
            }
            if (job != null && sourceVertex == null) {
                sourceVertex = sourceVertex(get("/jobs/" + job));
            }
            if (sourceVertex != null) {
                bytes =
                        Math.max(
                                bytes,
                                sum(
                                        get(
                                                "/jobs/"
                                                        + job
                                                        + "/vertices/"
                                                        + sourceVertex
                                                        + "/subtasks/metrics?get="
                                                        + SOURCE_BYTES_IN)));
            }
        } catch (IOException e) {
            // A progress display must not fail the job: keep the last value.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return bytes;
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT).build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " for " + path);
        }
        return JSON.readTree(response.body());
    }

    /** The newest running job of our name started after we submitted, or null. */
    private String runningJob(JsonNode overview) {
        String newest = null;
        long newestStart = submittedAtMillis;
        for (JsonNode job : overview.path("jobs")) {
            long start = job.path("start-time").asLong();
            if (job.path("name").asText().equals(jobName)
                    && job.path("state").asText().equals("RUNNING")
                    && start >= newestStart) {
                newest = job.path("jid").asText();
                newestStart = start;
            }
        }
        return newest;
    }

    private static String sourceVertex(JsonNode job) {
        for (JsonNode vertex : job.path("vertices")) {
            if (vertex.path("name").asText().startsWith("Source: log files")) {
                return vertex.path("id").asText();
            }
        }
        return null;
    }

    private static long sum(JsonNode metrics) {
        for (JsonNode metric : metrics) {
            if (metric.path("id").asText().equals(SOURCE_BYTES_IN)) {
                return metric.path("sum").asLong();
            }
        }
        return 0;
    }
}
