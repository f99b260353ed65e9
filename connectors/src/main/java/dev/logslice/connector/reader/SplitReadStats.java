package dev.logslice.connector.reader;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The running figures of one split's read, written by the fetch thread only; metric gauges read
 * them racily, which is fine for monitoring. A split of several files also keeps each file's
 * figures, as differences of the totals when the file is done.
 */
@Internal
public final class SplitReadStats {
    long readCalls;
    long bytesRead;
    long readNanos;
    long lines;
    long oversizedLines;
    final List<Long> oversizedLineOffsets = new ArrayList<>();
    private final long startedAtMillis = System.currentTimeMillis();
    private final List<SplitReport.FileRead> files = new ArrayList<>();
    private long readCallsBefore;
    private long bytesReadBefore;
    private long readNanosBefore;
    private long linesBefore;

    public long readCalls() {
        return readCalls;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long readNanos() {
        return readNanos;
    }

    public long lines() {
        return lines;
    }

    public long oversizedLines() {
        return oversizedLines;
    }

    void recordRead(int bytes, long nanos) {
        readCalls++;
        bytesRead += Math.max(bytes, 0);
        readNanos += nanos;
    }

    void recordOversizedLine(long offset) {
        oversizedLines++;
        if (oversizedLineOffsets.size() < SplitReport.MAX_OVERSIZED_SAMPLES) {
            oversizedLineOffsets.add(offset);
        }
    }

    /** Records the figures of a segment that is done now: those since the previous one. */
    void finishSegment(FileSegment segment) {
        files.add(
                new SplitReport.FileRead(
                        segment.path().toString(),
                        segment.start(),
                        segment.end(),
                        bytesRead - bytesReadBefore,
                        lines - linesBefore,
                        readCalls - readCallsBefore,
                        readNanos - readNanosBefore));
        readCallsBefore = readCalls;
        bytesReadBefore = bytesRead;
        readNanosBefore = readNanos;
        linesBefore = lines;
    }

    /** The report of a split whose segments read (all, unless it was resumed) are finished. */
    SplitReport toReport(LogFileSplit split) {
        SplitReport.FileRead first = files.get(0);
        return new SplitReport(
                split.splitId(),
                first.path(),
                first.start(),
                first.end(),
                bytesRead,
                lines,
                oversizedLines,
                oversizedLineOffsets,
                readCalls,
                readNanos,
                startedAtMillis,
                System.currentTimeMillis(),
                files);
    }
}
