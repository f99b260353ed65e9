package dev.logslice.report;

import dev.logslice.stats.LogStats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hour-of-day panels of the summary and the HTML page list the hours the log's time range
 * passes through: for a log of less than a day, not the hours it never reaches.
 */
class HoursCoveredTest {
    private static final long DAY0 = 1_772_323_200L; // 2026-03-01T00:00:00Z

    @Property(tries = 200)
    void theHourPanelsListTheHoursFromTheFirstEventToTheLast(
            @ForAll @LongRange(min = 0, max = 86_399) long startInDay,
            @ForAll @LongRange(min = 0, max = 3 * 86_400) long span,
            @ForAll @IntRange(min = 2, max = 30) int events) {
        LogStats stats = new LogStats();
        long first = DAY0 + startInDay;
        Set<Integer> expected = new TreeSet<>();
        for (long t = first - first % 3600; t <= first + span; t += 3600) {
            expected.add((int) (t % 86_400 / 3600));
        }
        for (int i = 0; i < events; i++) {
            long time = first + span * i / (events - 1);
            stats.addEvent(time, i % 3 == 0);
            stats.addLevel(i % 3 == 0 ? "ERROR" : "INFO");
        }

        List<RankedTable> tables = new ArrayList<>(ReportTables.panels(report(stats)));
        tables.addAll(ReportTables.levelPanels(report(stats), level -> true));

        for (String id : List.of("hourOfDay", "levelsByHour")) {
            RankedTable hours = tables.stream().filter(t -> t.id().equals(id)).findFirst().get();
            Set<Integer> shown = new TreeSet<>();
            long counted = 0;
            for (RankedTable.Row row : hours.rows()) {
                shown.add(Integer.parseInt(row.value().substring(0, 2)));
                counted += row.count();
            }
            assertThat(shown).as(id).isEqualTo(expected);
            assertThat(counted).as("no event left out of " + id).isEqualTo(events);
        }
        // The JSON keeps every hour.
        assertThat(stats.hourOfDay()).hasSize(24);
        assertThat(stats.levelsByHour()).hasSize(24);
    }

    private static StatsReport report(LogStats stats) {
        return new StatsReport(stats, "json", 10, 3600, 1, 1);
    }
}
