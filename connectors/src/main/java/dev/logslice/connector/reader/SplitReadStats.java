package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.ReadCounts;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;

import java.util.ArrayList;
import java.util.List;

/**
 * The running figures of one split's read, written by the fetch thread only; metric gauges read
 * them racily, which is fine for monitoring.
 *
 * <p>Read calls are those on the file; for a compressed file they are the decompressor's reads of
 * compressed blocks, and {@link #bytesRead()} counts the uncompressed bytes the lines came from.
 */
@Internal
public final class SplitReadStats {
    private final Compression compression;
    private final ReadCounts fileReads;
    long bytesRead;
    long lines;
    long oversizedLines;
    final List<Long> oversizedLineOffsets = new ArrayList<>();
    private final long startedAtMillis = System.currentTimeMillis();

    /** The figures of a split of an uncompressed file, whose read calls are counted in them. */
    public SplitReadStats() {
        this(Compression.NONE, new ReadCounts());
    }

    /** The figures of a split whose read calls on the file are counted in {@code fileReads}. */
    SplitReadStats(Compression compression, ReadCounts fileReads) {
        this.compression = compression;
        this.fileReads = fileReads;
    }

    /** Where the reads of an uncompressed file are counted. */
    ReadCounts fileReads() {
        return fileReads;
    }

    public long readCalls() {
        return fileReads.calls();
    }

    /** Bytes the line reader went through; uncompressed bytes for a compressed file. */
    public long bytesRead() {
        return bytesRead;
    }

    /** Bytes read from the file: compressed bytes for a compressed file. */
    public long fileBytesRead() {
        return fileReads.bytes();
    }

    public long readNanos() {
        return fileReads.nanos();
    }

    public long lines() {
        return lines;
    }

    public long oversizedLines() {
        return oversizedLines;
    }

    void recordOversizedLine(long offset) {
        oversizedLines++;
        if (oversizedLineOffsets.size() < SplitReport.MAX_OVERSIZED_SAMPLES) {
            oversizedLineOffsets.add(offset);
        }
    }

    /** The report of a split that is done now; {@code grewBy}: see {@link SplitReport}. */
    SplitReport toReport(FileSourceSplit split, long grewBy) {
        return new SplitReport(
                split.splitId(),
                split.path().toString(),
                split.offset(),
                split.offset() + split.length(),
                bytesRead,
                lines,
                oversizedLines,
                oversizedLineOffsets,
                readCalls(),
                readNanos(),
                startedAtMillis,
                System.currentTimeMillis(),
                compression.displayName(),
                compression.isCompressed() ? fileBytesRead() : 0,
                grewBy,
                null);
    }

    /** The report of a split that was not read, and why. */
    static SplitReport skippedReport(FileSourceSplit split, String reason) {
        long now = System.currentTimeMillis();
        return new SplitReport(
                split.splitId(),
                split.path().toString(),
                split.offset(),
                split.offset() + split.length(),
                0,
                0,
                0,
                List.of(),
                0,
                0,
                now,
                now,
                Compression.ofFileName(split.path().getName()).displayName(),
                0,
                0,
                reason);
    }
}
