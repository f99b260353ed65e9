package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.ValueCount;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables of a report, made once for the terminal and the page so that both show the same rows,
 * shares and notes: the breakdowns (status, methods, levels) and the top-N panels.
 */
final class ReportTables {
    static final String STATUS_CLASSES = "status-classes";

    private ReportTables() {}

    /** Status codes, methods and levels: the tables with a tone per row. */
    static List<RankedTable> breakdowns(LogStats stats) {
        List<RankedTable> tables = new ArrayList<>();
        Map<String, Long> codes = new LinkedHashMap<>();
        stats.status().forEach((code, count) -> codes.put(String.valueOf(code), count));
        long responses = sum(codes);
        tables.add(
                RankedTable.ofCounts(
                                STATUS_CLASSES,
                                "Status classes",
                                "class",
                                stats.statusClasses(),
                                responses)
                        .withTones(RankedTable::statusTone));
        tables.add(
                RankedTable.ofCounts("status", "Status codes", "status", codes, responses)
                        .withTones(RankedTable::statusTone));
        // Shares of the events that have the field: in a run over access and app logs, an
        // ERROR's share is of the app logs' events.
        tables.add(
                RankedTable.ofCounts(
                        "methods", "Methods", "method", stats.methods(), sum(stats.methods())));
        tables.add(
                RankedTable.ofCounts(
                                "levels", "Levels", "level", stats.levels(), sum(stats.levels()))
                        .withTones(RankedTable::levelTone));
        return tables.stream().filter(table -> !table.rows().isEmpty()).toList();
    }

    /**
     * The top-N panels with rows or an estimate to note, then the {@code --top-field} panels (with
     * rows or not: the user asked for them).
     */
    static List<RankedTable> panels(StatsReport report) {
        LogStats stats = report.stats();
        List<RankedTable> tables = new ArrayList<>();
        for (Panel panel : Panel.values()) {
            List<ValueCount> rows = stats.top(panel, report.top());
            long maxError = stats.topMaxError(panel);
            if (!rows.isEmpty() || maxError > 0) {
                tables.add(
                        RankedTable.of(
                                        panel.key(),
                                        panel.title() + report.coverageNote(panel),
                                        "value",
                                        rows,
                                        shareTotal(stats, panel))
                                .withNote(estimateNote(rows, maxError)));
            }
        }
        for (String field : report.topFields()) {
            List<ValueCount> rows = stats.topField(field, report.top());
            tables.add(
                    RankedTable.of(
                                    "field-" + field,
                                    "Top values of " + field,
                                    field,
                                    rows,
                                    stats.events())
                            .withNote(
                                    stats.hasTopField(field)
                                            ? estimateNote(rows, stats.topFieldMaxError(field))
                                            : "no event has this field"));
        }
        return tables;
    }

    private static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    private static String estimateNote(List<ValueCount> rows, long maxError) {
        if (maxError <= 0) {
            return "";
        }
        return rows.isEmpty()
                ? String.format("none stands out (too many distinct values; counts ±%,d)", maxError)
                : String.format("estimated, ±%,d", maxError);
    }

    /** What a panel's shares are of: its events (404 responses, error events), else all. */
    private static long shareTotal(LogStats stats, Panel panel) {
        return switch (panel) {
            case NOT_FOUND_PATHS -> stats.status().getOrDefault(404, 0L);
            case ERRORS -> stats.timeline().errors();
            default -> stats.events();
        };
    }
}
