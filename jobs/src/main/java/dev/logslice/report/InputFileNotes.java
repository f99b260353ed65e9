package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the split reports tell about input files that changed after they were listed (files skipped
 * because they were gone, and files appended to, read up to their listed size) or that are damaged
 * (compressed files whose stream ends early: read up to there). The same in every report, JSON and
 * terminal.
 */
public final class InputFileNotes {
    private InputFileNotes() {}

    /** A file that was not read, or not wholly: its skipped splits' bytes, and why. */
    public record SkippedFile(String path, String reason, long bytes) {}

    /** A file that grew while the job ran; the bytes appended were not read. */
    public record AppendedFile(String path, long grewBy) {}

    /** A compressed file whose stream ended early or held damaged bytes, and its lines before. */
    public record DamagedFile(String path, String damage, long lines) {}

    /** The damaged files in input order. */
    public static List<DamagedFile> damaged(List<SplitReport> splits) {
        return fileReads(splits).stream()
                .filter(SplitReport.FileRead::damaged)
                .map(
                        file ->
                                new DamagedFile(
                                        LocalPaths.plain(file.path()), file.damage(), file.lines()))
                .toList();
    }

    /** The skipped files in input order, one entry per file. */
    public static List<SkippedFile> skipped(List<SplitReport> splits) {
        Map<String, SkippedFile> byPath = new LinkedHashMap<>();
        for (SplitReport.FileRead file : fileReads(splits)) {
            if (file.skipped()) {
                long bytes = file.end() - file.start();
                byPath.merge(
                        file.path(),
                        new SkippedFile(LocalPaths.plain(file.path()), file.skipReason(), bytes),
                        (a, b) -> new SkippedFile(a.path(), a.reason(), a.bytes() + b.bytes()));
            }
        }
        return List.copyOf(byPath.values());
    }

    /** The files that grew, by the most any of their splits saw. */
    public static List<AppendedFile> appended(List<SplitReport> splits) {
        Map<String, Long> byPath = new LinkedHashMap<>();
        for (SplitReport.FileRead file : fileReads(splits)) {
            if (file.grewBy() > 0) {
                byPath.merge(file.path(), file.grewBy(), Math::max);
            }
        }
        return byPath.entrySet().stream()
                .map(entry -> new AppendedFile(LocalPaths.plain(entry.getKey()), entry.getValue()))
                .toList();
    }

    private static List<SkippedFile> concat(List<SkippedFile> first, List<SkippedFile> then) {
        List<SkippedFile> all = new ArrayList<>(first);
        all.addAll(then);
        return all;
    }

    /** What was read of each file, over all splits: a packed split tells of each of its files. */
    private static List<SplitReport.FileRead> fileReads(List<SplitReport> splits) {
        return splits.stream().flatMap(split -> split.files().stream()).toList();
    }

    /**
     * {@code skippedFiles: [{path, reason, bytes}]}, {@code appendedFiles: [{path, grewBy}]} and
     * {@code damagedFiles: [{path, damage, lines}]}.
     */
    public static void writeJson(JsonGenerator json, List<SplitReport> splits) throws IOException {
        writeJson(json, splits, List.of());
    }

    /** As {@link #writeJson(JsonGenerator, List)}, {@code undetected} files first among skipped. */
    public static void writeJson(
            JsonGenerator json, List<SplitReport> splits, List<SkippedFile> undetected)
            throws IOException {
        json.writeArrayFieldStart("skippedFiles");
        for (SkippedFile file : concat(undetected, skipped(splits))) {
            json.writeStartObject();
            json.writeStringField("path", file.path());
            json.writeStringField("reason", file.reason());
            json.writeNumberField("bytes", file.bytes());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("appendedFiles");
        for (AppendedFile file : appended(splits)) {
            json.writeStartObject();
            json.writeStringField("path", file.path());
            json.writeNumberField("grewBy", file.grewBy());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("damagedFiles");
        for (DamagedFile file : damaged(splits)) {
            json.writeStartObject();
            json.writeStringField("path", file.path());
            json.writeStringField("damage", file.damage());
            json.writeNumberField("lines", file.lines());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** The one line that says {@code lines} (more than 0) lines were too long and skipped. */
    public static String oversized(long lines, long maxLineLength) {
        return String.format(
                "logslice: skipped %,d line%s longer than --max-line-length %s",
                lines, lines == 1 ? "" : "s", Human.bytes(maxLineLength));
    }

    /** The one line that names a damaged file and its damage, escaped for a terminal. */
    public static String damaged(String path, String damage) {
        return "logslice: " + LogText.forTerminal(path + ": " + damage);
    }

    /** One line per skipped, appended or damaged file; nothing when there is none. */
    public static void print(PrintStream out, List<SplitReport> splits) {
        print(out, splits, List.of());
    }

    /** As {@link #print(PrintStream, List)}, {@code undetected} files first among skipped. */
    public static void print(
            PrintStream out, List<SplitReport> splits, List<SkippedFile> undetected) {
        for (SkippedFile file : concat(undetected, skipped(splits))) {
            out.printf(
                    "skipped     %s (%s, %s not read)%n",
                    LogText.forTerminal(file.path()),
                    LogText.forTerminal(file.reason()),
                    Human.bytes(file.bytes()));
        }
        for (AppendedFile file : appended(splits)) {
            out.printf(
                    "appended    %s grew by %s while the job ran; read up to its size at the"
                            + " start%n",
                    LogText.forTerminal(file.path()), Human.bytes(file.grewBy()));
        }
        for (DamagedFile file : damaged(splits)) {
            out.printf(
                    "damaged     %s: %s; its %,d lines before that were read%n",
                    LogText.forTerminal(file.path()), file.damage(), file.lines());
        }
    }
}
