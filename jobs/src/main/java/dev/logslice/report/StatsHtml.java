package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.Severity;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;
import dev.logslice.stats.Timeline;
import dev.logslice.stats.ValueCount;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The stats report as one self-contained HTML page: inline CSS and SVG, no script, nothing fetched.
 * Log lines are attacker-controlled, so every string from them goes through {@link #text}, which
 * escapes it with {@link LogText#forHtml}.
 */
public final class StatsHtml {
    private static final int CHART_WIDTH = 960;
    private static final int CHART_HEIGHT = 180;
    private static final String[] CLASS_COLOURS = {
        "#4c78a8", "#54a24b", "#eeca3b", "#f58518", "#e45756", "#9d755d"
    };
    private static final String STYLE =
            "body{font:14px system-ui,sans-serif;margin:2em auto;max-width:1000px;color:#222}"
                    + "h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em}"
                    + ".cards{display:flex;flex-wrap:wrap;gap:.8em}"
                    + ".card{border:1px solid #ddd;border-radius:6px;padding:.6em 1em}"
                    + ".card b{display:block;font-size:1.3em}"
                    + "table{border-collapse:collapse;width:100%}"
                    + "td,th{padding:2px 6px;text-align:left;border-bottom:1px solid #eee;"
                    + "vertical-align:top}"
                    + "td.n{text-align:right;white-space:nowrap;width:8em}"
                    + "td.v{word-break:break-all}"
                    + ".bar{background:#4c78a8;height:10px}"
                    + ".legend span{display:inline-block;margin-right:1em}"
                    + "code{font-size:12px}";

    private StatsHtml() {}

    public static void write(StatsReport report, Path file) throws IOException {
        Files.writeString(file, render(report), StandardCharsets.UTF_8);
    }

    static String render(StatsReport report) {
        LogStats stats = report.stats();
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>logslice stats</title><style>")
                .append(STYLE)
                .append("</style></head><body><h1>logslice stats</h1><div class=\"cards\">");
        card(html, "lines", String.format("%,d", stats.lines()));
        card(html, "bytes", Human.bytes(stats.bytes()));
        card(html, "events", String.format("%,d", stats.events()));
        card(html, "malformed", String.format("%,d", stats.malformed()));
        card(html, "format", report.format());
        if (!stats.status().isEmpty()) {
            card(
                    html,
                    "unique clients",
                    String.format(
                            "%s%,d", stats.uniqueClientsExact() ? "" : "~", stats.uniqueClients()));
        }
        if (stats.hasRequestTimes()) {
            card(
                    html,
                    "request time p50 / p99",
                    String.format(
                            "%.3f / %.3f s",
                            stats.requestTimeQuantile(0.5), stats.requestTimeQuantile(0.99)));
        }
        html.append("</div>");
        long[] range = stats.timeRange();
        if (range != null) {
            html.append("<p>From ")
                    .append(StatsReport.iso(range[0]))
                    .append(" to ")
                    .append(StatsReport.iso(range[1]))
                    .append("</p>");
        }
        formats(html, report);
        timeline(html, report);
        statusMix(html, stats);
        levels(html, stats.levels());
        counts(html, "Methods", stats.methods(), stats.events());
        for (Panel panel : Panel.values()) {
            topTable(
                    html,
                    panel.title()
                            + report.coverageNote(panel)
                            + estimated(stats.topMaxError(panel)),
                    stats.top(panel, report.top()));
        }
        for (String field : report.topFields()) {
            String title = "Top values of " + field;
            if (stats.hasTopField(field)) {
                topTable(
                        html,
                        title + estimated(stats.topFieldMaxError(field)),
                        stats.topField(field, report.top()));
            } else {
                html.append("<h2>")
                        .append(text(title))
                        .append("</h2><p>No event has this field.</p>");
            }
        }
        PanelTables.appendHtml(PanelTables.of(report), html);
        counts(html, "Malformed lines per file", stats.malformedByFile(), stats.malformed());
        samples(html, "Malformed lines (samples)", stats.malformedSamples());
        if (stats.cutEvents() > 0) {
            samples(
                    html,
                    String.format(
                            "Cut events: %,d past --max-event-lines or --max-event-bytes (samples)",
                            stats.cutEvents()),
                    stats.cutEventSamples());
        }
        splits(html, stats.splits());
        html.append("</body></html>\n");
        return html.toString();
    }

    private static String estimated(long maxError) {
        return maxError > 0 ? String.format(" (estimated, ±%,d)", maxError) : "";
    }

    /** Every log-derived string passes here. */
    private static String text(String value) {
        return LogText.forHtml(value);
    }

    private static void card(StringBuilder html, String label, String value) {
        html.append("<div class=\"card\">")
                .append(text(label))
                .append("<b>")
                .append(text(value))
                .append("</b></div>");
    }

    private static void timeline(StringBuilder html, StatsReport report) {
        List<Timeline.Bucket> buckets = report.timeline();
        if (buckets.isEmpty()) {
            return;
        }
        long max = buckets.stream().mapToLong(Timeline.Bucket::events).max().orElse(1);
        double width = (double) CHART_WIDTH / buckets.size();
        html.append("<h2>Timeline: events and errors per ")
                .append(report.bucketSeconds() / 60)
                .append(" min</h2><svg role=\"img\" width=\"")
                .append(CHART_WIDTH)
                .append("\" height=\"")
                .append(CHART_HEIGHT + 20)
                .append("\">");
        for (int i = 0; i < buckets.size(); i++) {
            Timeline.Bucket bucket = buckets.get(i);
            double x = i * width;
            bar(html, x, width, bucket.events(), max, "#4c78a8", bucket);
            bar(html, x, width, bucket.errors(), max, "#e45756", bucket);
        }
        html.append(String.format("<text x=\"0\" y=\"%d\" font-size=\"11\">", CHART_HEIGHT + 15))
                .append(StatsReport.iso(buckets.get(0).startEpochSecond()))
                .append(
                        String.format(
                                "</text><text x=\"%d\" y=\"%d\" font-size=\"11\""
                                        + " text-anchor=\"end\">",
                                CHART_WIDTH, CHART_HEIGHT + 15))
                .append(StatsReport.iso(buckets.get(buckets.size() - 1).startEpochSecond()))
                .append(
                        String.format(
                                "</text><text x=\"2\" y=\"11\" font-size=\"11\">max %,d", max))
                .append("</text></svg><p class=\"legend\"><span style=\"color:#4c78a8\">&#9632;")
                .append(" events</span><span style=\"color:#e45756\">&#9632; errors (5xx,")
                .append(" ERROR and worse)</span></p>");
    }

    private static void bar(
            StringBuilder html,
            double x,
            double width,
            long value,
            long max,
            String colour,
            Timeline.Bucket bucket) {
        if (value == 0) {
            return;
        }
        double height = Math.max(1, (double) CHART_HEIGHT * value / max);
        html.append(
                        String.format(
                                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                                        + " fill=\"%s\"><title>",
                                x, CHART_HEIGHT - height, Math.max(width - 1, 1), height, colour))
                .append(StatsReport.iso(bucket.startEpochSecond()))
                .append(
                        String.format(
                                ": %,d events, %,d errors</title></rect>",
                                bucket.events(), bucket.errors()));
    }

    private static void statusMix(StringBuilder html, LogStats stats) {
        Map<String, Long> classes = stats.statusClasses();
        if (classes.isEmpty()) {
            return;
        }
        long total = classes.values().stream().mapToLong(Long::longValue).sum();
        html.append("<h2>Status mix</h2><svg role=\"img\" width=\"")
                .append(CHART_WIDTH)
                .append("\" height=\"24\">");
        double x = 0;
        int colour = 0;
        StringBuilder legend = new StringBuilder("<p class=\"legend\">");
        for (Map.Entry<String, Long> entry : classes.entrySet()) {
            double width = (double) CHART_WIDTH * entry.getValue() / total;
            String fill = CLASS_COLOURS[colour++ % CLASS_COLOURS.length];
            html.append(
                            String.format(
                                    "<rect x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"24\""
                                            + " fill=\"%s\"><title>",
                                    x, width, fill))
                    .append(text(entry.getKey()))
                    .append("</title></rect>");
            legend.append("<span style=\"color:")
                    .append(fill)
                    .append("\">&#9632; ")
                    .append(text(entry.getKey()))
                    .append(
                            String.format(
                                    " %,d (%s)</span>",
                                    entry.getValue(), Human.percent(entry.getValue(), total)));
            x += width;
        }
        html.append("</svg>").append(legend).append("</p>");
        Map<String, Long> codes = new java.util.LinkedHashMap<>();
        stats.status().forEach((code, count) -> codes.put(String.valueOf(code), count));
        counts(html, "Status codes", codes, total);
    }

    private static void counts(
            StringBuilder html, String title, Map<String, Long> counts, long total) {
        if (counts.isEmpty()) {
            return;
        }
        List<ValueCount> rows =
                counts.entrySet().stream()
                        .map(e -> new ValueCount(e.getKey(), e.getValue()))
                        .toList();
        topTable(html, title, rows);
    }

    /**
     * Levels in severity order, each bar in its severity's colour (ERROR never looks like INFO).
     */
    private static void levels(StringBuilder html, Map<String, Long> levels) {
        topTable(
                html,
                "Levels",
                levels.entrySet().stream()
                        .map(e -> new ValueCount(e.getKey(), e.getValue()))
                        .toList(),
                level -> levelColour(Severity.of(level)));
    }

    static String levelColour(@Nullable Severity severity) {
        if (severity == null) {
            return "#8c8c8c";
        }
        if (severity.isAtLeast(Severity.CRITICAL)) {
            return "#8b0000";
        }
        if (severity.isAtLeast(Severity.ERROR)) {
            return "#d62728";
        }
        if (severity.isAtLeast(Severity.WARNING)) {
            return "#f58518";
        }
        return severity.isAtLeast(Severity.INFO) ? "#4c78a8" : "#8c8c8c";
    }

    private static void topTable(StringBuilder html, String title, List<ValueCount> rows) {
        topTable(html, title, rows, value -> null);
    }

    /** {@code colour} gives a row's bar its colour; null keeps the default. */
    private static void topTable(
            StringBuilder html,
            String title,
            List<ValueCount> rows,
            Function<String, String> colour) {
        if (rows.isEmpty()) {
            return;
        }
        long max = rows.stream().mapToLong(ValueCount::count).max().orElse(1);
        html.append("<h2>").append(text(title)).append("</h2><table>");
        for (ValueCount row : rows) {
            html.append("<tr><td class=\"n\">")
                    .append(String.format("%,d", row.count()))
                    .append("</td><td style=\"width:200px\"><div class=\"bar\" style=\"width:")
                    .append(Math.max(1, 200 * row.count() / Math.max(max, 1)))
                    .append("px")
                    .append(
                            colour.apply(row.value()) == null
                                    ? ""
                                    : ";background:" + colour.apply(row.value()))
                    .append("\"></div></td><td class=\"v\"><code>")
                    .append(text(row.value()))
                    .append("</code></td></tr>");
        }
        html.append("</table>");
    }

    private static void samples(StringBuilder html, String title, List<MalformedSample> samples) {
        if (samples.isEmpty()) {
            return;
        }
        html.append("<h2>")
                .append(text(title))
                .append("</h2><table>")
                .append("<tr><th>file</th><th>offset</th><th>reason</th><th>line</th></tr>");
        for (MalformedSample sample : samples) {
            html.append("<tr><td class=\"v\">")
                    .append(text(sample.file()))
                    .append("</td><td class=\"n\">")
                    .append(sample.offset())
                    .append("</td><td>")
                    .append(text(sample.reason()))
                    .append("</td><td class=\"v\"><code>")
                    .append(text(sample.excerpt()))
                    .append("</code></td></tr>");
        }
        html.append("</table>");
    }

    /** With files of several formats, or files left out as no log: what each format covers. */
    private static void formats(StringBuilder html, StatsReport report) {
        if (report.formats().size() < 2 && report.undetected().isEmpty()) {
            return;
        }
        html.append("<h2>Formats: each file read in its own</h2><table><tr><th>format</th>")
                .append("<th>lines</th><th>events</th><th>malformed</th><th>files</th></tr>");
        for (FormatSection section : report.formats()) {
            html.append("<tr><td>")
                    .append(text(section.format()))
                    .append(String.format("</td><td class=\"n\">%,d", section.lines()))
                    .append(String.format("</td><td class=\"n\">%,d", section.events()))
                    .append(String.format("</td><td class=\"n\">%,d", section.malformed()))
                    .append("</td><td class=\"v\">")
                    .append(text(String.join(", ", section.files())))
                    .append("</td></tr>");
        }
        for (InputFileNotes.SkippedFile file : report.undetected()) {
            html.append("<tr><td>left out: ")
                    .append(text(file.reason()))
                    .append("</td><td></td><td></td><td></td><td class=\"v\">")
                    .append(text(LocalPaths.plain(file.path())))
                    .append("</td></tr>");
        }
        html.append("</table>");
    }

    private static void splits(StringBuilder html, List<SplitReport> splits) {
        // A split in whose range no line starts read only to find where the next split's first
        // line begins: it has no row of its own, as if it had read lines.
        SplitRows rows = SplitRows.of(splits, split -> split.lines() > 0 || split.skipped());
        html.append("<h2>Reading: ")
                .append(splits.size())
                .append(" splits</h2><table><tr><th>file</th><th>range</th><th>lines</th>")
                .append("<th>read calls</th><th>ms in reads</th></tr>");
        for (SplitReport split : rows.listed()) {
            html.append("<tr><td class=\"v\">")
                    .append(text(LocalPaths.plain(split.path())))
                    .append(split.isPacked() ? " and " + (split.files().size() - 1) + " more" : "")
                    .append(
                            split.compressedBytesRead() > 0
                                    ? String.format(
                                            " (%s, %s read)",
                                            split.compression(),
                                            Human.bytes(split.compressedBytesRead()))
                                    : "")
                    .append(
                            split.skipReason() != null
                                    ? " (skipped: " + text(split.skipReason()) + ")"
                                    : "")
                    .append("</td><td class=\"n\">")
                    .append(String.format("[%,d, %,d)", split.start(), split.end()))
                    .append("</td><td class=\"n\">")
                    .append(String.format("%,d", split.lines()))
                    .append("</td><td class=\"n\">")
                    .append(split.readCalls())
                    .append("</td><td class=\"n\">")
                    .append(String.format("%.1f", split.readNanos() / 1e6))
                    .append("</td></tr>");
        }
        SplitRows.Sums others = rows.others();
        if (others.splits() > 0) {
            long withoutLines =
                    splits.stream().filter(split -> split.lines() == 0 && !split.skipped()).count();
            html.append("<tr><td class=\"v\">")
                    .append(others.label())
                    .append(
                            withoutLines > 0
                                    ? String.format(" (%,d in which no line starts)", withoutLines)
                                    : "")
                    .append("</td><td></td><td class=\"n\">")
                    .append(String.format("%,d", others.lines()))
                    .append("</td><td class=\"n\">")
                    .append(others.readCalls())
                    .append("</td><td class=\"n\">")
                    .append(String.format("%.1f", others.readNanos() / 1e6))
                    .append("</td></tr>");
        }
        html.append("</table>");
    }
}
