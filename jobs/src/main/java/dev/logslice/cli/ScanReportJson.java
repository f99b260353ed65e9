package dev.logslice.cli;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.job.ScanResult;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The JSON form of a scan: {@code files, bytes, lines, readCalls, splits[]} and more; keys are a
 * contract with users' scripts, so they are only ever added to.
 */
final class ScanReportJson {
    private ScanReportJson() {}

    static void write(ScanResult result, int parallelism, Path file) throws IOException {
        try (JsonGenerator json =
                new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("files", result.files());
            json.writeNumberField("bytes", result.bytes());
            json.writeNumberField("lines", result.lines());
            json.writeNumberField("oversizedLines", result.oversizedLines());
            json.writeNumberField("readCalls", result.readCalls());
            json.writeNumberField("readNanos", result.readNanos());
            json.writeNumberField("bytesRead", result.bytesRead());
            json.writeNumberField("elapsedNanos", result.elapsedNanos());
            json.writeNumberField("readingMillis", result.readingMillis());
            json.writeNumberField("parallelism", parallelism);
            json.writeArrayFieldStart("splits");
            for (SplitReport split : result.splits()) {
                writeSplit(json, split);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void writeSplit(JsonGenerator json, SplitReport split) throws IOException {
        json.writeStartObject();
        json.writeStringField("id", split.splitId());
        json.writeStringField("path", split.path());
        json.writeNumberField("start", split.start());
        json.writeNumberField("end", split.end());
        json.writeNumberField("bytes", split.bytesRead());
        json.writeNumberField("lines", split.lines());
        json.writeNumberField("readCalls", split.readCalls());
        json.writeNumberField("readNanos", split.readNanos());
        json.writeNumberField("oversizedLines", split.oversizedLines());
        json.writeArrayFieldStart("oversizedLineOffsets");
        for (long offset : split.oversizedLineOffsets()) {
            json.writeNumber(offset);
        }
        json.writeEndArray();
        json.writeEndObject();
    }
}
