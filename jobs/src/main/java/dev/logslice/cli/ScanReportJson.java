package dev.logslice.cli;

import dev.logslice.format.JsonEscapes;
import dev.logslice.job.ScanResult;
import dev.logslice.report.InputFileNotes;
import dev.logslice.report.SplitRows;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The JSON form of a scan: {@code files, bytes, lines, readCalls, splits[]} (at most {@value
 * SplitRows#LISTED}, the others summed in {@code otherSplits}) and more; keys are a contract with
 * users' scripts, so they are only ever added to.
 */
final class ScanReportJson {
    private ScanReportJson() {}

    static void write(ScanResult result, int parallelism, Path file) throws IOException {
        try (JsonGenerator json =
                new JsonFactoryBuilder()
                        .characterEscapes(JsonEscapes.SAFE)
                        .build()
                        .createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("files", result.files());
            json.writeNumberField("bytes", result.bytes());
            json.writeNumberField("lines", result.lines());
            json.writeNumberField("oversizedLines", result.oversizedLines());
            json.writeNumberField("readCalls", result.readCalls());
            json.writeNumberField("readNanos", result.readNanos());
            json.writeNumberField("bytesRead", result.bytesRead());
            json.writeNumberField("compressedBytesRead", result.compressedBytesRead());
            json.writeNumberField("elapsedNanos", result.elapsedNanos());
            json.writeNumberField("readingMillis", result.readingMillis());
            json.writeNumberField("parallelism", parallelism);
            InputFileNotes.writeJson(json, result.splits());
            SplitRows.of(result.splits()).writeJson(json);
            json.writeEndObject();
        }
    }
}
