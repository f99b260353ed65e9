package dev.logslice.report;

import dev.logslice.stats.DailyVisitors;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.RowTotals;
import dev.logslice.stats.ValueCount;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The panels of issue 18 (visitors per day, hour of day, per-row totals) as plain tables, which the
 * terminal summary and the HTML page each render in their own way: one source for what they show.
 */
final class PanelTables {
    /** Widest value the terminal shows before cutting it with {@code …}. */
    private static final int MAX_TERMINAL_VALUE = 60;

    private PanelTables() {}

    /**
     * A table: the last column holds log text (left-aligned, escaped by the renderer); the others
     * are numbers.
     */
    record Table(String title, List<String> header, List<List<String>> rows) {}

    static List<Table> of(StatsReport report) {
        LogStats stats = report.stats();
        List<Table> tables = new ArrayList<>();
        List<DailyVisitors.Row> days = stats.visitorsPerDay();
        if (!days.isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            for (DailyVisitors.Row day : days) {
                rows.add(
                        List.of(
                                (day.exact() ? "" : "~") + String.format("%,d", day.visitors()),
                                String.format("%,d", day.hits()),
                                Human.bytes(day.bytes()),
                                day.day().toString()));
            }
            tables.add(
                    new Table(
                            "Visitors per day (UTC; same client, day and user agent)",
                            List.of("visitors", "hits", "bytes", "day"),
                            rows));
        }
        if (!stats.timeline().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            for (LogStats.HourOfDay hour : stats.hourOfDay()) {
                rows.add(
                        List.of(
                                String.format("%,d", hour.events()),
                                String.format("%,d", hour.errors()),
                                String.format("%02d:00", hour.hour())));
            }
            tables.add(new Table("Hour of day (UTC)", List.of("events", "errors", "hour"), rows));
        }
        agents(tables, "Browsers (people)", "browser", stats.browsers(), stats.events());
        agents(
                tables,
                "Operating systems (people)",
                "system",
                stats.operatingSystems(),
                stats.events());
        agents(tables, "Device classes", "device", stats.deviceClasses(), stats.events());
        agents(tables, "Crawlers, bots and tools", "crawler", stats.crawlers(), stats.events());
        for (Panel panel : Panel.values()) {
            Table totals = totals(stats, panel, stats.top(panel, report.top()));
            if (totals != null) {
                tables.add(totals);
            }
        }
        return tables;
    }

    /** Counts by a user agent's class, with their share of all events. */
    private static void agents(
            List<Table> tables, String title, String column, List<ValueCount> counts, long total) {
        if (counts.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (ValueCount count : counts) {
            rows.add(
                    List.of(
                            String.format("%,d", count.count()),
                            Human.percent(count.count(), total),
                            count.value()));
        }
        tables.add(new Table(title, List.of("count", "share", column), rows));
    }

    /** A panel's rows with share, visitors, bytes and time served; null when none has a total. */
    private static Table totals(LogStats stats, Panel panel, List<ValueCount> values) {
        List<PanelRow> rows =
                values.stream().map(value -> PanelRow.of(stats, panel, value)).toList();
        boolean visitors =
                rows.stream().anyMatch(row -> row.totals() != null && row.totals().hasVisitors());
        boolean bytes =
                rows.stream().anyMatch(row -> row.totals() != null && row.totals().hasBytes());
        boolean time =
                rows.stream().anyMatch(row -> row.totals() != null && row.totals().hasTime());
        if (!visitors && !bytes && !time) {
            return null;
        }
        List<String> header = new ArrayList<>(List.of("count", "share"));
        if (visitors) {
            header.add("visitors");
        }
        if (bytes) {
            header.add("bytes");
        }
        if (time) {
            header.addAll(List.of("avg s", "max s"));
        }
        header.add(panel.key());
        List<List<String>> cells = new ArrayList<>();
        for (PanelRow row : rows) {
            RowTotals totals = row.totals();
            List<String> line = new ArrayList<>();
            line.add(String.format("%,d", row.count()));
            line.add(row.percent());
            if (visitors) {
                line.add(
                        totals == null || !totals.hasVisitors()
                                ? ""
                                : (totals.visitorsExact() ? "" : "~")
                                        + String.format("%,d", totals.visitors()));
            }
            if (bytes) {
                line.add(totals == null || !totals.hasBytes() ? "" : Human.bytes(totals.bytes()));
            }
            if (time) {
                boolean has = totals != null && totals.hasTime();
                line.add(has ? String.format("%.3f", totals.avgSeconds()) : "");
                line.add(has ? String.format("%.3f", totals.maxSeconds()) : "");
            }
            line.add(row.value());
            cells.add(line);
        }
        String exact = stats.rowTotalsExact(panel) ? "" : " (totals of rows estimated)";
        return new Table(panel.title() + ": share, visitors, bytes, time" + exact, header, cells);
    }

    /** The tables on a terminal: numbers right-aligned, the value cut to fit and escaped. */
    static void print(List<Table> tables, PrintStream out) {
        for (Table table : tables) {
            int columns = table.header().size();
            int[] widths = new int[columns - 1];
            for (int c = 0; c < columns - 1; c++) {
                widths[c] = table.header().get(c).length();
                for (List<String> row : table.rows()) {
                    widths[c] = Math.max(widths[c], row.get(c).length());
                }
            }
            out.printf("%n%s%n", table.title());
            out.println(line(widths, table.header()));
            for (List<String> row : table.rows()) {
                out.println(line(widths, row));
            }
        }
    }

    private static String line(int[] widths, List<String> cells) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            line.append(String.format("%" + (widths[c] + 2) + "s", cells.get(c)));
        }
        String value = LogText.forTerminal(cells.get(widths.length));
        if (value.length() > MAX_TERMINAL_VALUE) {
            value = value.substring(0, MAX_TERMINAL_VALUE - 1) + "…";
        }
        return line.append("  ").append(value).toString();
    }

    /** The tables as plain HTML tables; every cell escaped. */
    static void appendHtml(List<Table> tables, StringBuilder html) {
        for (Table table : tables) {
            html.append("<h2>").append(LogText.forHtml(table.title())).append("</h2><table><tr>");
            for (String column : table.header()) {
                html.append("<th>").append(LogText.forHtml(column)).append("</th>");
            }
            html.append("</tr>");
            for (List<String> row : table.rows()) {
                html.append("<tr>");
                for (int c = 0; c < row.size(); c++) {
                    boolean value = c == row.size() - 1;
                    html.append(value ? "<td class=\"v\"><code>" : "<td class=\"n\">")
                            .append(LogText.forHtml(row.get(c)))
                            .append(value ? "</code></td>" : "</td>");
                }
                html.append("</tr>");
            }
            html.append("</table>");
        }
    }
}
