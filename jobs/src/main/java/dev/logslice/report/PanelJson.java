package dev.logslice.report;

import dev.logslice.stats.DailyVisitors;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.RowTotals;
import dev.logslice.stats.ValueCount;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The JSON of the panels of issue 18: per-row totals, visitors per day, hour of day, and the
 * levels' panels.
 */
final class PanelJson {
    private PanelJson() {}

    /** A row's {@code share}, and its {@code visitors}, {@code bytes} and time where known. */
    static void writeTotals(JsonGenerator json, PanelRow row) throws IOException {
        json.writeNumberField("share", row.share());
        RowTotals totals = row.totals();
        if (totals == null) {
            return;
        }
        if (totals.hasVisitors()) {
            json.writeNumberField("visitors", totals.visitors());
        }
        if (totals.hasBytes()) {
            json.writeNumberField("bytes", totals.bytes());
        }
        if (totals.hasTime()) {
            json.writeObjectFieldStart("timeServed");
            json.writeNumberField("avg", totals.avgSeconds());
            if (totals.hasP99()) {
                json.writeNumberField("p99", totals.p99Seconds());
            }
            json.writeNumberField("max", totals.maxSeconds());
            json.writeEndObject();
        }
    }

    private static void writeCounts(JsonGenerator json, String key, List<ValueCount> counts)
            throws IOException {
        json.writeArrayFieldStart(key);
        for (ValueCount count : counts) {
            json.writeStartObject();
            json.writeStringField("value", count.value());
            json.writeNumberField("count", count.count());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    static void write(JsonGenerator json, StatsReport report) throws IOException {
        LogStats stats = report.stats();
        json.writeArrayFieldStart("visitorsPerDay");
        for (DailyVisitors.Row day : stats.visitorsPerDay()) {
            json.writeStartObject();
            json.writeStringField("day", day.day().toString());
            json.writeNumberField("visitors", day.visitors());
            if (!day.exact()) {
                json.writeBooleanField("estimated", true);
            }
            json.writeNumberField("hits", day.hits());
            json.writeNumberField("bytes", day.bytes());
            json.writeEndObject();
        }
        json.writeEndArray();
        writeCounts(json, "browsers", stats.browsers());
        writeCounts(json, "operatingSystems", stats.operatingSystems());
        writeCounts(json, "deviceClasses", stats.deviceClasses());
        writeCounts(json, "crawlers", stats.crawlers());
        json.writeArrayFieldStart("hourOfDay");
        for (LogStats.HourOfDay hour : stats.hourOfDay()) {
            json.writeStartObject();
            json.writeNumberField("hour", hour.hour());
            json.writeNumberField("events", hour.events());
            json.writeNumberField("errors", hour.errors());
            json.writeEndObject();
        }
        json.writeEndArray();
        writeLevelPanels(json, report);
    }

    /**
     * {@code levelsByHour} (24 x {@code {hour, levels: {LEVEL: events}}}, empty without levels),
     * and each by-level panel as {@code {LEVEL: [{value, count, share}]}}, the worst level first,
     * shares of the level's events.
     */
    private static void writeLevelPanels(JsonGenerator json, StatsReport report)
            throws IOException {
        LogStats stats = report.stats();
        json.writeArrayFieldStart("levelsByHour");
        for (LogStats.LevelsInHour hour : stats.levelsByHour()) {
            json.writeStartObject();
            json.writeNumberField("hour", hour.hour());
            json.writeObjectFieldStart("levels");
            for (Map.Entry<String, Long> level : hour.levels().entrySet()) {
                json.writeNumberField(level.getKey(), level.getValue());
            }
            json.writeEndObject();
            json.writeEndObject();
        }
        json.writeEndArray();
        Map<String, Long> levels = stats.levels();
        for (Panel panel : Panel.BY_LEVEL) {
            json.writeObjectFieldStart(panel.key());
            for (Map.Entry<String, List<ValueCount>> level :
                    stats.topByLevel(panel, report.top()).entrySet()) {
                long events = levels.getOrDefault(level.getKey(), 0L);
                json.writeArrayFieldStart(level.getKey());
                for (ValueCount row : level.getValue()) {
                    json.writeStartObject();
                    json.writeStringField("value", row.value());
                    json.writeNumberField("count", row.count());
                    json.writeNumberField("share", events > 0 ? (double) row.count() / events : 0);
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            json.writeEndObject();
        }
    }
}
