package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice stats} against counts made here by a separate regex, at p=1, p=2 and with tiny
 * splits, on the real attack-traffic log and on generated data.
 */
class StatsCommandITCase {
    /** The status after the quoted request of a combined line, found independently. */
    private static final Pattern STATUS = Pattern.compile("\" (\\d{3}) (\\d+|-) \"");

    private static final Pattern PATH = Pattern.compile("\"[A-Z]+ ([^ ?\"]*)[^\"]* HTTP/[0-9.]+\"");

    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({"1, 64m", "2, 64m", "2, 4k"})
    void realAccessLogTotalsMatchAnIndependentCount(int parallelism, String splitSize)
            throws IOException {
        check(RealLogs.file("hackers-access.log"), parallelism, splitSize);
    }

    @Test
    void generatedAccessLogTotalsMatchAnIndependentCount() throws IOException {
        Path log = dir.resolve("generated.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.COMBINED, 2_000_000, 11, log);

        check(log, 2, "16k");
    }

    private void check(Path log, int parallelism, String splitSize) throws IOException {
        Path json = dir.resolve("stats.json");
        Path html = dir.resolve("stats.html");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        splitSize,
                        "--buffer-size",
                        "4k",
                        "--quiet",
                        "--json",
                        json.toString(),
                        "--html",
                        html.toString(),
                        log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        Map<String, Long> status = new TreeMap<>();
        Map<String, Long> paths = new HashMap<>();
        long lines = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            lines++;
            Matcher matcher = STATUS.matcher(line);
            assertThat(matcher.find()).as(line).isTrue();
            status.merge(matcher.group(1), 1L, Long::sum);
            Matcher path = PATH.matcher(line);
            if (path.find()) {
                paths.merge(path.group(1), 1L, Long::sum);
            }
        }
        assertThat(stats.get("lines").asLong()).isEqualTo(lines);
        assertThat(stats.get("events").asLong()).isEqualTo(lines);
        assertThat(stats.get("malformed").asLong()).isZero();
        assertThat(stats.get("bytes").asLong()).isEqualTo(Files.size(log));
        Map<String, Long> reported = new TreeMap<>();
        stats.get("status")
                .fields()
                .forEachRemaining(e -> reported.put(e.getKey(), e.getValue().asLong()));
        assertThat(reported).isEqualTo(status);
        JsonNode topPath = stats.get("topPaths").get(0);
        long mostRequests = paths.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(topPath.get("count").asLong()).isEqualTo(mostRequests);
        assertThat(paths.get(topPath.get("value").asText())).isEqualTo(mostRequests);
        long timelineEvents = 0;
        for (JsonNode bucket : stats.get("timeline")) {
            timelineEvents += bucket.get("events").asLong();
        }
        assertThat(timelineEvents).isEqualTo(lines);
        assertThat(Files.readString(html))
                .contains("<svg")
                .containsOnlyOnce("<script")
                .contains("Content-Security-Policy");
    }
}
