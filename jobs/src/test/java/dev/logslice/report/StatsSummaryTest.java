package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The terminal summary: within the width, buckets in whole units, the same buckets as the page. */
class StatsSummaryTest {
    private static final long START = Instant.parse("2026-03-05T10:00:00Z").getEpochSecond();

    /** Many status codes (the 313-character line of issue 18) and very long values. */
    private static LogStats wideStats(long spanSeconds) {
        LogStats stats = new LogStats();
        for (int i = 0; i < 3000; i++) {
            stats.addLine(300);
            stats.addEvent(START + i * (spanSeconds / 3000), i % 50 == 0);
            stats.addStatus(
                    new int[] {
                                200, 201, 204, 206, 301, 302, 304, 400, 401, 403, 404, 405, 408,
                                429, 499, 500, 502, 503, 504
                            }
                            [i % 19]);
            stats.add(Panel.USER_AGENTS, "Mozilla/5.0 (X11; Linux x86_64) " + "x".repeat(300));
            stats.add(Panel.PATHS, "/日本語/" + "ページ".repeat(60) + "?q=" + (i % 3));
            stats.addResponseBytes(1000 + i);
        }
        return stats;
    }

    private static String summary(StatsReport report, Terminal terminal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StatsSummary.print(report, new PrintStream(out, true, StandardCharsets.UTF_8), terminal);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyLineFitsTheTerminalWidth() {
        LogStats stats = wideStats(7 * 86_400);
        StatsReport report =
                new StatsReport(stats, "combined", 10, stats.timeline().autoBucketSeconds(), 1, 1);
        for (int columns : new int[] {40, 80, 132}) {
            String text = summary(report, new Terminal(columns, false));

            assertThat(text.lines())
                    .allSatisfy(
                            line ->
                                    assertThat(Terminal.width(line))
                                            .as(line)
                                            .isLessThanOrEqualTo(columns));
            assertThat(text).contains("…").contains("504 ");
        }
    }

    @Test
    void timelineSaysItsBucketInWholeUnitsAndShowsTheBucketsOfThePage() {
        LogStats stats = wideStats(7 * 86_400);
        StatsReport report =
                new StatsReport(stats, "combined", 10, stats.timeline().autoBucketSeconds(), 1, 1);

        String text = summary(report, Terminal.PLAIN);

        assertThat(text).contains("Timeline: events per 6 h (errors in brackets)");
        assertThat(StatsHtml.render(report)).contains("Timeline: events and errors per 6 h");
        List<String> rows =
                text.lines().filter(line -> line.matches("  \\d{4}-\\d\\d-\\d\\dT.*")).toList();
        assertThat(rows).hasSize(report.timeline().size());
        assertThat(rows.get(0)).startsWith("  2026-03-05T06:00:00Z ");
        assertThat(text).doesNotContain("min)").doesNotContain("10080");
    }

    @Test
    void weeklyBucketsReadAsWeeks() {
        LogStats stats = wideStats(400 * 86_400L);
        StatsReport report =
                new StatsReport(stats, "combined", 10, stats.timeline().autoBucketSeconds(), 1, 1);

        String text = summary(report, Terminal.PLAIN);

        assertThat(text).containsPattern("Timeline: events per \\d+ weeks");
        // The first week starts on the Monday before Thursday 2026-03-05.
        assertThat(text).contains("  2026-03-02T00:00:00Z ");
    }

    @Test
    void responseBytesAreShownAndTimesKeepTheirSeconds() {
        LogStats stats = wideStats(3000);
        StatsReport report = new StatsReport(stats, "combined", 10, 60, 1, 1);

        String text = summary(report, Terminal.PLAIN);

        long bytes = 3000 * 1000L + 2999L * 3000 / 2;
        assertThat(text)
                .contains(String.format("response bytes %s (%,d B)", Human.bytes(bytes), bytes));
        assertThat(text).contains("from 2026-03-05T10:00:00Z to ");
    }

    @Test
    void aFormatWithoutResponseSizesHasNoResponseBytes() {
        LogStats stats = new LogStats();
        for (int i = 0; i < 10; i++) {
            stats.addLine(100);
            stats.addEvent(START + i, false);
            stats.addStatus(200);
            stats.add(Panel.CLIENTS, "10.0.0." + i);
        }
        StatsReport report = new StatsReport(stats, "w3c", 10, 60, 1, 1);

        String text = summary(report, Terminal.PLAIN);

        assertThat(text).contains("Clients 10 unique\n").doesNotContain("response bytes");
        assertThat(stats.eventsWithResponseBytes()).isZero();
    }

    @Test
    void coloursOnlyWhenAsked() {
        LogStats stats = wideStats(3000);
        StatsReport report = new StatsReport(stats, "combined", 10, 60, 1, 1);

        assertThat(summary(report, new Terminal(80, true))).contains("\u001b[31m504 ");
        assertThat(summary(report, new Terminal(80, false))).doesNotContain("\u001b");
    }

    @Test
    void durationsInTheirLargestWholeUnit() {
        assertThat(Human.duration(60)).isEqualTo("1 min");
        assertThat(Human.duration(90 * 60)).isEqualTo("90 min");
        assertThat(Human.duration(12 * 3600)).isEqualTo("12 h");
        assertThat(Human.duration(86_400)).isEqualTo("1 day");
        assertThat(Human.duration(2 * 86_400)).isEqualTo("2 days");
        assertThat(Human.duration(10080 * 60)).isEqualTo("1 week");
        assertThat(Human.duration(3 * 10080 * 60)).isEqualTo("3 weeks");
        assertThat(Human.duration(45)).isEqualTo("45 s");
    }

    @Test
    void timesKeepTheirSeconds() {
        assertThat(StatsReport.iso(Instant.parse("2026-03-01T00:00:00Z").getEpochSecond()))
                .isEqualTo("2026-03-01T00:00:00Z");
        assertThat(StatsReport.iso(Instant.parse("2026-03-01T00:08:04Z").getEpochSecond()))
                .isEqualTo("2026-03-01T00:08:04Z");
    }
}
