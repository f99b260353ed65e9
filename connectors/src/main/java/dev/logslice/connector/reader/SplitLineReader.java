package dev.logslice.connector.reader;

import dev.logslice.connector.io.LineFeeds;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.util.function.Consumer;

import static org.apache.flink.util.Preconditions.checkArgument;

/**
 * Finds the lines of one split of a file in large reads, working on bytes only.
 *
 * <h2>The line contract</h2>
 *
 * <ul>
 *   <li>A line ends with LF. CRLF is one terminator (the CR is not content); a lone CR is content.
 *       The last line of a file may have no terminator.
 *   <li>A line belongs to the split that holds its first byte. A split {@code [A, B)} with {@code A
 *       > 0} starts reading at {@code A - 1} and skips through the first LF (so a line that starts
 *       exactly at {@code A} is kept); it emits every line that starts before {@code B}, reading
 *       past {@code B} to finish the last one.
 *   <li>Lines longer than the read buffer or the split are whole. A line whose content is longer
 *       than the maximum line length is skipped and counted as oversized; memory stays bounded by
 *       that maximum plus one buffer.
 *   <li>A reader resumed from a checkpoint starts at the exact offset of the next line, with no
 *       skip.
 *   <li>Reads never go past the file size seen at enumeration; a file that ends before it fails the
 *       split with an error naming the file.
 * </ul>
 *
 * <p>Every read asks for a whole buffer, shortened once so that later reads start at page-aligned
 * file offsets.
 */
@Internal
public final class SplitLineReader {
    private static final int ALIGNMENT = 4096;

    private final ReadChannel channel;
    private final Path file;
    private final long splitEnd;
    private final long fileSize;
    private final int bufferSize;
    private final int maxLineLength;
    private final SplitReadStats stats = new SplitReadStats();
    private final Line line = new Line();

    private byte[] window;

    /** File offset of {@code window[0]}. */
    private long windowBase;

    /** Valid bytes in the window. */
    private int windowLength;

    /** Index in the window of the first byte of the line being assembled. */
    private int lineStart;

    /** Index in the window where the search for the next LF goes on. */
    private int scanFrom;

    /** File offset of the next read. */
    private long readPosition;

    /** Whether the bytes up to the first LF belong to the previous split. */
    private boolean skippingToFirstLine;

    /** Whether the line being assembled is over the maximum and is being dropped. */
    private boolean droppingOversizedLine;

    private boolean finished;

    private SplitLineReader(
            ReadChannel channel,
            Path file,
            long readFrom,
            boolean skipToFirstLine,
            long splitEnd,
            long fileSize,
            int bufferSize,
            int maxLineLength) {
        checkArgument(bufferSize >= ALIGNMENT && bufferSize % ALIGNMENT == 0, "buffer size");
        checkArgument(maxLineLength > 0, "max line length");
        this.channel = channel;
        this.file = file;
        this.splitEnd = splitEnd;
        this.fileSize = fileSize;
        this.bufferSize = bufferSize;
        this.maxLineLength = maxLineLength;
        this.window = new byte[2 * bufferSize];
        this.windowBase = readFrom;
        this.readPosition = readFrom;
        this.skippingToFirstLine = skipToFirstLine;
        this.finished = readFrom >= fileSize || (!skipToFirstLine && readFrom >= splitEnd);
    }

    /** A reader for the split {@code [start, end)} of a file of {@code fileSize} bytes. */
    public static SplitLineReader forSplit(
            ReadChannel channel,
            Path file,
            long start,
            long end,
            long fileSize,
            int bufferSize,
            int maxLineLength) {
        checkArgument(0 <= start && start <= end && end <= fileSize, "split outside file");
        return new SplitLineReader(
                channel,
                file,
                start == 0 ? 0 : start - 1,
                start > 0,
                end,
                fileSize,
                bufferSize,
                maxLineLength);
    }

    /** A reader that resumes a split at {@code nextLineOffset}, a checkpointed line start. */
    public static SplitLineReader resumingAt(
            ReadChannel channel,
            Path file,
            long nextLineOffset,
            long end,
            long fileSize,
            int bufferSize,
            int maxLineLength) {
        checkArgument(0 <= nextLineOffset && end <= fileSize, "resume offset outside file");
        return new SplitLineReader(
                channel, file, nextLineOffset, false, end, fileSize, bufferSize, maxLineLength);
    }

    /** Tags the lines this reader hands out with the id of their split. */
    public SplitLineReader withSplitId(String splitId) {
        line.setSplitId(splitId);
        return this;
    }

    public boolean isFinished() {
        return finished;
    }

    /** File offset of the next read. */
    public long position() {
        return readPosition;
    }

    public SplitReadStats stats() {
        return stats;
    }

    /**
     * Makes one read and hands every line it completes to {@code sink}.
     *
     * @return false once the split has no more lines
     */
    public boolean readNext(Consumer<Line> sink) throws IOException {
        if (finished) {
            return false;
        }
        makeRoomForRead();
        int wanted =
                (int)
                        Math.min(
                                bufferSize - (readPosition & (ALIGNMENT - 1)),
                                fileSize - readPosition);
        long startNanos = System.nanoTime();
        int n = channel.read(readPosition, window, windowLength, wanted);
        stats.recordRead(n, System.nanoTime() - startNanos);
        if (n < 0) {
            throw new IOException(
                    "File "
                            + file
                            + " ended at byte "
                            + readPosition
                            + " but had "
                            + fileSize
                            + " bytes when the job started: it changed while being read");
        }
        readPosition += n;
        windowLength += n;
        scan(sink);
        if (!finished && readPosition == fileSize) {
            finishAtEndOfFile(sink);
        }
        return !finished;
    }

    private void scan(Consumer<Line> sink) {
        if (skippingToFirstLine) {
            int lf = LineFeeds.indexOf(window, scanFrom, windowLength);
            if (lf < 0) {
                scanFrom = windowLength;
                // Any later LF is at or after B - 1, so no line starts in this split.
                finished = windowBase + windowLength + 1 >= splitEnd;
                return;
            }
            skippingToFirstLine = false;
            lineStart = lf + 1;
            scanFrom = lineStart;
            if (windowBase + lineStart >= splitEnd) {
                finished = true;
                return;
            }
        }
        int lf;
        while ((lf = LineFeeds.indexOf(window, scanFrom, windowLength)) >= 0) {
            if (droppingOversizedLine) {
                droppingOversizedLine = false;
            } else {
                boolean crlf = lf > lineStart && window[lf - 1] == '\r';
                int contentEnd = crlf ? lf - 1 : lf;
                emit(sink, contentEnd, crlf ? LineTerminator.CRLF : LineTerminator.LF);
            }
            lineStart = lf + 1;
            scanFrom = lineStart;
            if (windowBase + lineStart >= splitEnd) {
                finished = true;
                return;
            }
        }
        scanFrom = windowLength;
        if (!droppingOversizedLine && windowLength - lineStart > maxLineLength + 1) {
            // +1: the byte past the maximum may be the CR of a CRLF.
            stats.recordOversizedLine(windowBase + lineStart);
            droppingOversizedLine = true;
        }
    }

    private void emit(Consumer<Line> sink, int contentEnd, LineTerminator terminator) {
        long offset = windowBase + lineStart;
        if (offset >= splitEnd) {
            // Not checkState: its varargs box two longs per line, which halved the reader's speed.
            throw new IllegalStateException(
                    "line at " + offset + " is past the split end " + splitEnd);
        }
        int length = contentEnd - lineStart;
        if (length > maxLineLength) {
            stats.recordOversizedLine(offset);
            return;
        }
        stats.lines++;
        line.set(file, window, lineStart, length, offset, terminator);
        sink.accept(line);
    }

    private void finishAtEndOfFile(Consumer<Line> sink) {
        finished = true;
        if (skippingToFirstLine || droppingOversizedLine || lineStart == windowLength) {
            return;
        }
        emit(sink, windowLength, LineTerminator.NONE);
    }

    /** Drops consumed bytes and grows the window so that a whole buffer fits after the data. */
    private void makeRoomForRead() {
        int keepFrom = skippingToFirstLine || droppingOversizedLine ? windowLength : lineStart;
        if (keepFrom > 0) {
            System.arraycopy(window, keepFrom, window, 0, windowLength - keepFrom);
            windowBase += keepFrom;
            windowLength -= keepFrom;
            lineStart = Math.max(lineStart - keepFrom, 0);
            scanFrom -= keepFrom;
        }
        if (window.length - windowLength < bufferSize) {
            // Before a read at most maxLineLength + 1 bytes are pending, which caps the window.
            int needed = windowLength + bufferSize;
            int cap = maxLineLength + 1 + bufferSize;
            byte[] grown = new byte[Math.max(needed, Math.min(window.length * 2, cap))];
            System.arraycopy(window, 0, grown, 0, windowLength);
            window = grown;
        }
    }
}
