package dev.logslice.connector.reader;

import dev.logslice.connector.source.SplitReport;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;

import java.util.ArrayList;
import java.util.List;

/**
 * The running figures of one split's read, written by the fetch thread only; metric gauges read
 * them racily, which is fine for monitoring.
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

    /** The report of a split that is done now. */
    SplitReport toReport(FileSourceSplit split) {
        return new SplitReport(
                split.splitId(),
                split.path().toString(),
                split.offset(),
                split.offset() + split.length(),
                bytesRead,
                lines,
                oversizedLines,
                oversizedLineOffsets,
                readCalls,
                readNanos,
                startedAtMillis,
                System.currentTimeMillis());
    }
}
