package dev.logslice.report;

import dev.logslice.format.JsonEscapes;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;
import dev.logslice.stats.Timeline;
import dev.logslice.stats.ValueCount;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The full stats report as JSON. The schema is a contract with users' scripts: keys are only ever
 * added. Documented in the README ("stats --json").
 */
public final class StatsJson {
    private StatsJson() {}

    /**
     * Non-ASCII as JSON escapes: the same strings to a JSON reader, and no raw bidi control or line
     * separator for whoever opens the file in a viewer.
     */
    private static JsonFactory factory() {
        return new JsonFactoryBuilder()
                .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
                .characterEscapes(JsonEscapes.SAFE)
                .build();
    }

    public static void write(StatsReport report, Path file) throws IOException {
        try (JsonGenerator json = factory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            json.useDefaultPrettyPrinter();
            write(report, json);
        }
    }

    /**
     * The same report on one line, and its LF ({@code stats --follow --json-lines}): written to
     * {@code out} in one write, so that a reader of a growing file sees whole lines.
     */
    public static void writeLine(StatsReport report, OutputStream out) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try (JsonGenerator json = factory().createGenerator(line, JsonEncoding.UTF8)) {
            write(report, json);
        }
        line.write('\n');
        line.writeTo(out);
        out.flush();
    }

    static void write(StatsReport report, JsonGenerator json) throws IOException {
        LogStats stats = report.stats();
        json.writeStartObject();
        json.writeStringField("format", report.format());
        json.writeArrayFieldStart("formats");
        for (FormatSection section : report.formats()) {
            json.writeStartObject();
            json.writeStringField("format", section.format());
            json.writeArrayFieldStart("files");
            for (String file : section.files()) {
                json.writeString(file);
            }
            json.writeEndArray();
            json.writeNumberField("lines", section.lines());
            json.writeNumberField("events", section.events());
            json.writeNumberField("malformed", section.malformed());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeNumberField("lines", stats.lines());
        json.writeNumberField("bytes", stats.bytes());
        json.writeNumberField("events", stats.events());
        json.writeNumberField("malformed", stats.malformed());
        json.writeNumberField("blankLines", stats.blankLines());
        json.writeNumberField("filteredEvents", stats.filteredEvents());
        json.writeNumberField("oversized", stats.oversized());
        json.writeNumberField("cutEvents", stats.cutEvents());
        long[] range = stats.timeRange();
        writeTime(json, "firstTimestamp", range == null ? null : range[0]);
        writeTime(json, "lastTimestamp", range == null ? null : range[1]);
        json.writeObjectFieldStart("status");
        for (Map.Entry<Integer, Long> entry : stats.status().entrySet()) {
            json.writeNumberField(String.valueOf(entry.getKey()), entry.getValue());
        }
        json.writeEndObject();
        writeCounts(json, "statusClasses", stats.statusClasses());
        writeCounts(json, "methods", stats.methods());
        writeCounts(json, "protocols", stats.protocols());
        writeCounts(json, "levels", stats.levels());
        writeCounts(json, "malformedByFile", stats.malformedByFile());
        for (Panel panel : Panel.PLAIN) {
            json.writeFieldName(panel.key());
            writeRows(json, stats, panel, stats.top(panel, report.top()));
        }
        PanelJson.write(json, report);
        json.writeArrayFieldStart("topFields");
        for (String field : report.topFields()) {
            json.writeStartObject();
            json.writeStringField("field", field);
            json.writeFieldName("values");
            writeRows(json, stats, null, stats.topField(field, report.top()));
            json.writeNumberField("maxError", stats.topFieldMaxError(field));
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeObjectFieldStart("panelFormats");
        for (Panel panel : Panel.PLAIN) {
            json.writeArrayFieldStart(panel.key());
            for (StatsReport.Coverage coverage : report.coverage(panel)) {
                json.writeStartObject();
                json.writeStringField("format", coverage.format());
                json.writeNumberField("files", coverage.files());
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeEndObject();
        json.writeObjectFieldStart("topMaxErrors");
        // By-level panels too: past their exact range a level may list no rows, and this says why.
        for (Panel panel : Panel.values()) {
            if (stats.topMaxError(panel) > 0) {
                json.writeNumberField(panel.key(), stats.topMaxError(panel));
            }
        }
        json.writeEndObject();
        json.writeNumberField("uniqueClients", stats.uniqueClients());
        json.writeBooleanField("uniqueClientsExact", stats.uniqueClientsExact());
        json.writeNumberField("responseBytes", stats.responseBytes());
        json.writeNumberField("eventsWithResponseBytes", stats.eventsWithResponseBytes());
        if (stats.hasRequestTimes()) {
            json.writeObjectFieldStart("requestTime");
            json.writeNumberField("p50", stats.requestTimeQuantile(0.5));
            json.writeNumberField("p90", stats.requestTimeQuantile(0.9));
            json.writeNumberField("p99", stats.requestTimeQuantile(0.99));
            json.writeEndObject();
        } else {
            json.writeNullField("requestTime");
        }
        json.writeNumberField("timelineBucketSeconds", report.bucketSeconds());
        json.writeArrayFieldStart("timeline");
        for (Timeline.Bucket bucket : report.timeline()) {
            json.writeStartObject();
            json.writeStringField("start", StatsReport.iso(bucket.startEpochSecond()));
            json.writeNumberField("events", bucket.events());
            json.writeNumberField("errors", bucket.errors());
            json.writeEndObject();
        }
        json.writeEndArray();
        writeSamples(json, "malformedSamples", stats.malformedSamples());
        writeSamples(json, "cutEventSamples", stats.cutEventSamples());
        json.writeNumberField("readCalls", report.readCalls());
        json.writeNumberField("readNanos", report.readNanos());
        json.writeNumberField("elapsedNanos", report.elapsedNanos());
        json.writeNumberField("parallelism", report.parallelism());
        // How it was made, its filters too (--status 5xx): the counts answer that command.
        json.writeStringField(
                "commandLine",
                report.origin().equals(ReportOrigin.UNKNOWN)
                        ? null
                        : report.origin().commandLine());
        InputFileNotes.writeJson(json, stats.splits(), report.undetected());
        SplitRows.of(stats.splits()).writeJson(json);
        json.writeEndObject();
    }

    /** A top-N list; rows of a {@code panel} also with their {@link PanelRow} totals. */
    private static void writeRows(
            JsonGenerator json, LogStats stats, @Nullable Panel panel, List<ValueCount> rows)
            throws IOException {
        json.writeStartArray();
        for (ValueCount row : rows) {
            json.writeStartObject();
            json.writeStringField("value", row.value());
            json.writeNumberField("count", row.count());
            if (row.truncated()) {
                json.writeBooleanField("truncated", true);
            }
            PanelJson.writeTotals(json, PanelRow.of(stats, panel, row));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeTime(JsonGenerator json, String field, Long epochSecond)
            throws IOException {
        if (epochSecond == null) {
            json.writeNullField(field);
        } else {
            json.writeStringField(field, StatsReport.iso(epochSecond));
        }
    }

    private static void writeSamples(
            JsonGenerator json, String field, List<MalformedSample> samples) throws IOException {
        json.writeArrayFieldStart(field);
        for (MalformedSample sample : samples) {
            json.writeStartObject();
            json.writeStringField("file", sample.file());
            json.writeNumberField("offset", sample.offset());
            json.writeStringField("excerpt", sample.excerpt());
            json.writeStringField("reason", sample.reason());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeCounts(JsonGenerator json, String field, Map<String, Long> counts)
            throws IOException {
        json.writeObjectFieldStart(field);
        for (Map.Entry<String, Long> entry : counts.entrySet()) {
            json.writeNumberField(entry.getKey(), entry.getValue());
        }
        json.writeEndObject();
    }
}
