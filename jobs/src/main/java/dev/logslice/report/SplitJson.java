package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/**
 * A split's I/O report as a JSON object, the same in every report that lists splits. A split of one
 * file's range has {@code path, start, end}; a split that packs several files has {@code files}
 * instead, one object per file with its range and figures.
 */
public final class SplitJson {
    private SplitJson() {}

    public static void write(JsonGenerator json, SplitReport split) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", split.splitId());
        if (split.isPacked()) {
            json.writeArrayFieldStart("files");
            for (SplitReport.FileRead file : split.files()) {
                json.writeStartObject();
                json.writeStringField("path", LocalPaths.plain(file.path()));
                json.writeNumberField("start", file.start());
                json.writeNumberField("end", file.end());
                json.writeNumberField("bytes", file.bytesRead());
                json.writeNumberField("lines", file.lines());
                json.writeNumberField("readCalls", file.readCalls());
                json.writeNumberField("readNanos", file.readNanos());
                json.writeNumberField("grewBy", file.grewBy());
                if (file.skipped()) {
                    json.writeStringField("skipped", file.skipReason());
                }
                if (file.damaged()) {
                    json.writeStringField("damage", file.damage());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        } else {
            json.writeStringField("path", LocalPaths.plain(split.path()));
            json.writeNumberField("start", split.start());
            json.writeNumberField("end", split.end());
        }
        json.writeNumberField("bytes", split.bytesRead());
        json.writeStringField("compression", split.compression());
        json.writeNumberField("compressedBytes", split.compressedBytesRead());
        json.writeNumberField("grewBy", split.grewBy());
        if (split.skipped()) {
            json.writeStringField("skipped", split.skipReason());
        }
        if (!split.isPacked() && !split.damagedFiles().isEmpty()) {
            json.writeStringField("damage", split.damagedFiles().get(0).damage());
        }
        json.writeNumberField("lines", split.lines());
        json.writeNumberField("readCalls", split.readCalls());
        json.writeNumberField("readNanos", split.readNanos());
        json.writeNumberField("startedAtMillis", split.startedAtMillis());
        json.writeNumberField("finishedAtMillis", split.finishedAtMillis());
        json.writeNumberField("oversizedLines", split.oversizedLines());
        json.writeArrayFieldStart("oversizedLineOffsets");
        for (long offset : split.oversizedLineOffsets()) {
            json.writeNumber(offset);
        }
        json.writeEndArray();
        json.writeEndObject();
    }
}
