package dev.logslice.stats;

import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.report.StatsJson;
import dev.logslice.report.StatsReport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The panels of app logs and syslog by level (issue 18): levels by hour of the day, top templates,
 * loggers and hosts of each level, against counts made here from the generated lines, whatever
 * readers the lines go to and whatever order their partials merge in after a trip through bytes.
 */
class LevelPanelsTest {
    private static final LogFormat JSON =
            FormatRegistry.standard().create("json", FormatOptions.none());
    private static final long DAY0 = 1_772_323_200L; // 2026-03-01T00:00:00Z

    /** Levels as logs write them, with the name the report gives each. */
    private static final String[][] LEVELS = {
        {"error", "ERROR"},
        {"SEVERE", "ERROR"},
        {"warn", "WARN"},
        {"INFO", "INFO"},
        {"Info", "INFO"},
        {"debug", "DEBUG"},
        {"notice", "NOTICE"}
    };

    private static final String[] LOGGERS = {"com.example.Api", "db.pool", "[weird] logger"};
    private static final String[] HOSTS = {"web-1", "db 2", "<b>host</b>"};

    /** Messages without numbers or ids: each is its own template. */
    private static final String[] MESSAGES = {
        "cache miss for key", "disk full", "user logged in", "<script>alert(x)</script>"
    };

    @Property(tries = 40)
    void levelPanelsMatchTheCountsOfTheLinesInAnySplitAndMergeOrder(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 500) int events,
            @ForAll @IntRange(min = 1, max = 4) int readers) {
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        StatsFolder wholeFolder = new StatsFolder();
        List<LogStats> parts = new ArrayList<>();
        List<StatsFolder> folders = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            parts.add(new LogStats());
            folders.add(new StatsFolder());
        }
        Map<Integer, Map<String, Long>> byHour = new TreeMap<>();
        Map<String, Map<String, Long>> templates = new HashMap<>();
        Map<String, Map<String, Long>> loggers = new HashMap<>();
        Map<String, Map<String, Long>> hosts = new HashMap<>();
        for (int i = 0; i < events; i++) {
            long time = DAY0 + random.nextInt(3) * 86_400L + random.nextInt(86_400);
            String[] level = LEVELS[random.nextInt(LEVELS.length)];
            String logger = LOGGERS[random.nextInt(LOGGERS.length)];
            String host = HOSTS[random.nextInt(HOSTS.length)];
            String message = MESSAGES[random.nextInt(MESSAGES.length)];
            String line =
                    String.format(
                            "{\"time\":\"%s\",\"level\":\"%s\",\"logger\":\"%s\",\"host\":\"%s\","
                                    + "\"msg\":\"%s\"}",
                            Instant.ofEpochSecond(time), level[0], logger, host, message);
            int reader = random.nextInt(readers);
            wholeFolder.fold(Parsing.event(JSON, line), whole);
            folders.get(reader).fold(Parsing.event(JSON, line), parts.get(reader));

            int hour = (int) (time % 86_400 / 3600);
            byHour.computeIfAbsent(hour, h -> new HashMap<>()).merge(level[1], 1L, Long::sum);
            count(templates, level[1], message);
            count(loggers, level[1], logger);
            count(hosts, level[1], host);
        }
        Collections.shuffle(parts, random);
        LogStats merged = new LogStats();
        for (LogStats part : parts) {
            merged.merge(LogStats.fromBytes(part.toBytes()));
        }
        merged = LogStats.fromBytes(merged.toBytes());

        for (LogStats stats : List.of(whole, merged)) {
            List<LogStats.LevelsInHour> hours = stats.levelsByHour();
            assertThat(hours).hasSize(24);
            for (LogStats.LevelsInHour hour : hours) {
                Map<String, Long> expected = byHour.getOrDefault(hour.hour(), Map.of());
                hour.levels()
                        .forEach(
                                (level, count) ->
                                        assertThat(count)
                                                .as("%s at %02d:00", level, hour.hour())
                                                .isEqualTo(expected.getOrDefault(level, 0L)));
                assertThat(hour.levels().keySet()).containsAll(expected.keySet());
            }
            assertThat(byLevel(stats, Panel.TEMPLATES_BY_LEVEL)).isEqualTo(templates);
            assertThat(byLevel(stats, Panel.LOGGERS_BY_LEVEL)).isEqualTo(loggers);
            assertThat(byLevel(stats, Panel.HOSTS_BY_LEVEL)).isEqualTo(hosts);
            // The worst level first, as the levels panel orders them.
            assertThat(stats.topByLevel(Panel.LOGGERS_BY_LEVEL, 10).keySet())
                    .containsExactlyElementsOf(
                            stats.levels().keySet().stream().filter(loggers::containsKey).toList());
        }
    }

    @Test
    void eventsWithoutATimeCountInTheLevelsButInNoHour() {
        LogStats stats = new LogStats();
        stats.addUntimedEvent();
        stats.addLevel("DEBUG");
        stats.addEvent(DAY0 + 3 * 3600 + 5, false);
        stats.addLevel("INFO");
        stats.addUntimedEvent();
        stats.addLevel("INFO");

        LogStats merged = LogStats.fromBytes(stats.toBytes());

        assertThat(merged.levels()).containsExactly(Map.entry("INFO", 2L), Map.entry("DEBUG", 1L));
        assertThat(merged.levelsByHour()).hasSize(24);
        assertThat(merged.levelsByHour().get(3).levels()).containsExactly(Map.entry("INFO", 1L));
        assertThat(merged.levelsByHour().get(4).levels()).containsExactly(Map.entry("INFO", 0L));
    }

    @Test
    void aLevelHoldingTheSeparatorKeepsItsValueWhole() {
        LogStats stats = new LogStats();
        StatsFolder folder = new StatsFolder();
        folder.fold(
                Parsing.event(
                        JSON,
                        "{\"time\":\"2026-03-01T10:00:00Z\",\"level\":\"odd\\u001flevel\","
                                + "\"logger\":\"a.b\",\"msg\":\"hello\"}"),
                stats);

        Map<String, List<ValueCount>> loggers = stats.topByLevel(Panel.LOGGERS_BY_LEVEL, 10);

        assertThat(loggers).containsOnlyKeys("ODD?LEVEL");
        assertThat(loggers.get("ODD?LEVEL")).containsExactly(new ValueCount("a.b", 1));
    }

    @Test
    void theJsonHasLevelsByHourAndEachLevelsTopRowsWithTheirShare(@TempDir Path dir)
            throws IOException {
        LogStats stats = new LogStats();
        StatsFolder folder = new StatsFolder();
        for (int i = 0; i < 4; i++) {
            folder.fold(
                    Parsing.event(
                            JSON,
                            String.format(
                                    "{\"time\":\"2026-03-01T0%d:00:00Z\",\"level\":\"%s\","
                                            + "\"logger\":\"a.b\",\"host\":\"h\",\"msg\":\"%s\"}",
                                    i,
                                    i == 0 ? "ERROR" : "INFO",
                                    i % 2 == 0 ? "disk full" : "user logged in")),
                    stats);
        }
        Path file = dir.resolve("report.json");

        StatsJson.write(new StatsReport(stats, "json", 10, 3600, 1, 1), file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("levelsByHour")).hasSize(24);
        assertThat(json.at("/levelsByHour/0/levels/ERROR").asLong()).isEqualTo(1);
        assertThat(json.at("/levelsByHour/2/levels/INFO").asLong()).isEqualTo(1);
        JsonNode info = json.at("/topTemplatesByLevel/INFO");
        assertThat(info.get(0).get("value").asText()).isEqualTo("user logged in");
        assertThat(info.get(0).get("count").asLong()).isEqualTo(2);
        assertThat(info.get(0).get("share").asDouble()).isEqualTo(2 / 3.0);
        assertThat(json.at("/topLoggersByLevel/ERROR/0/value").asText()).isEqualTo("a.b");
        assertThat(json.at("/topHostsByLevel/INFO/0/count").asLong()).isEqualTo(3);
    }

    @Test
    void pastTheExactRangeTheJsonSaysHowFarTheByLevelCountsMayBeOff(@TempDir Path dir)
            throws IOException {
        LogStats stats = new LogStats();
        byte[] level = "INFO".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < 60_000; i++) {
            byte[] logger = ("com.example.L" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            stats.addByLevel(Panel.LOGGERS_BY_LEVEL, level, logger, 0, logger.length);
        }
        Path file = dir.resolve("report.json");

        StatsJson.write(new StatsReport(stats, "json", 10, 3600, 1, 1), file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.at("/topMaxErrors/topLoggersByLevel").asLong()).isPositive();
    }

    private static void count(Map<String, Map<String, Long>> counts, String level, String value) {
        counts.computeIfAbsent(level, l -> new HashMap<>()).merge(value, 1L, Long::sum);
    }

    private static Map<String, Map<String, Long>> byLevel(LogStats stats, Panel panel) {
        Map<String, Map<String, Long>> byLevel = new HashMap<>();
        stats.topByLevel(panel, 100)
                .forEach(
                        (level, rows) -> {
                            Map<String, Long> counts = new HashMap<>();
                            rows.forEach(row -> counts.put(row.value(), row.count()));
                            byLevel.put(level, counts);
                        });
        return byLevel;
    }
}
