package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.List;

/**
 * What reading one split cost and found: the per-split line of the job's I/O report.
 *
 * <p>A split that packs several small files has one entry per file in {@code files}; its {@code
 * path}, {@code start} and {@code end} are those of the first file, its figures the totals.
 *
 * @param splitId the split's id, in enumeration order (files in argument order, then by offset)
 * @param path the file (the first one, for a split of several files)
 * @param start first byte of the split's range (in the first file)
 * @param end end of the split's range, exclusive (in the first file)
 * @param bytesRead bytes returned by read calls, including the bytes read past {@code end} to
 *     finish the last line and those before {@code start} to find the first
 * @param lines lines owned by the split (lines that start in {@code [start, end)})
 * @param oversizedLines lines longer than the maximum line length, skipped
 * @param oversizedLineOffsets file offsets of the first skipped oversized lines (a sample)
 * @param readCalls read system calls on the file
 * @param readNanos time spent inside those read calls
 * @param startedAtMillis wall-clock time of the split's first read
 * @param finishedAtMillis wall-clock time the split was done
 * @param files what was read of each file of the split, in order
 */
@PublicEvolving
public record SplitReport(
        String splitId,
        String path,
        long start,
        long end,
        long bytesRead,
        long lines,
        long oversizedLines,
        List<Long> oversizedLineOffsets,
        long readCalls,
        long readNanos,
        long startedAtMillis,
        long finishedAtMillis,
        List<FileRead> files)
        implements Serializable {

    /** How many oversized-line offsets a report keeps. */
    public static final int MAX_OVERSIZED_SAMPLES = 10;

    public SplitReport {
        oversizedLineOffsets = List.copyOf(oversizedLineOffsets);
        files = List.copyOf(files);
    }

    /** The report of a split of one range of one file. */
    public SplitReport(
            String splitId,
            String path,
            long start,
            long end,
            long bytesRead,
            long lines,
            long oversizedLines,
            List<Long> oversizedLineOffsets,
            long readCalls,
            long readNanos,
            long startedAtMillis,
            long finishedAtMillis) {
        this(
                splitId,
                path,
                start,
                end,
                bytesRead,
                lines,
                oversizedLines,
                oversizedLineOffsets,
                readCalls,
                readNanos,
                startedAtMillis,
                finishedAtMillis,
                List.of(new FileRead(path, start, end, bytesRead, lines, readCalls, readNanos)));
    }

    /** Whether the split packs several files. */
    public boolean isPacked() {
        return files.size() > 1;
    }

    /** What was read of one file's range {@code [start, end)} within a split. */
    public record FileRead(
            String path,
            long start,
            long end,
            long bytesRead,
            long lines,
            long readCalls,
            long readNanos)
            implements Serializable {}
}
