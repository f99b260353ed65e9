package dev.logslice.report;

import dev.logslice.report.RankedTable.Unit;
import dev.logslice.stats.DailyVisitors;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.RowTotals;
import dev.logslice.stats.ValueCount;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

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
        for (Panel panel : Panel.PLAIN) {
            List<ValueCount> rows = stats.top(panel, report.top());
            long maxError = stats.topMaxError(panel);
            if (!rows.isEmpty() || maxError > 0) {
                tables.add(
                        RankedTable.of(
                                        panel.key(),
                                        panel.title() + report.coverageNote(panel),
                                        "value",
                                        rows,
                                        ValueCount::value,
                                        ValueCount::count,
                                        shareTotal(stats, panel),
                                        rowExtras(stats, panel, rows))
                                .withNote(
                                        joinNotes(
                                                estimateNote(rows, maxError),
                                                stats.rowTotalsExact(panel)
                                                        ? ""
                                                        : "visitors, bytes and times estimated")));
            }
        }
        tables.addAll(accessPanels(stats));
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

    /**
     * The columns a panel's rows add beside count and share: visitors, bytes and time served, each
     * only when some row of the format has it.
     */
    private static List<RankedTable.Extra<ValueCount>> rowExtras(
            LogStats stats, Panel panel, List<ValueCount> rows) {
        Map<String, RowTotals> totals = new HashMap<>();
        for (ValueCount row : rows) {
            RowTotals rowTotals = stats.rowTotals(panel, row.value());
            if (rowTotals != null) {
                totals.put(row.value(), rowTotals);
            }
        }
        List<RankedTable.Extra<ValueCount>> extras = new ArrayList<>();
        addExtra(extras, totals, "visitors", Unit.COUNT, RowTotals::hasVisitors, t -> t.visitors());
        addExtra(extras, totals, "bytes", Unit.BYTES, RowTotals::hasBytes, t -> t.bytes());
        addExtra(
                extras,
                totals,
                "avg time",
                Unit.SECONDS,
                RowTotals::hasTime,
                RowTotals::avgSeconds);
        addExtra(
                extras, totals, "p99 time", Unit.SECONDS, RowTotals::hasP99, RowTotals::p99Seconds);
        addExtra(
                extras,
                totals,
                "max time",
                Unit.SECONDS,
                RowTotals::hasTime,
                RowTotals::maxSeconds);
        return extras;
    }

    private static void addExtra(
            List<RankedTable.Extra<ValueCount>> extras,
            Map<String, RowTotals> totals,
            String name,
            Unit unit,
            Predicate<RowTotals> has,
            ToDoubleFunction<RowTotals> cell) {
        if (totals.values().stream().anyMatch(has)) {
            extras.add(
                    RankedTable.Extra.of(
                            name,
                            unit,
                            row -> {
                                RowTotals rowTotals = totals.get(row.value());
                                return rowTotals != null && has.test(rowTotals)
                                        ? cell.applyAsDouble(rowTotals)
                                        : Double.NaN;
                            }));
        }
    }

    /** Visitors per day, hour of day and the user agents' classes, where the input has them. */
    private static List<RankedTable> accessPanels(LogStats stats) {
        List<RankedTable> tables = new ArrayList<>();
        List<DailyVisitors.Row> days = stats.visitorsPerDay();
        if (!days.isEmpty()) {
            boolean exact = days.stream().allMatch(DailyVisitors.Row::exact);
            tables.add(
                    RankedTable.of(
                                    "visitorsPerDay",
                                    "Visitors per day (UTC; same client, day and user agent)",
                                    "day",
                                    days,
                                    day -> day.day().toString(),
                                    DailyVisitors.Row::hits,
                                    stats.events(),
                                    List.of(
                                            RankedTable.Extra.<DailyVisitors.Row>of(
                                                    "visitors",
                                                    Unit.COUNT,
                                                    DailyVisitors.Row::visitors),
                                            RankedTable.Extra.<DailyVisitors.Row>of(
                                                    "bytes", Unit.BYTES, DailyVisitors.Row::bytes)))
                            .withNote(exact ? "" : "visitors estimated"));
        }
        if (!stats.timeline().isEmpty()) {
            tables.add(
                    RankedTable.of(
                            "hourOfDay",
                            "Hour of day (UTC)",
                            "hour",
                            inHoursCovered(stats, stats.hourOfDay(), LogStats.HourOfDay::hour),
                            hour -> String.format("%02d:00", hour.hour()),
                            LogStats.HourOfDay::events,
                            stats.events(),
                            List.of(
                                    RankedTable.Extra.<LogStats.HourOfDay>of(
                                            "errors", Unit.COUNT, LogStats.HourOfDay::errors))));
        }
        agents(tables, "browsers", "Browsers (people)", "browser", stats.browsers(), stats);
        agents(
                tables,
                "operatingSystems",
                "Operating systems (people)",
                "system",
                stats.operatingSystems(),
                stats);
        agents(tables, "deviceClasses", "Device classes", "device", stats.deviceClasses(), stats);
        agents(tables, "crawlers", "Crawlers, bots and tools", "crawler", stats.crawlers(), stats);
        return tables;
    }

    /**
     * The rows of the hours the log's time range passes through: a log of an afternoon shows its
     * afternoon, not 20 rows of zeros for hours it does not cover (the JSON keeps all 24).
     */
    private static <T> List<T> inHoursCovered(
            LogStats stats, List<T> hours, ToIntFunction<T> hourOf) {
        boolean[] covered = stats.hoursCovered();
        return hours.stream().filter(row -> covered[hourOf.applyAsInt(row)]).toList();
    }

    /**
     * For app logs and syslog: the levels by hour of the day, then for each level that {@code
     * shown} keeps (worst first) its top templates, loggers and hosts, each row's share of the
     * level's events. Empty for logs without levels.
     */
    static List<RankedTable> levelPanels(StatsReport report, Predicate<String> shown) {
        LogStats stats = report.stats();
        List<RankedTable> tables = new ArrayList<>();
        List<LogStats.LevelsInHour> hours =
                inHoursCovered(stats, stats.levelsByHour(), LogStats.LevelsInHour::hour);
        if (!hours.isEmpty()) {
            List<RankedTable.Extra<LogStats.LevelsInHour>> levels = new ArrayList<>();
            for (String level : hours.get(0).levels().keySet()) {
                levels.add(
                        RankedTable.Extra.of(level, Unit.COUNT, hour -> hour.levels().get(level)));
            }
            tables.add(
                    RankedTable.of(
                            "levelsByHour",
                            "Levels by hour of day (UTC)",
                            "hour",
                            hours,
                            hour -> String.format("%02d:00", hour.hour()),
                            hour -> hour.levels().values().stream().mapToLong(n -> n).sum(),
                            sum(stats.levels()),
                            levels));
        }
        Map<String, Long> levelEvents = stats.levels();
        for (String level : levelEvents.keySet()) {
            if (!shown.test(level)) {
                continue;
            }
            for (Panel panel : Panel.BY_LEVEL) {
                List<ValueCount> rows =
                        stats.topByLevel(panel, report.top()).getOrDefault(level, List.of());
                if (!rows.isEmpty()) {
                    tables.add(
                            RankedTable.of(
                                            panel.key() + "-" + level,
                                            panel.title() + " at " + level,
                                            "value",
                                            rows,
                                            levelEvents.get(level))
                                    .withNote(estimateNote(rows, stats.topMaxError(panel))));
                }
            }
        }
        return tables;
    }

    private static void agents(
            List<RankedTable> tables,
            String id,
            String title,
            String valueName,
            List<ValueCount> counts,
            LogStats stats) {
        if (!counts.isEmpty()) {
            tables.add(RankedTable.of(id, title, valueName, counts, stats.events()));
        }
    }

    private static String joinNotes(String first, String second) {
        return first.isEmpty() || second.isEmpty() ? first + second : first + "; " + second;
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
