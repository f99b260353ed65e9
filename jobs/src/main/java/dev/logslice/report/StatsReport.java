package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.Timeline;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A finished stats run as the outputs show it.
 *
 * @param format the format name(s) the input was parsed with
 * @param top rows per top-N panel
 * @param bucketSeconds timeline bucket size
 * @param formats what was read in each format
 * @param undetected input files left out as no log of a known format
 * @param topFields the fields of {@code --top-field}, each an extra panel
 * @param origin how and when the report was made
 */
public record StatsReport(
        LogStats stats,
        String format,
        int top,
        long bucketSeconds,
        int parallelism,
        long elapsedNanos,
        List<FormatSection> formats,
        List<InputFileNotes.SkippedFile> undetected,
        List<String> topFields,
        ReportOrigin origin) {
    private static final DateTimeFormatter ISO_SECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    public StatsReport {
        formats = List.copyOf(formats);
        undetected = List.copyOf(undetected);
        topFields = List.copyOf(topFields);
    }

    /** A report that does not say how it was made. */
    public StatsReport(
            LogStats stats,
            String format,
            int top,
            long bucketSeconds,
            int parallelism,
            long elapsedNanos,
            List<FormatSection> formats,
            List<InputFileNotes.SkippedFile> undetected,
            List<String> topFields) {
        this(
                stats,
                format,
                top,
                bucketSeconds,
                parallelism,
                elapsedNanos,
                formats,
                undetected,
                topFields,
                ReportOrigin.UNKNOWN);
    }

    /** The report of a run that read every file in one format. */
    public StatsReport(
            LogStats stats,
            String format,
            int top,
            long bucketSeconds,
            int parallelism,
            long elapsedNanos) {
        this(
                stats,
                format,
                top,
                bucketSeconds,
                parallelism,
                elapsedNanos,
                FormatSection.of(stats, file -> format),
                List.of(),
                List.of(),
                ReportOrigin.UNKNOWN);
    }

    /** How many files of each format fed a panel: one row per format, in the formats' order. */
    public record Coverage(String format, int files) {}

    public List<Coverage> coverage(Panel panel) {
        // The sections name files by plain path, the stats by the source's names.
        Set<String> fed = new HashSet<>();
        stats.filesOf(panel).forEach(file -> fed.add(LocalPaths.plain(file)));
        List<Coverage> coverage = new ArrayList<>();
        for (FormatSection section : formats) {
            int files = (int) section.files().stream().filter(fed::contains).count();
            if (files > 0) {
                coverage.add(new Coverage(section.format(), files));
            }
        }
        return coverage;
    }

    /**
     * What a panel's title adds in a run over several formats, e.g. {@code " — combined: 3 files"};
     * empty with one format, where every panel covers every file.
     */
    public String coverageNote(Panel panel) {
        if (formats.size() < 2) {
            return "";
        }
        List<Coverage> coverage = coverage(panel);
        return coverage.isEmpty()
                ? ""
                : " — "
                        + coverage.stream()
                                .map(
                                        c ->
                                                c.format()
                                                        + ": "
                                                        + c.files()
                                                        + (c.files() == 1 ? " file" : " files"))
                                .collect(Collectors.joining(", "));
    }

    public List<Timeline.Bucket> timeline() {
        return stats.timeline().buckets(bucketSeconds);
    }

    public long readCalls() {
        return stats.splits().stream().mapToLong(split -> split.readCalls()).sum();
    }

    public long readNanos() {
        return stats.splits().stream().mapToLong(split -> split.readNanos()).sum();
    }

    /**
     * ISO-8601 in UTC with the seconds always written ({@code 2026-03-01T00:00:00Z}, not {@code
     * 2026-03-01T00:00Z}), the form every output uses for times.
     */
    public static String iso(long epochSecond) {
        return ISO_SECONDS.format(Instant.ofEpochSecond(epochSecond));
    }
}
