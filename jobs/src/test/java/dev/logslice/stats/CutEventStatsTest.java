package dev.logslice.stats;

import dev.logslice.format.LogFormat;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.testing.Parsing;
import dev.logslice.report.StatsCsv;
import dev.logslice.report.StatsHtml;
import dev.logslice.report.StatsJson;
import dev.logslice.report.StatsReport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Events cut at their bounds are counted and sampled in the stats, across partials. */
class CutEventStatsTest {
    private static final LogFormat HADOOP = Log4jPreset.HADOOP.format();

    @Test
    void cutEventsAreCountedAndSampled() {
        LogStats first = fold("part1.log", 3);
        LogStats second = fold("part2.log", 3);
        LogStats merged = LogStats.fromBytes(first.toBytes());
        merged.merge(LogStats.fromBytes(second.toBytes()));

        assertThat(first.cutEvents()).isEqualTo(1);
        assertThat(merged.cutEvents()).isEqualTo(2);
        assertThat(merged.events()).isEqualTo(4);
        assertThat(merged.malformed()).isZero();
        MalformedSample sample = merged.cutEventSamples().get(0);
        assertThat(sample.file()).isEqualTo("part1.log");
        assertThat(sample.offset()).isZero();
        assertThat(sample.reason()).isEqualTo("cut: 6 lines, 3 not kept");
        assertThat(sample.excerpt()).startsWith("failed\\x0ajava.lang.IllegalStateException");
    }

    @Test
    void theJsonReportCarriesThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stats.json");

        StatsJson.write(new StatsReport(fold("f.log", 2), "hadoop", 10, 60, 1, 1), file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("cutEvents").asLong()).isEqualTo(1);
        assertThat(json.get("cutEventSamples").get(0).get("reason").asText())
                .isEqualTo("cut: 6 lines, 4 not kept");
    }

    @Test
    void theHtmlAndCsvReportsCarryThemAsTheJsonDoes(@TempDir Path dir) throws Exception {
        LogStats stats = fold("<b>f.log", 2);
        StatsReport report = new StatsReport(stats, "hadoop", 10, 60, 1, 1);
        Path csv = dir.resolve("csv");

        StatsCsv.write(report, csv);
        StatsHtml.write(report, dir.resolve("stats.html"));
        String html = Files.readString(dir.resolve("stats.html"));

        assertThat(Files.readAllLines(csv.resolve("summary.csv"))).contains("cutEvents,1");
        assertThat(Files.readAllLines(csv.resolve("cutEventSamples.csv")))
                .containsExactly(
                        "file,offset,reason,excerpt",
                        "<b>f.log,0,\"cut: 6 lines, 4 not kept\","
                                + "failed\\x0ajava.lang.IllegalStateException: boom");
        assertThat(html)
                .contains("Cut events: 1 past --max-event-lines")
                .contains("&lt;b&gt;f.log")
                .contains("cut: 6 lines, 4 not kept")
                .doesNotContain("<b>f.log");
    }

    @Test
    void withinTheBoundsNothingIsCut() {
        assertThat(fold("f.log", EventBounds.DEFAULT_MAX_LINES).cutEvents()).isZero();
    }

    private static LogStats fold(String file, int maxLines) {
        String log =
                "2015-10-18 18:01:47,978 ERROR [main] a.B: failed\n"
                        + "java.lang.IllegalStateException: boom\n"
                        + "\tat a.B.run(B.java:1)\n"
                        + "\tat a.B.main(B.java:2)\n"
                        + "Caused by: java.io.IOException: closed\n"
                        + "\t... 2 more\n"
                        + "2015-10-18 18:01:48,000 INFO [main] a.B: retried\n";
        LogStats stats = new LogStats();
        StatsFolder folder = new StatsFolder();
        EventAssembler assembler =
                new EventAssembler(
                        HADOOP,
                        HADOOP.newParser(Parsing.CONTEXT),
                        EventBounds.of(maxLines, 1 << 20),
                        result -> folder.fold(result, stats));
        long offset = 0;
        for (String line : log.split("\n")) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assembler.accept(bytes, 0, bytes.length, file, offset);
            offset += bytes.length + 1;
        }
        assembler.finish();
        return stats;
    }
}
