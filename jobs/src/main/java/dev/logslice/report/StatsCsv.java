package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.DailyVisitors;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;
import dev.logslice.stats.RowTotals;
import dev.logslice.stats.Timeline;
import dev.logslice.stats.ValueCount;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The stats report as one RFC 4180 CSV file per panel, in a directory; log text in a cell is
 * neutralised for spreadsheets ({@link LogText#forCsv}).
 */
public final class StatsCsv {
    /** The panel every report writes, whatever the log: {@code summary.csv}. */
    public static final String SUMMARY = "summary";

    private StatsCsv() {}

    public static void write(StatsReport report, Path directory) throws IOException {
        Files.createDirectories(directory);
        LogStats stats = report.stats();
        try (CSVPrinter csv = open(directory, SUMMARY, "key", "value")) {
            record(csv, "format", report.format());
            record(csv, "lines", stats.lines());
            record(csv, "bytes", stats.bytes());
            record(csv, "events", stats.events());
            record(csv, "malformed", stats.malformed());
            record(csv, "blankLines", stats.blankLines());
            record(csv, "filteredEvents", stats.filteredEvents());
            record(csv, "oversized", stats.oversized());
            record(csv, "cutEvents", stats.cutEvents());
            record(csv, "uniqueClients", stats.uniqueClients());
            record(csv, "responseBytes", stats.responseBytes());
        }
        try (CSVPrinter csv = open(directory, "status", "status", "count")) {
            for (Map.Entry<Integer, Long> entry : stats.status().entrySet()) {
                record(csv, entry.getKey(), entry.getValue());
            }
        }
        writeCounts(directory, "statusClasses", stats.statusClasses());
        writeCounts(directory, "methods", stats.methods());
        writeCounts(directory, "protocols", stats.protocols());
        writeCounts(directory, "levels", stats.levels());
        writeCounts(directory, "malformedByFile", stats.malformedByFile());
        for (Panel panel : Panel.PLAIN) {
            writePanel(directory, stats, panel, stats.top(panel, report.top()));
        }
        try (CSVPrinter csv =
                open(directory, "visitorsPerDay", "day", "visitors", "hits", "bytes")) {
            for (DailyVisitors.Row day : stats.visitorsPerDay()) {
                record(csv, day.day().toString(), day.visitors(), day.hits(), day.bytes());
            }
        }
        writeRows(directory, "browsers", stats.browsers());
        writeRows(directory, "operatingSystems", stats.operatingSystems());
        writeRows(directory, "deviceClasses", stats.deviceClasses());
        writeRows(directory, "crawlers", stats.crawlers());
        try (CSVPrinter csv = open(directory, "hourOfDay", "hour", "events", "errors")) {
            for (LogStats.HourOfDay hour : stats.hourOfDay()) {
                record(csv, hour.hour(), hour.events(), hour.errors());
            }
        }
        try (CSVPrinter csv = open(directory, "levelsByHour", "hour", "level", "events")) {
            for (LogStats.LevelsInHour hour : stats.levelsByHour()) {
                for (Map.Entry<String, Long> level : hour.levels().entrySet()) {
                    record(csv, hour.hour(), level.getKey(), level.getValue());
                }
            }
        }
        for (Panel panel : Panel.BY_LEVEL) {
            try (CSVPrinter csv = open(directory, panel.key(), "level", "value", "count")) {
                for (Map.Entry<String, List<ValueCount>> level :
                        stats.topByLevel(panel, report.top()).entrySet()) {
                    for (ValueCount row : level.getValue()) {
                        record(csv, level.getKey(), row.value(), row.count());
                    }
                }
            }
        }
        for (String field : report.topFields()) {
            writeRows(directory, fileName(field), stats.topField(field, report.top()));
        }
        writeSamples(directory, "malformedSamples", stats.malformedSamples());
        writeSamples(directory, "cutEventSamples", stats.cutEventSamples());
        try (CSVPrinter csv = open(directory, "timeline", "start", "events", "errors")) {
            for (Timeline.Bucket bucket : report.timeline()) {
                record(
                        csv,
                        StatsReport.iso(bucket.startEpochSecond()),
                        bucket.events(),
                        bucket.errors());
            }
        }
        try (CSVPrinter csv =
                open(
                        directory,
                        "splits",
                        "id",
                        "path",
                        "start",
                        "end",
                        "bytes",
                        "lines",
                        "readCalls",
                        "readNanos",
                        "oversizedLines",
                        "files",
                        "compression",
                        "compressedBytes",
                        "grewBy",
                        "skipped")) {
            // A split that packs files has the first one's path and range; files counts them.
            SplitRows rows = SplitRows.of(stats.splits());
            for (SplitReport split : rows.listed()) {
                record(
                        csv,
                        split.splitId(),
                        LocalPaths.plain(split.path()),
                        split.start(),
                        split.end(),
                        split.bytesRead(),
                        split.lines(),
                        split.readCalls(),
                        split.readNanos(),
                        split.oversizedLines(),
                        split.files().size(),
                        split.compression(),
                        split.compressedBytesRead(),
                        split.grewBy(),
                        split.skipReason() == null ? "" : split.skipReason());
            }
            SplitRows.Sums others = rows.others();
            if (others.splits() > 0) {
                record(
                        csv,
                        others.label(),
                        "",
                        "",
                        "",
                        others.bytes(),
                        others.lines(),
                        others.readCalls(),
                        others.readNanos(),
                        others.oversizedLines(),
                        "",
                        "",
                        "",
                        "",
                        "");
            }
        }
    }

    /**
     * The CSV file of a {@code --top-field} field: {@code topField-NAME}, with characters that are
     * no letter, digit, dot or dash as {@code _}.
     */
    static String fileName(String field) {
        return "topField-" + field.replaceAll("[^A-Za-z0-9.-]", "_");
    }

    private static void writeRows(Path directory, String name, List<ValueCount> rows)
            throws IOException {
        try (CSVPrinter csv = open(directory, name, "value", "count")) {
            for (ValueCount row : rows) {
                record(csv, row.value(), row.count());
            }
        }
    }

    /**
     * A panel's rows with their share and, empty where the format lacks the field, visitors, bytes
     * and time served (seconds).
     */
    private static void writePanel(
            Path directory, LogStats stats, Panel panel, List<ValueCount> rows) throws IOException {
        try (CSVPrinter csv =
                open(
                        directory,
                        panel.key(),
                        "value",
                        "count",
                        "share",
                        "visitors",
                        "bytes",
                        "timeServedAvg",
                        "timeServedMax",
                        "timeServedP99")) {
            for (ValueCount value : rows) {
                PanelRow row = PanelRow.of(stats, panel, value);
                RowTotals totals = row.totals();
                boolean visitors = totals != null && totals.hasVisitors();
                boolean bytes = totals != null && totals.hasBytes();
                boolean time = totals != null && totals.hasTime();
                record(
                        csv,
                        row.value(),
                        row.count(),
                        row.share(),
                        visitors ? totals.visitors() : null,
                        bytes ? totals.bytes() : null,
                        time ? totals.avgSeconds() : null,
                        time ? totals.maxSeconds() : null,
                        time && totals.hasP99() ? totals.p99Seconds() : null);
            }
        }
    }

    private static void writeSamples(Path directory, String name, List<MalformedSample> samples)
            throws IOException {
        try (CSVPrinter csv = open(directory, name, "file", "offset", "reason", "excerpt")) {
            for (MalformedSample sample : samples) {
                record(csv, sample.file(), sample.offset(), sample.reason(), sample.excerpt());
            }
        }
    }

    private static void writeCounts(Path directory, String name, Map<String, Long> counts)
            throws IOException {
        try (CSVPrinter csv = open(directory, name, "value", "count")) {
            for (Map.Entry<String, Long> entry : counts.entrySet()) {
                record(csv, entry.getKey(), entry.getValue());
            }
        }
    }

    /** One row; every string cell (log text, paths) is neutralised by {@link LogText#forCsv}. */
    private static void record(CSVPrinter csv, Object... cells) throws IOException {
        for (Object cell : cells) {
            csv.print(cell instanceof String text ? LogText.forCsv(text) : cell);
        }
        csv.println();
    }

    private static CSVPrinter open(Path directory, String name, String... header)
            throws IOException {
        Writer writer =
                Files.newBufferedWriter(directory.resolve(name + ".csv"), StandardCharsets.UTF_8);
        return new CSVPrinter(writer, CSVFormat.RFC4180.builder().setHeader(header).get());
    }
}
