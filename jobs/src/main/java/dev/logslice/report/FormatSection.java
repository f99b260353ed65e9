package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.LogStats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What a run read in one format: its files (in input order, as plain paths) and their lines, events
 * and malformed lines. A run over files of several formats has one section per format; the report's
 * totals are their sums.
 */
public record FormatSection(
        String format, List<String> files, long lines, long events, long malformed) {

    /**
     * The sections of a run, from what its splits read of each file (or, following files, from the
     * lines counted per file); {@code formatOfFile} names the format a file was read in.
     */
    public static List<FormatSection> of(LogStats stats, Function<String, String> formatOfFile) {
        Map<String, LinkedHashSet<String>> filesByFormat = new LinkedHashMap<>();
        Map<String, Long> linesByFile = new LinkedHashMap<>();
        // Events name files by plain path, splits by the source's name.
        BiConsumer<String, Long> read =
                (file, lines) -> {
                    String name = LocalPaths.plain(file);
                    filesByFormat
                            .computeIfAbsent(formatOfFile.apply(file), k -> new LinkedHashSet<>())
                            .add(name);
                    linesByFile.merge(name, lines, Long::sum);
                };
        // Follow mode counts lines per file as they come; the reports of its splits, if any,
        // count the same lines again.
        stats.linesByFile().forEach(read);
        for (SplitReport split :
                stats.linesByFile().isEmpty() ? stats.splits() : List.<SplitReport>of()) {
            for (SplitReport.FileRead file : split.files()) {
                // An empty file (wtmp, a log not yet written) is read in no format.
                if (!file.skipped() && file.end() > 0) {
                    read.accept(file.path(), file.lines());
                }
            }
        }
        List<FormatSection> sections = new ArrayList<>();
        filesByFormat.forEach(
                (format, files) ->
                        sections.add(
                                new FormatSection(
                                        format,
                                        List.copyOf(files),
                                        sum(files, linesByFile),
                                        sum(files, stats.eventsByFile()),
                                        sum(files, stats.malformedByFile()))));
        return sections;
    }

    private static long sum(Iterable<String> files, Map<String, Long> byFile) {
        long total = 0;
        for (String file : files) {
            total += byFile.getOrDefault(file, 0L);
        }
        return total;
    }
}
