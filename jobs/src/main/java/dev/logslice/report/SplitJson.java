package dev.logslice.report;

import dev.logslice.connector.source.SplitReport;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** A split's I/O report as a JSON object, the same in every report that lists splits. */
public final class SplitJson {
    private SplitJson() {}

    public static void write(JsonGenerator json, SplitReport split) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", split.splitId());
        json.writeStringField("path", split.path());
        json.writeNumberField("start", split.start());
        json.writeNumberField("end", split.end());
        json.writeNumberField("bytes", split.bytesRead());
        json.writeStringField("compression", split.compression());
        json.writeNumberField("compressedBytes", split.compressedBytesRead());
        json.writeNumberField("grewBy", split.grewBy());
        if (split.skipped()) {
            json.writeStringField("skipped", split.skipReason());
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
