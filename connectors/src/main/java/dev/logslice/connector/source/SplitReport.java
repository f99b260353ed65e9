package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.List;

/**
 * What reading one split cost and found: the per-split line of the job's I/O report.
 *
 * @param splitId the split's id, in enumeration order (files in argument order, then by offset)
 * @param path the file
 * @param start first byte of the split's range
 * @param end end of the split's range, exclusive
 * @param bytesRead bytes returned by read calls, including the bytes read past {@code end} to
 *     finish the last line and those before {@code start} to find the first
 * @param lines lines owned by the split (lines that start in {@code [start, end)})
 * @param oversizedLines lines longer than the maximum line length, skipped
 * @param oversizedLineOffsets file offsets of the first skipped oversized lines (a sample)
 * @param readCalls read system calls on the file
 * @param readNanos time spent inside those read calls
 * @param startedAtMillis wall-clock time of the split's first read
 * @param finishedAtMillis wall-clock time the split was done
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
        long finishedAtMillis)
        implements Serializable {

    /** How many oversized-line offsets a report keeps. */
    public static final int MAX_OVERSIZED_SAMPLES = 10;

    public SplitReport {
        oversizedLineOffsets = List.copyOf(oversizedLineOffsets);
    }
}
