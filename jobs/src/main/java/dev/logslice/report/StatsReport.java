package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.Timeline;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * A finished stats run as the outputs show it.
 *
 * @param format the format name(s) the input was parsed with
 * @param top rows per top-N panel
 * @param bucketSeconds timeline bucket size
 * @param formats what was read in each format
 * @param undetected input files left out as no log of a known format
 */
public record StatsReport(
        LogStats stats,
        String format,
        int top,
        long bucketSeconds,
        int parallelism,
        long elapsedNanos,
        List<FormatSection> formats,
        List<InputFileNotes.SkippedFile> undetected) {

    public StatsReport {
        formats = List.copyOf(formats);
        undetected = List.copyOf(undetected);
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
                List.of());
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

    /** ISO-8601 in UTC, the form every output uses for times. */
    public static String iso(long epochSecond) {
        return Instant.ofEpochSecond(epochSecond).atOffset(ZoneOffset.UTC).toString();
    }
}
