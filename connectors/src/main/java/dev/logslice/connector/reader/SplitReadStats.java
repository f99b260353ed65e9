package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.ReadCounts;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The running figures of one split's read, written by the fetch thread only; metric gauges read
 * them racily, which is fine for monitoring. A split of several files also keeps each file's
 * figures, as differences of the totals when the file is done.
 *
 * <p>Read calls are those on the file; for a compressed file they are the decompressor's reads of
 * compressed blocks, and {@link #bytesRead()} counts the uncompressed bytes the lines came from.
 *
 * <p>A split restored from a checkpoint counts its lines on from the checkpoint's counts, so they
 * are the whole split's; the read figures, and the files' entries, are those of this read.
 */
@Internal
public final class SplitReadStats {
    private final Compression compression;
    private final ReadCounts fileReads;
    long bytesRead;
    long lines;
    long oversizedLines;

    /** Replaced, never changed: a checkpoint in the task thread takes it as it is. */
    List<Long> oversizedLineOffsets = List.of();

    private final long startedAtMillis = System.currentTimeMillis();
    private final List<SplitReport.FileRead> files = new ArrayList<>();
    private long readCallsBefore;
    private long bytesReadBefore;
    private long readNanosBefore;
    private long linesBefore;

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
            List<Long> more = new ArrayList<>(oversizedLineOffsets);
            more.add(offset);
            oversizedLineOffsets = List.copyOf(more);
        }
    }

    /** Counts on from what a checkpoint counted before its position, before any line is read. */
    void countOnFrom(LineCounts counted) {
        lines = counted.lines();
        linesBefore = counted.lines();
        oversizedLines = counted.oversizedLines();
        oversizedLineOffsets = counted.oversizedLineOffsets();
    }

    /**
     * Records a segment that is read now: its figures are those since the previous one; {@code
     * damage} is what ended its compressed stream early, or null.
     */
    void finishSegment(FileSegment segment, long grewBy, @Nullable String damage) {
        files.add(
                new SplitReport.FileRead(
                        segment.path().toString(),
                        segment.start(),
                        segment.end(),
                        bytesRead - bytesReadBefore,
                        lines - linesBefore,
                        readCalls() - readCallsBefore,
                        readNanos() - readNanosBefore,
                        grewBy,
                        null,
                        damage));
        readCallsBefore = readCalls();
        bytesReadBefore = bytesRead;
        readNanosBefore = readNanos();
        linesBefore = lines;
    }

    /** Records segments that were not read, their files missing. */
    void skipSegments(List<SplitReport.FileRead> skipped) {
        files.addAll(skipped);
    }

    /** The report of a split whose segments (all, unless it was resumed) are finished. */
    SplitReport toReport(LogFileSplit split) {
        return toReport(split, oversizedLines, oversizedLineOffsets);
    }

    /**
     * The report of a followed split whose file was let go: its oversized lines were told as they
     * ended ({@link dev.logslice.connector.source.LineDecoder#followedOversizedLines}), so it
     * counts none, or a decoder would count them twice.
     */
    SplitReport toFollowedReport(LogFileSplit split) {
        return toReport(split, 0, List.of());
    }

    private SplitReport toReport(LogFileSplit split, long oversized, List<Long> oversizedOffsets) {
        FileSegment first = split.segments().get(0);
        return new SplitReport(
                split.splitId(),
                first.path().toString(),
                first.start(),
                first.end(),
                bytesRead,
                lines,
                oversized,
                oversizedOffsets,
                readCalls(),
                readNanos(),
                startedAtMillis,
                System.currentTimeMillis(),
                compression.displayName(),
                compression.isCompressed() ? fileBytesRead() : 0,
                files.stream().mapToLong(SplitReport.FileRead::grewBy).sum(),
                null,
                files);
    }

    /**
     * The report of a split none of whose files was read: each missing, or the reader's record
     * limit reached before it.
     */
    static SplitReport skippedReport(
            LogFileSplit split, String reason, List<SplitReport.FileRead> skipped) {
        long now = System.currentTimeMillis();
        FileSegment first = split.segments().get(0);
        return new SplitReport(
                split.splitId(),
                first.path().toString(),
                first.start(),
                first.end(),
                0,
                0,
                0,
                List.of(),
                0,
                0,
                now,
                now,
                Compression.ofFileName(first.path().getName()).displayName(),
                0,
                0,
                reason,
                skipped);
    }
}
