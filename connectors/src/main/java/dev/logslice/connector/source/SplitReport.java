package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What reading one split cost and found: the per-split line of the job's I/O report.
 *
 * <p>A split that packs several small files has one entry per file in {@code files}; its {@code
 * path}, {@code start} and {@code end} are those of the first file, its figures the totals. A split
 * of one file's range has that range as its one entry.
 *
 * <p>For a split restored from a checkpoint, {@code lines}, {@code oversizedLines} and {@code
 * oversizedLineOffsets} count the whole split, as an uninterrupted read does; the read figures and
 * {@code files} are those of the restored read, from the checkpoint on.
 *
 * @param splitId the split's id, in enumeration order (files in argument order, then by offset)
 * @param path the file (the first one, for a split of several files)
 * @param start first byte of the split's range (in the first file)
 * @param end end of the split's range, exclusive (in the first file)
 * @param bytesRead bytes the line reader went through: those of the file, including the bytes read
 *     past {@code end} to finish the last line and those before {@code start} to find the first;
 *     for a compressed file, the uncompressed bytes
 * @param lines lines owned by the split (lines that start in {@code [start, end)})
 * @param oversizedLines lines longer than the maximum line length, skipped; none for a followed
 *     split, whose oversized lines are told as they come ({@link
 *     LineDecoder#followedOversizedLines})
 * @param oversizedLineOffsets file offsets of the first skipped oversized lines (a sample)
 * @param readCalls read system calls on the file (on the compressed file for a compressed one)
 * @param readNanos time spent inside those read calls (decompressing is not in it)
 * @param startedAtMillis wall-clock time of the split's first read
 * @param finishedAtMillis wall-clock time the split was done
 * @param compression how the file is compressed: {@code none}, {@code gzip}, {@code zstd} or {@code
 *     bzip2}; a compressed file is one split {@code [0, file size)} whose line offsets are offsets
 *     in the uncompressed stream, never packed with others
 * @param compressedBytesRead bytes read from a compressed file; 0 for an uncompressed one
 * @param grewBy bytes appended to the split's files after the job listed them, which were not read:
 *     a file is read up to the size it had then
 * @param skipReason why the split was not read at all (its files were missing and missing files are
 *     skipped, or its reader had emitted its record limit), or null when it was read
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
        String compression,
        long compressedBytesRead,
        long grewBy,
        @Nullable String skipReason,
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
            long finishedAtMillis,
            String compression,
            long compressedBytesRead,
            long grewBy,
            @Nullable String skipReason) {
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
                compression,
                compressedBytesRead,
                grewBy,
                skipReason,
                List.of(
                        new FileRead(
                                path,
                                start,
                                end,
                                bytesRead,
                                lines,
                                readCalls,
                                readNanos,
                                grewBy,
                                skipReason,
                                null)));
    }

    /**
     * The same report with its files named by {@code rename}: reports name a file the user gave as
     * a stream ({@code -}) by that name, not by the path of the copy the source read.
     */
    public SplitReport withPaths(UnaryOperator<String> rename) {
        return new SplitReport(
                splitId,
                rename.apply(path),
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
                compression,
                compressedBytesRead,
                grewBy,
                skipReason,
                files.stream()
                        .map(
                                file ->
                                        new FileRead(
                                                rename.apply(file.path()),
                                                file.start(),
                                                file.end(),
                                                file.bytesRead(),
                                                file.lines(),
                                                file.readCalls(),
                                                file.readNanos(),
                                                file.grewBy(),
                                                file.skipReason(),
                                                file.damage()))
                        .toList());
    }

    /** Whether the split was skipped instead of read; see {@link #skipReason()}. */
    public boolean skipped() {
        return skipReason != null;
    }

    /** Whether the split packs several files. */
    public boolean isPacked() {
        return files.size() > 1;
    }

    /** The files of the split whose compressed stream ended early or held damaged bytes. */
    public List<FileRead> damagedFiles() {
        return files.stream().filter(FileRead::damaged).toList();
    }

    /**
     * What was read of one file's range {@code [start, end)} within a split; {@code grewBy} and
     * {@code skipReason} as for a split, of this file.
     *
     * @param damage what ended the file's compressed stream before its end (its lines before that
     *     were read), as {@code zcat} says it after the file's name: {@code the gzip stream ends
     *     early (truncated?) after 8,798 uncompressed bytes}; null for a file read to its end
     */
    public record FileRead(
            String path,
            long start,
            long end,
            long bytesRead,
            long lines,
            long readCalls,
            long readNanos,
            long grewBy,
            @Nullable String skipReason,
            @Nullable String damage)
            implements Serializable {

        /** A file of a split that was not read, and why. */
        public static FileRead skipped(String path, long start, long end, String reason) {
            return new FileRead(path, start, end, 0, 0, 0, 0, 0, reason, null);
        }

        public boolean skipped() {
            return skipReason != null;
        }

        public boolean damaged() {
            return damage != null;
        }
    }
}
