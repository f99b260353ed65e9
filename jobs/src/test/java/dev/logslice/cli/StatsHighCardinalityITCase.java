package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice stats} on inputs whose partials used to be too large for Flink's collect sink (2
 * MiB per record): tens of thousands of distinct long paths, 200,000 clients, a 3 MiB user agent,
 * at p=1, 2 and 4.
 *
 * <p>The 1 M distinct 2 KB paths (2 GB) are stood for by 50,000: a partial's top paths are
 * a frequent-items sketch that keeps at most 24,576 values (and pending exact counts of at most
 * 16,384 values or 1 MiB), so past about 40,000 distinct values a partial is as large as it will
 * ever get, about 50 MB of paths here, 25 times the old limit; more distinct values only make the
 * sketch purge more often.
 */
class StatsHighCardinalityITCase {
    private static final String HEAD = " - - [01/Dec/2026:10:00:00 +0000] \"GET ";
    private static final String TAIL = " HTTP/1.1\" ";

    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void fiftyThousandDistinctTwoKilobytePathsAndThreeHotOnes(int parallelism) throws IOException {
        Path log = dir.resolve("paths.log");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            String path = "/p/" + i + "/";
            paths.add(path + "x".repeat(2000 - path.length()));
        }
        Map<String, Integer> hot = Map.of("/hot/0", 3000, "/hot/1", 2000, "/hot/2", 1000);
        hot.forEach((path, times) -> paths.addAll(Collections.nCopies(times, path)));
        Collections.shuffle(paths, new Random(parallelism));
        try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (int i = 0; i < paths.size(); i++) {
                // Every fourth a 404: the top 404 paths are as large as the top paths.
                String status = i % 4 == 0 ? "404" : "200";
                out.write("10.0.0.1" + HEAD + paths.get(i) + TAIL + status + " 5 \"-\" \"t\"\n");
            }
        }

        JsonNode stats = stats(log, parallelism);

        assertThat(stats.get("lines").asLong()).isEqualTo(paths.size());
        assertThat(stats.get("events").asLong()).isEqualTo(paths.size());
        assertThat(stats.get("malformed").asLong()).isZero();
        long maxError = stats.get("topMaxErrors").get("topPaths").asLong();
        JsonNode top = stats.get("topPaths");
        for (int rank = 0; rank < 3; rank++) {
            String path = "/hot/" + rank;
            assertThat(top.get(rank).get("value").asText()).isEqualTo(path);
            assertThat(top.get(rank).get("count").asLong())
                    .isBetween((long) hot.get(path), hot.get(path) + maxError);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void twoHundredThousandClients(int parallelism) throws IOException {
        Path log = dir.resolve("clients.log");
        List<String> clients = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            clients.add("10." + (i >> 16) + "." + (i >> 8 & 255) + "." + (i & 255));
        }
        List<String> lines = new ArrayList<>(clients);
        lines.addAll(Collections.nCopies(5000, "192.168.1.1"));
        lines.addAll(Collections.nCopies(3000, "192.168.1.2"));
        Collections.shuffle(lines, new Random(parallelism));
        try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (String client : lines) {
                out.write(client + HEAD + "/" + TAIL + "200 5 \"-\" \"t\"\n");
            }
        }

        JsonNode stats = stats(log, parallelism);

        assertThat(stats.get("lines").asLong()).isEqualTo(lines.size());
        assertThat(stats.get("uniqueClientsExact").asBoolean()).isFalse();
        assertThat(stats.get("uniqueClients").asDouble())
                .isCloseTo(200_002, org.assertj.core.data.Percentage.withPercentage(3));
        long maxError = stats.get("topMaxErrors").get("topClients").asLong();
        JsonNode top = stats.get("topClients");
        assertThat(top.get(0).get("value").asText()).isEqualTo("192.168.1.1");
        assertThat(top.get(0).get("count").asLong()).isBetween(5000L, 5000 + maxError);
        assertThat(top.get(1).get("value").asText()).isEqualTo("192.168.1.2");
        assertThat(top.get(1).get("count").asLong()).isBetween(3000L, 3000 + maxError);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void threeMibUserAgentsAreCountedExactlyAsTheirFirstTwoKib(int parallelism) throws IOException {
        Path log = dir.resolve("agents.log");
        String huge = "Mozilla/5.0 " + "A".repeat(3 << 20);
        String other = "Mozilla/5.0 " + "B".repeat(3 << 20);
        // The same first 2 KiB as huge: counted with it.
        String hugeWithAnotherEnd = huge.substring(0, huge.length() - 1) + "Z";
        try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (int i = 0; i < 2000; i++) {
                String agent =
                        switch (i % 500) {
                            case 0, 1 -> huge;
                            case 2 -> hugeWithAnotherEnd;
                            case 3 -> other;
                            default -> "curl/8.5.0";
                        };
                out.write("10.0.0." + i % 200 + HEAD + "/" + TAIL + "200 5 \"-\" \"");
                out.write(agent + "\"\n");
            }
        }

        JsonNode stats = stats(log, parallelism);

        assertThat(stats.get("lines").asLong()).isEqualTo(2000);
        assertThat(stats.get("malformed").asLong()).isZero();
        JsonNode top = stats.get("topUserAgents");
        assertThat(top).hasSize(3);
        assertThat(top.get(0).get("value").asText()).isEqualTo("curl/8.5.0");
        assertThat(top.get(0).get("count").asLong()).isEqualTo(1984);
        assertThat(top.get(0).has("truncated")).isFalse();
        assertThat(top.get(1).get("value").asText()).isEqualTo(huge.substring(0, 2048) + "…");
        assertThat(top.get(1).get("count").asLong()).isEqualTo(12);
        assertThat(top.get(1).get("truncated").asBoolean()).isTrue();
        assertThat(top.get(2).get("value").asText()).isEqualTo(other.substring(0, 2048) + "…");
        assertThat(top.get(2).get("count").asLong()).isEqualTo(4);
        assertThat(top.get(2).get("truncated").asBoolean()).isTrue();
        assertThat(stats.has("topMaxErrors") && stats.get("topMaxErrors").has("topUserAgents"))
                .isFalse();
    }

    private JsonNode stats(Path log, int parallelism) throws IOException {
        Path json = dir.resolve("stats-" + parallelism + ".json");
        CliRun run =
                CliRun.of(
                        "stats",
                        "--format",
                        "combined",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        "8m",
                        "--quiet",
                        "--json",
                        json.toString(),
                        log.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return new ObjectMapper().readTree(json.toFile());
    }
}
