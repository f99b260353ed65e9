package dev.logslice.report;

import dev.logslice.format.Severity;
import dev.logslice.report.Terminal.Tone;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Timeline;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The stats report as a terminal reads it: totals, mixes, top-N panels, a timeline; every line
 * within the terminal's width (breakdowns wrap, long values are cut with {@code …}; the full values
 * are in the JSON, CSV and HTML).
 */
public final class StatsSummary {
    private static final int BAR_WIDTH = 40;
    private static final int MAX_FORMAT_FILES = 5;

    /** Where the breakdowns' items start, after their title. */
    private static final int BREAKDOWN_INDENT = 16;

    /** More buckets than this (a --bucket much finer than the span) are left to the files. */
    static final int MAX_TIMELINE_ROWS = 200;

    private StatsSummary() {}

    /** Plain, 80 columns wide: for files, pipes and tests. */
    public static void print(StatsReport report, PrintStream out) {
        print(report, out, Terminal.PLAIN);
    }

    public static void print(StatsReport report, PrintStream out, Terminal terminal) {
        new Printer(out, terminal).print(report);
    }

    private record Printer(PrintStream out, Terminal terminal) {
        void print(StatsReport report) {
            LogStats stats = report.stats();
            line(
                    String.format(
                            "%,d lines, %s, %,d events in %.2f s (format %s, parallelism %d)",
                            stats.lines(),
                            Human.bytes(stats.bytes()),
                            stats.events(),
                            report.elapsedNanos() / 1e9,
                            LogText.forTerminal(report.format()),
                            report.parallelism()));
            line(
                    String.format(
                                    "malformed %,d, oversized %,d",
                                    stats.malformed(), stats.oversized())
                            + (stats.blankLines() == 0
                                    ? ""
                                    : String.format(", blank %,d", stats.blankLines()))
                            + (stats.filteredEvents() == 0
                                    ? ""
                                    : String.format(
                                            ", left out by the filters %,d events",
                                            stats.filteredEvents())));
            long[] range = stats.timeRange();
            if (range != null) {
                line(
                        String.format(
                                "from %s to %s",
                                StatsReport.iso(range[0]), StatsReport.iso(range[1])));
            }
            printFormats(report);
            for (RankedTable table : ReportTables.breakdowns(stats)) {
                breakdown(table);
            }
            if (!stats.status().isEmpty()) {
                out.println();
                String clients =
                        String.format(
                                "Clients %s%,d unique",
                                stats.uniqueClientsExact() ? "" : "~", stats.uniqueClients());
                // A format without a response size has no bytes to tell, not 0 of them.
                line(
                        stats.eventsWithResponseBytes() == 0
                                ? clients
                                : String.format(
                                        "%s; response bytes %s (%,d B)",
                                        clients,
                                        Human.bytes(stats.responseBytes()),
                                        stats.responseBytes()));
            }
            if (stats.hasRequestTimes()) {
                line(
                        String.format(
                                "Request time p50 %.3f s, p90 %.3f s, p99 %.3f s",
                                stats.requestTimeQuantile(0.5),
                                stats.requestTimeQuantile(0.9),
                                stats.requestTimeQuantile(0.99)));
            }
            for (RankedTable table : ReportTables.panels(report)) {
                panel(table);
            }
            // Levels below WARN have the most events and the least to say: the page has them.
            for (RankedTable table :
                    ReportTables.levelPanels(report, StatsSummary::warningOrWorse)) {
                panel(table);
            }
            printTimeline(report);
            if (!stats.malformedSamples().isEmpty()) {
                stats.malformedByFile()
                        .forEach(
                                (file, count) ->
                                        line(
                                                String.format(
                                                        "malformed in %s: %,d",
                                                        LogText.forTerminal(file), count)));
                out.println();
                title(String.format("Malformed lines (first %d)", stats.malformedSamples().size()));
                printSamples(stats.malformedSamples());
            }
            if (stats.cutEvents() > 0) {
                out.println();
                line(
                        String.format(
                                "cut events %,d (past --max-event-lines or --max-event-bytes;"
                                        + " first %d)",
                                stats.cutEvents(), stats.cutEventSamples().size()));
                printSamples(stats.cutEventSamples());
            }
            out.println();
            line(
                    String.format(
                            "I/O: %,d splits, %,d read calls, %.3f s in reads",
                            stats.splits().size(), report.readCalls(), report.readNanos() / 1e9));
            InputFileNotes.print(out, stats.splits(), report.undetected());
        }

        /** A line of safe text, cut to the width. */
        private void line(String text) {
            out.println(terminal.fit(text));
        }

        private void title(String text) {
            out.println(terminal.paint(terminal.fit(text), Tone.TITLE));
        }

        /** A breakdown on one line and more: title, then "value count (share)" items, wrapped. */
        private void breakdown(RankedTable table) {
            StringBuilder line = new StringBuilder(String.format("%-15s", table.title()));
            int used = line.length();
            for (RankedTable.Row row : table.rows()) {
                String item =
                        Terminal.cut(LogText.forTerminal(row.value()), terminal.columns() / 2)
                                + String.format(
                                        " %,d (%s)",
                                        row.count(), Human.percent(row.count(), table.total()));
                int width = Terminal.width(item);
                if (used > BREAKDOWN_INDENT && used + 1 + width > terminal.columns()) {
                    out.println(line);
                    line.setLength(0);
                    line.append(" ".repeat(BREAKDOWN_INDENT - 1));
                    used = BREAKDOWN_INDENT - 1;
                }
                line.append(' ').append(terminal.paint(item, row.tone()));
                used += 1 + width;
            }
            out.println(line);
        }

        /** A panel: its title, a heading, then count, share, further columns and the value. */
        private void panel(RankedTable table) {
            out.println();
            String title = LogText.forTerminal(table.title());
            if (table.rows().isEmpty()) {
                line(title + ": " + table.note());
                return;
            }
            title(title + (table.note().isEmpty() ? "" : " (" + table.note() + ")"));
            List<String> headings = new ArrayList<>();
            List<List<String>> cells = new ArrayList<>();
            headings.add("count");
            if (table.total() > 0) {
                headings.add("share");
            }
            // Level names head the columns of the levels by hour: log text.
            table.columns().forEach(column -> headings.add(LogText.forTerminal(column.name())));
            for (RankedTable.Row row : table.rows()) {
                List<String> rowCells = new ArrayList<>();
                rowCells.add(String.format("%,d", row.count()));
                if (table.total() > 0) {
                    rowCells.add(Human.percent(row.count(), table.total()));
                }
                for (int i = 0; i < table.columns().size(); i++) {
                    rowCells.add(Cells.text(table.columns().get(i).unit(), row.cells()[i]));
                }
                cells.add(rowCells);
            }
            int[] widths = new int[headings.size()];
            for (int i = 0; i < widths.length; i++) {
                widths[i] = headings.get(i).length();
                for (List<String> rowCells : cells) {
                    widths[i] = Math.max(widths[i], rowCells.get(i).length());
                }
            }
            StringBuilder heading = new StringBuilder(" ");
            for (int i = 0; i < widths.length; i++) {
                heading.append(String.format(" %" + widths[i] + "s", headings.get(i)));
            }
            heading.append("  ").append(LogText.forTerminal(table.valueName()));
            out.println(terminal.paint(terminal.fit(heading.toString()), Tone.MUTED));
            for (int r = 0; r < cells.size(); r++) {
                StringBuilder numbers = new StringBuilder(" ");
                for (int i = 0; i < widths.length; i++) {
                    numbers.append(String.format(" %" + widths[i] + "s", cells.get(r).get(i)));
                }
                numbers.append("  ");
                String value =
                        Terminal.cut(
                                LogText.forTerminal(table.rows().get(r).value()),
                                Math.max(1, terminal.columns() - numbers.length()));
                // The value is cut to what the numbers leave: a colour's escapes take no column.
                out.println(numbers + terminal.paint(value, table.rows().get(r).tone()));
            }
        }

        private void printSamples(List<MalformedSample> samples) {
            for (MalformedSample s : samples) {
                line(
                        String.format(
                                "  %s:%d: %s: %s",
                                LogText.forTerminal(s.file()),
                                s.offset(),
                                LogText.forTerminal(s.reason()),
                                LogText.forTerminal(s.excerpt())));
            }
        }

        /** With files of several formats, or files left out as no log: what each covers. */
        private void printFormats(StatsReport report) {
            if (report.formats().size() < 2 && report.undetected().isEmpty()) {
                return;
            }
            out.println();
            title("Formats (each file read in its own)");
            for (FormatSection section : report.formats()) {
                line(
                        String.format(
                                "  %-14s %s, %,d lines, %,d events, %,d malformed: %s",
                                LogText.forTerminal(section.format()),
                                files(section.files().size()),
                                section.lines(),
                                section.events(),
                                section.malformed(),
                                LogText.forTerminal(
                                        String.join(
                                                        ", ",
                                                        section.files().stream()
                                                                .limit(MAX_FORMAT_FILES)
                                                                .toList())
                                                + (section.files().size() > MAX_FORMAT_FILES
                                                        ? ", ..."
                                                        : ""))));
            }
            if (!report.undetected().isEmpty()) {
                line(
                        String.format(
                                "  %s left out as no log of a known format (listed below)",
                                files(report.undetected().size())));
            }
        }

        private static String files(int count) {
            return String.format(count == 1 ? "%,d file" : "%,d files", count);
        }

        /** The buckets every output shows, a bar each, as wide as the terminal allows. */
        private void printTimeline(StatsReport report) {
            List<Timeline.Bucket> buckets = report.timeline();
            if (buckets.isEmpty()) {
                return;
            }
            long max = buckets.stream().mapToLong(Timeline.Bucket::events).max().orElse(1);
            out.println();
            title(
                    "Timeline: events per "
                            + Human.duration(report.bucketSeconds())
                            + " (errors in brackets)");
            String widestNumbers = String.format(" %,d (%,d)", max, max);
            int barWidth =
                    Math.max(
                            5,
                            Math.min(
                                    BAR_WIDTH,
                                    terminal.columns()
                                            - 3
                                            - StatsReport.iso(0).length()
                                            - widestNumbers.length()));
            for (Timeline.Bucket b :
                    buckets.subList(0, Math.min(buckets.size(), MAX_TIMELINE_ROWS))) {
                int width = (int) (barWidth * b.events() / Math.max(max, 1));
                String errors = String.format("(%,d)", b.errors());
                out.println(
                        String.format(
                                "  %s %-" + barWidth + "s %,d %s",
                                StatsReport.iso(b.startEpochSecond()),
                                "#".repeat(width),
                                b.events(),
                                b.errors() > 0 ? terminal.paint(errors, Tone.BAD) : errors));
            }
            if (buckets.size() > MAX_TIMELINE_ROWS) {
                line(
                        String.format(
                                "  … %,d more buckets (all of them in --json, --csv and --html)",
                                buckets.size() - MAX_TIMELINE_ROWS));
            }
        }
    }

    private static boolean warningOrWorse(String level) {
        Severity severity = Severity.of(level);
        return severity != null && severity.isAtLeast(Severity.WARNING);
    }
}
