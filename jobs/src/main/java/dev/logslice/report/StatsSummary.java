package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;
import dev.logslice.stats.Timeline;
import dev.logslice.stats.ValueCount;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** The stats report as a terminal reads it: totals, mixes, top-N panels, a timeline. */
public final class StatsSummary {
    private static final int BAR_WIDTH = 40;
    private static final int MAX_TIMELINE_ROWS = 24;
    private static final int MAX_FORMAT_FILES = 5;

    private StatsSummary() {}

    public static void print(StatsReport report, PrintStream out) {
        LogStats stats = report.stats();
        out.printf(
                "%,d lines, %s, %,d events in %.2f s (format %s, parallelism %d)%n",
                stats.lines(),
                Human.bytes(stats.bytes()),
                stats.events(),
                report.elapsedNanos() / 1e9,
                report.format(),
                report.parallelism());
        out.printf("malformed %,d, oversized %,d%n", stats.malformed(), stats.oversized());
        long[] range = stats.timeRange();
        if (range != null) {
            out.printf("from %s to %s%n", StatsReport.iso(range[0]), StatsReport.iso(range[1]));
        }
        printFormats(report, out);
        printCounts(out, "Status", toStrings(stats.status()), stats.events());
        printCounts(out, "Status classes", stats.statusClasses(), stats.events());
        printCounts(out, "Methods", stats.methods(), stats.events());
        printCounts(out, "Levels", stats.levels(), stats.events());
        if (!stats.status().isEmpty()) {
            out.printf(
                    "%nClients %s%,d unique; response bytes %s%n",
                    stats.uniqueClientsExact() ? "" : "~",
                    stats.uniqueClients(),
                    Human.bytes(stats.responseBytes()));
        }
        if (stats.hasRequestTimes()) {
            out.printf(
                    "Request time p50 %.3f s, p90 %.3f s, p99 %.3f s%n",
                    stats.requestTimeQuantile(0.5),
                    stats.requestTimeQuantile(0.9),
                    stats.requestTimeQuantile(0.99));
        }
        for (Panel panel : Panel.values()) {
            printPanel(
                    out,
                    panel.title() + report.coverageNote(panel),
                    stats.top(panel, report.top()),
                    stats.topMaxError(panel));
        }
        for (String field : report.topFields()) {
            String title = "Top values of " + LogText.forTerminal(field);
            if (stats.hasTopField(field)) {
                printPanel(
                        out,
                        title,
                        stats.topField(field, report.top()),
                        stats.topFieldMaxError(field));
            } else {
                out.printf("%n%s: no event has this field%n", title);
            }
        }
        printTimeline(report, out);
        PanelTables.print(PanelTables.of(report), out);
        if (!stats.malformedSamples().isEmpty()) {
            stats.malformedByFile()
                    .forEach(
                            (file, count) ->
                                    out.printf(
                                            "malformed in %s: %,d%n",
                                            LogText.forTerminal(file), count));
            out.printf("%nMalformed lines (first %d)%n", stats.malformedSamples().size());
            printSamples(out, stats.malformedSamples());
        }
        if (stats.cutEvents() > 0) {
            out.printf(
                    "%ncut events %,d (past --max-event-lines or --max-event-bytes; first %d)%n",
                    stats.cutEvents(), stats.cutEventSamples().size());
            printSamples(out, stats.cutEventSamples());
        }
        out.printf(
                "%nI/O: %,d splits, %,d read calls, %.3f s in reads%n",
                stats.splits().size(), report.readCalls(), report.readNanos() / 1e9);
        InputFileNotes.print(out, stats.splits(), report.undetected());
    }

    private static void printPanel(
            PrintStream out, String title, List<ValueCount> rows, long maxError) {
        if (rows.isEmpty() && maxError > 0) {
            out.printf(
                    "%n%s: none stands out (too many distinct values; counts ±%,d)%n",
                    title, maxError);
        }
        if (!rows.isEmpty()) {
            out.printf(
                    "%n%s%s%n",
                    title, maxError > 0 ? String.format(" (estimated, ±%,d)", maxError) : "");
            for (ValueCount row : rows) {
                out.printf("%,14d  %s%n", row.count(), LogText.forTerminal(row.value()));
            }
        }
    }

    private static void printSamples(PrintStream out, List<MalformedSample> samples) {
        for (MalformedSample s : samples) {
            out.printf(
                    "  %s:%d: %s: %s%n",
                    LogText.forTerminal(s.file()),
                    s.offset(),
                    LogText.forTerminal(s.reason()),
                    LogText.forTerminal(s.excerpt()));
        }
    }

    /** With files of several formats, or files left out as no log: what each format covers. */
    private static void printFormats(StatsReport report, PrintStream out) {
        if (report.formats().size() < 2 && report.undetected().isEmpty()) {
            return;
        }
        out.printf("%nFormats (each file read in its own)%n");
        for (FormatSection section : report.formats()) {
            out.printf(
                    "  %-14s %,d files, %,d lines, %,d events, %,d malformed: %s%n",
                    section.format(),
                    section.files().size(),
                    section.lines(),
                    section.events(),
                    section.malformed(),
                    LogText.forTerminal(
                            String.join(
                                            ", ",
                                            section.files().stream()
                                                    .limit(MAX_FORMAT_FILES)
                                                    .toList())
                                    + (section.files().size() > MAX_FORMAT_FILES ? ", ..." : "")));
        }
        if (!report.undetected().isEmpty()) {
            out.printf(
                    "  %,d files left out as no log of a known format (listed below)%n",
                    report.undetected().size());
        }
    }

    private static void printTimeline(StatsReport report, PrintStream out) {
        Timeline timeline = report.stats().timeline();
        if (timeline.isEmpty()) {
            return;
        }
        long bucket =
                Math.max(report.bucketSeconds(), timeline.autoBucketSeconds(MAX_TIMELINE_ROWS));
        List<Timeline.Bucket> buckets = timeline.buckets(bucket);
        long max = buckets.stream().mapToLong(Timeline.Bucket::events).max().orElse(1);
        out.printf("%nTimeline (events per %d min; errors)%n", bucket / 60);
        for (Timeline.Bucket b : buckets) {
            int width = (int) (BAR_WIDTH * b.events() / Math.max(max, 1));
            out.printf(
                    "  %s %-" + BAR_WIDTH + "s %,d (%,d)%n",
                    StatsReport.iso(b.startEpochSecond()),
                    "#".repeat(width),
                    b.events(),
                    b.errors());
        }
    }

    private static void printCounts(
            PrintStream out, String title, Map<String, Long> counts, long total) {
        if (counts.isEmpty()) {
            return;
        }
        StringBuilder line = new StringBuilder(String.format("%-15s", title));
        counts.forEach(
                (key, count) ->
                        line.append(
                                String.format(
                                        " %s %,d (%s)",
                                        LogText.forTerminal(key),
                                        count,
                                        Human.percent(count, total))));
        out.println(line);
    }

    private static Map<String, Long> toStrings(Map<Integer, Long> counts) {
        Map<String, Long> strings = new java.util.LinkedHashMap<>();
        counts.forEach((key, value) -> strings.put(String.valueOf(key), value));
        return strings;
    }
}
