package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats --max-event-lines}: a Java log whose headers hold odd thread names keeps every line
 * in an event, and the one event past the bound is counted as cut.
 */
class EventBoundsITCase {
    @TempDir Path dir;

    @Test
    void anEventPastTheBoundIsCutAndReported() throws Exception {
        StringBuilder log = new StringBuilder();
        String logger = " o.s.b.w.e.tomcat.TomcatWebServer        : ";
        log.append("2024-05-10T01:34:33.608Z  INFO 4711 --- [main]")
                .append(logger)
                .append("started\n");
        log.append("2024-05-10T01:34:34.608Z ERROR 4711 --- [RMI TCP Connection(2)-127.0.0.1]")
                .append(logger)
                .append("failed\njava.lang.StackOverflowError\n");
        for (int i = 0; i < 40; i++) {
            log.append("\tat com.example.Deep.recurse(Deep.java:").append(i).append(")\n");
        }
        log.append("2024-05-10T01:34:35.608Z  WARN 4711 --- [JavaFX Application Thread]")
                .append(logger)
                .append("done\n");
        Path file = Files.writeString(dir.resolve("app.log"), log);
        Path json = dir.resolve("stats.json");

        CliRun run =
                CliRun.of(
                        "stats",
                        "--max-event-lines",
                        "10",
                        "--quiet",
                        "--json",
                        json.toString(),
                        file.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("cut events 1");
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        assertThat(stats.get("format").asText()).isEqualTo("spring-boot");
        assertThat(stats.get("lines").asLong()).isEqualTo(44);
        assertThat(stats.get("events").asLong()).isEqualTo(3);
        assertThat(stats.get("malformed").asLong()).isZero();
        assertThat(stats.get("cutEvents").asLong()).isEqualTo(1);
        assertThat(stats.get("cutEventSamples").get(0).get("reason").asText())
                .isEqualTo("cut: 42 lines, 32 not kept");
    }

    @Test
    void aBoundBelowOneIsAUsageError() throws Exception {
        Path file = Files.writeString(dir.resolve("a.log"), "x\n");

        CliRun run = CliRun.of("stats", "--max-event-lines", "0", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("--max-event-lines 0 must be at least 1");
    }
}
