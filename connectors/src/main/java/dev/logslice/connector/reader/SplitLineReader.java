package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteSearch;
import dev.logslice.connector.io.CountingReadChannel;
import dev.logslice.connector.io.DecompressingReadChannel;
import dev.logslice.connector.io.LineFeeds;
import dev.logslice.connector.io.LineTally;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.source.LineTerminator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.Arrays;
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
 *   <li>A compressed file is one split, read through a {@link DecompressingReadChannel}: offsets
 *       are offsets in the uncompressed stream, which ends where the decompressed data does.
 * </ul>
 *
 * <p>Every read asks for a whole buffer, shortened once so that later reads start at page-aligned
 * file offsets.
 */
@Internal
public final class SplitLineReader {
    private static final int ALIGNMENT = 4096;
    private static final byte ESC = 0x1b;

    /**
     * The longest line taken as maybe cut short ({@link EventStarts#leavesLineUnfinished}):
     * container runtimes cut lines at 16 KiB, which escapes may make a few times longer. After a
     * longer line no event starts, as after an unfinished one.
     */
    private static final int LONGEST_CUT_LINE = 256 * 1024;

    /** Bytes of a split's first read on which its prefilter's literals are chosen. */
    private static final int PREFILTER_SAMPLE = 256 * 1024;

    /** Split end and size of a decompressed stream: its length is known only at its end. */
    private static final long WHOLE_STREAM = Long.MAX_VALUE;

    private final ReadChannel channel;
    private final Path file;

    /** Where the split's lines start: lines before it are read only to tell how it begins. */
    private final long splitStart;

    private final long splitEnd;

    /** The size read up to; for a followed file, the size it had when last looked at. */
    private long fileSize;

    /**
     * Whether the file is followed as it grows: its end is no end of lines, a last line without its
     * LF waits for the rest, and {@link #growTo} moves the size on.
     */
    private boolean following;

    private final int bufferSize;
    private final int maxLineLength;
    private final SplitReadStats stats;
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

    /**
     * Whether the line being assembled was searched for ESC bytes (which open a terminal's colour
     * codes) along with its LF from its first byte to {@link #scanFrom}, and whether one was found:
     * a parser then strips colours only from lines that hold one, without a search of its own.
     */
    private boolean lineSearchedForEscape = true;

    private boolean lineHoldsEscape;

    /** File offset of the next read. */
    private long readPosition;

    /** Whether the bytes up to the first LF belong to the previous split. */
    private boolean skippingToFirstLine;

    /** Whether the line being assembled is over the maximum and is being dropped. */
    private boolean droppingOversizedLine;

    /** File offset after the last oversized line whose end was read; -1 before one. */
    private long afterLastOversizedLine = -1;

    /** Tells lines that start a multi-line event; null when every line is a record. */
    @Nullable private EventStarts eventStarts;

    /** Whether the file's lines may be cut short ({@link EventStarts#cutsLines}). */
    private boolean linesMayBeCut;

    /**
     * Whether the next line may be the rest of the line before it (cut short, or too long to tell),
     * so that no event starts there; kept for the lines where it decides (before the split, the
     * split's last, past its end).
     */
    private boolean previousLineUnfinished;

    /** The prefilter the lines handed out pass, or null: every line is handed out. */
    @Nullable private LinePrefilter prefilter;

    /** Finds the lines that hold a prefilter literal; null without a prefilter. */
    @Nullable private CandidateLines candidates;

    /** Whether the prefilter's literals were chosen on the split's first bytes. */
    private boolean prefilterFitted;

    /** What a skip over lines without a literal passed, reused from skip to skip. */
    private final LineTally tally = new LineTally();

    /** Whether lines are skipped as continuations of the previous split's last event. */
    private boolean seekingEventStart;

    /** The split's line count when this reader's file began: lines of the files before. */
    private long linesBeforeFile;

    /** Whether a read was made: before the first, a reader resumed at its split's end is done. */
    private boolean readAny;

    private boolean finished;

    private SplitLineReader(
            ReadChannel channel,
            SplitReadStats stats,
            Path file,
            long readFrom,
            boolean skipToFirstLine,
            long splitEnd,
            long fileSize,
            int bufferSize,
            int maxLineLength,
            byte[] window) {
        checkArgument(bufferSize >= ALIGNMENT && bufferSize % ALIGNMENT == 0, "buffer size");
        checkArgument(maxLineLength > 0, "max line length");
        this.channel = channel;
        this.stats = stats;
        this.file = file;
        this.splitStart = skipToFirstLine ? readFrom + 1 : readFrom;
        this.splitEnd = splitEnd;
        this.fileSize = fileSize;
        this.bufferSize = bufferSize;
        this.maxLineLength = maxLineLength;
        this.window = window;
        this.windowBase = readFrom;
        this.readPosition = readFrom;
        this.skippingToFirstLine = skipToFirstLine;
        this.finished = readFrom >= fileSize;
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
        SplitReadStats stats = new SplitReadStats();
        return new SplitLineReader(
                new CountingReadChannel(channel, stats.fileReads()),
                stats,
                file,
                start == 0 ? 0 : start - 1,
                start > 0,
                end,
                fileSize,
                bufferSize,
                maxLineLength,
                new byte[2 * bufferSize]);
    }

    /**
     * A reader for the range {@code [start, end)} of the next file of a split that packs several:
     * it counts into this reader's stats, reuses its buffer (a fresh one per small file would cost
     * more than reading it), and keeps its split id and event starts.
     */
    public SplitLineReader followedBy(
            ReadChannel nextChannel, Path nextFile, long start, long end, long nextFileSize) {
        checkArgument(0 <= start && start <= end && end <= nextFileSize, "split outside file");
        SplitLineReader next =
                new SplitLineReader(
                        new CountingReadChannel(nextChannel, stats.fileReads()),
                        stats,
                        nextFile,
                        start == 0 ? 0 : start - 1,
                        start > 0,
                        end,
                        nextFileSize,
                        bufferSize,
                        maxLineLength,
                        window);
        if (eventStarts != null) {
            next.withEventStarts(eventStarts);
        }
        next.linesBeforeFile = stats.lines;
        if (prefilter != null) {
            next.withPrefilter(prefilter);
        }
        next.line.setSplitId(line.splitId());
        return next;
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
        SplitReadStats stats = new SplitReadStats();
        return new SplitLineReader(
                new CountingReadChannel(channel, stats.fileReads()),
                stats,
                file,
                nextLineOffset,
                false,
                end,
                fileSize,
                bufferSize,
                maxLineLength,
                new byte[2 * bufferSize]);
    }

    /**
     * A reader of the lines of a compressed file from {@code nextLineOffset}: 0, or a checkpointed
     * line start in the uncompressed stream, which the channel reaches by decompressing from the
     * file's start. The stats count the channel's reads on the compressed file.
     */
    public static SplitLineReader forDecompressedFile(
            DecompressingReadChannel channel,
            Path file,
            long nextLineOffset,
            int bufferSize,
            int maxLineLength) {
        checkArgument(nextLineOffset >= 0, "resume offset outside file");
        return new SplitLineReader(
                channel,
                new SplitReadStats(channel.compression(), channel.fileReads()),
                file,
                nextLineOffset,
                false,
                WHOLE_STREAM,
                WHOLE_STREAM,
                bufferSize,
                maxLineLength,
                new byte[2 * bufferSize]);
    }

    /**
     * A reader of a file that is being written, from {@code nextLineOffset} (a line start) up to
     * {@code size}, which {@link #growTo} moves on as the file grows. The file's end is no end of
     * lines: a last line without its LF stays pending until its LF comes or it is taken as it is
     * ({@link #takePendingLine}).
     */
    public static SplitLineReader following(
            ReadChannel channel,
            Path file,
            long nextLineOffset,
            long size,
            int bufferSize,
            int maxLineLength) {
        checkArgument(0 <= nextLineOffset && nextLineOffset <= size, "offset outside file");
        SplitReadStats stats = new SplitReadStats();
        SplitLineReader reader =
                new SplitLineReader(
                        new CountingReadChannel(channel, stats.fileReads()),
                        stats,
                        file,
                        nextLineOffset,
                        false,
                        Long.MAX_VALUE,
                        size,
                        bufferSize,
                        maxLineLength,
                        new byte[2 * bufferSize]);
        reader.following = true;
        reader.finished = false;
        reader.readAny = true;
        return reader;
    }

    /** A followed file grew to {@code size} bytes: reads go on up to there. */
    public void growTo(long size) {
        checkArgument(following && size >= fileSize, "only a followed file grows");
        fileSize = size;
    }

    /** Offset of the first byte not yet handed out in a line: where a resumed follow starts. */
    public long nextLineOffset() {
        return windowBase + lineStart;
    }

    /**
     * Up to {@code count} of the last bytes read, which end at {@link #position()}: a follower
     * compares them with the file's bytes there to tell a file rewritten since from one appended
     * to.
     */
    public byte[] lastBytesRead(int count) {
        int n = Math.min(count, windowLength);
        return Arrays.copyOfRange(window, windowLength - n, windowLength);
    }

    /** Whether bytes of a line without its LF are held, waiting for the rest. */
    public boolean holdsPendingLine() {
        return following && (droppingOversizedLine || lineStart < windowLength);
    }

    /**
     * Hands out the bytes of a last line that waited long enough for its LF as a line of their own
     * (without terminator); bytes appended later start a new line. A line over the maximum that was
     * being dropped ends there.
     */
    public void takePendingLine(Consumer<Line> sink) {
        checkArgument(following, "only a followed file has a pending line");
        if (droppingOversizedLine) {
            afterLastOversizedLine = windowBase + windowLength;
        } else if (lineStart < windowLength) {
            offer(sink, windowLength, LineTerminator.NONE);
        }
        droppingOversizedLine = false;
        startLine(windowLength);
    }

    /**
     * Makes records multi-line events: lines for which {@code eventStarts} is false continue the
     * event before them. The split then skips its leading continuation lines (they end the previous
     * split's last event) and reads past its end through the continuation lines of its own last
     * event. Must be set before the first read.
     *
     * <p>Where lines may be cut short ({@link EventStarts#cutsLines}), no event starts right after
     * an unfinished line, nor after one over {@link #LONGEST_CUT_LINE} bytes or the maximum, so
     * that a split need read back no further than that for the line before its first.
     */
    public SplitLineReader withEventStarts(EventStarts eventStarts) {
        checkArgument(prefilter == null, "multi-line events with a prefilter");
        checkArgument(!readAny, "event starts after the first read");
        this.eventStarts = eventStarts;
        linesMayBeCut = eventStarts.cutsLines(file);
        if (linesMayBeCut && splitStart > 0 && skippingToFirstLine) {
            long from = Math.max(0, splitStart - 1 - unfinishedLineLookback());
            windowBase = from;
            readPosition = from;
            skippingToFirstLine = from > 0;
            seekingEventStart = true;
        }
        return this;
    }

    /** Whether the file's lines may be cut short ({@link EventStarts#cutsLines}). */
    public boolean cutsLines() {
        return linesMayBeCut;
    }

    /**
     * How far back a split reads for the line before its first: a line that starts further back is
     * longer than a cut line or the maximum (+2: its LF and a CR).
     */
    private int unfinishedLineLookback() {
        return (int) Math.min(LONGEST_CUT_LINE, maxLineLength) + 2;
    }

    /** Whether the line may end before its text does: its rest would be the next line. */
    private boolean mayBeUnfinished(Line line) {
        return line.length() > LONGEST_CUT_LINE || eventStarts.leavesLineUnfinished(line);
    }

    /**
     * Hands out only the lines that hold one of the prefilter's literals (found by searching the
     * buffer, not line by line); the others are counted as lines all the same. For records of one
     * line only: the lines of a multi-line event are not to be told apart one by one.
     */
    public SplitLineReader withPrefilter(LinePrefilter prefilter) {
        checkArgument(eventStarts == null, "a prefilter with multi-line events");
        this.prefilter = prefilter;
        this.candidates = new CandidateLines(prefilter);
        return this;
    }

    /** Tags the lines this reader hands out with the id of their split. */
    public SplitLineReader withSplitId(String splitId) {
        line.setSplitId(splitId);
        return this;
    }

    public boolean isFinished() {
        return finished;
    }

    /**
     * Whether an oversized line is being dropped: counted in {@link #stats()} when found, its end
     * not read yet.
     */
    public boolean dropsOversizedLine() {
        return droppingOversizedLine;
    }

    /**
     * File offset after the last oversized line whose end was read, or -1: a follower that tells of
     * skipped lines as they end resumes after them.
     */
    public long afterLastOversizedLine() {
        return afterLastOversizedLine;
    }

    /** File offset of the next read. */
    public long position() {
        return readPosition;
    }

    /**
     * The split's end: the offset a checkpoint taken after its last line resumes at, and finds
     * nothing to read ({@code Long.MAX_VALUE} for a decompressed file).
     */
    public long splitEnd() {
        return splitEnd;
    }

    public SplitReadStats stats() {
        return stats;
    }

    /** What ended the file's compressed stream early (its lines up to there were read), or null. */
    @Nullable
    String damage() {
        return channel instanceof DecompressingReadChannel decompressing
                        && decompressing.damage() != null
                ? decompressing.damage().whatIsWrong()
                : null;
    }

    /**
     * Makes one read and hands every line it completes to {@code sink}.
     *
     * @return false once the split has no more lines
     */
    public boolean readNext(Consumer<Line> sink) throws IOException {
        if (!finished && !skippingToFirstLine && !readAny) {
            // A split resumed at its end has nothing left, unless its last event goes on.
            finished = isPastEndOfOneLineRecords();
        }
        if (finished || (following && readPosition >= fileSize)) {
            return false;
        }
        makeRoomForRead();
        int wanted =
                (int)
                        Math.min(
                                bufferSize - (readPosition & (ALIGNMENT - 1)),
                                fileSize - readPosition);
        int n = channel.read(readPosition, window, windowLength, wanted);
        readAny = true;
        if (n < 0 && following) {
            return false; // truncated since it was looked at: the follower sees it next time
        }
        if (n < 0) {
            if (fileSize != WHOLE_STREAM) {
                throw ReadChannel.endedEarly(file, readPosition, fileSize);
            }
            finishAtEndOfFile(sink);
            return false;
        }
        stats.bytesRead += n;
        readPosition += n;
        windowLength += n;
        scan(sink);
        if (following) {
            return readPosition < fileSize;
        }
        if (!finished && readPosition == fileSize) {
            finishAtEndOfFile(sink);
        }
        return !finished;
    }

    private void scan(Consumer<Line> sink) {
        if (candidates != null && !prefilterFitted) {
            prefilterFitted = true;
            LinePrefilter fitted =
                    prefilter.fittedTo(
                            window, scanFrom, Math.min(windowLength, scanFrom + PREFILTER_SAMPLE));
            if (fitted != prefilter) {
                candidates = new CandidateLines(fitted);
            }
        }
        if (skippingToFirstLine) {
            int lf = LineFeeds.indexOf(window, scanFrom, windowLength);
            if (lf < 0) {
                scanFrom = windowLength;
                // Any later LF is at or after B - 1, so no line starts in this split.
                finished = windowBase + windowLength + 1 >= splitEnd;
                return;
            }
            skippingToFirstLine = false;
            seekingEventStart = eventStarts != null;
            // A line before the split's first that starts before the bytes read is a long one.
            previousLineUnfinished = linesMayBeCut;
            startLine(lf + 1);
            if (isPastEndOfOneLineRecords()) {
                finished = true;
                return;
            }
        }
        while (true) {
            if (candidates != null && !droppingOversizedLine) {
                skipLinesWithoutLiteral();
            }
            int lf = lineFeedNotingEscapes();
            if (lf < 0) {
                break;
            }
            if (droppingOversizedLine) {
                droppingOversizedLine = false;
                afterLastOversizedLine = windowBase + lf + 1;
                previousLineUnfinished = linesMayBeCut;
            } else {
                boolean crlf = lf > lineStart && window[lf - 1] == '\r';
                offer(sink, crlf ? lf - 1 : lf, crlf ? LineTerminator.CRLF : LineTerminator.LF);
                if (finished) {
                    return;
                }
            }
            startLine(lf + 1);
            if (isPastEndOfOneLineRecords()) {
                finished = true;
                return;
            }
        }
        scanFrom = windowLength;
        if (!droppingOversizedLine && windowLength - lineStart > maxLineLength + 1) {
            // +1: the byte past the maximum may be the CR of a CRLF. A line skipped while seeking
            // the first event is the previous split's to count.
            if (!seekingEventStart) {
                stats.recordOversizedLine(windowBase + lineStart);
            }
            droppingOversizedLine = true;
        }
    }

    /**
     * Counts, without building them, the whole lines from {@code lineStart} that hold no literal:
     * {@link #offer} would only count them. Only the plain case is taken here; the line feed of a
     * line that may be oversized, one whose next line starts at or past the split's end, and the
     * last bytes short of a word are left to the line-by-line loop, which handles them exactly.
     */
    private void skipLinesWithoutLiteral() {
        // A line feed at limit - 1 or later starts a line at or past the split's end.
        int limit = (int) Math.min(windowLength, splitEnd - windowBase - 1);
        tally.lines = 0;
        tally.lineStart = lineStart;
        int stop = candidates.skipLinesWithout(window, windowLength, limit, maxLineLength, tally);
        stats.lines += tally.lines;
        if (tally.lineStart != lineStart) {
            startLine(tally.lineStart);
        }
        // No line feed in [lineStart, scanFrom) either: the search for the next one goes on.
        scanFrom = Math.max(scanFrom, stop);
        // What the literal search passed was not searched for ESC.
        lineSearchedForEscape &= scanFrom == lineStart;
    }

    /** The next line starts at {@code start}: nothing of it searched yet. */
    private void startLine(int start) {
        lineStart = start;
        scanFrom = start;
        lineSearchedForEscape = true;
        lineHoldsEscape = false;
    }

    /**
     * The next LF from {@link #scanFrom}, or -1; ESC bytes met on the way are noted for the line,
     * which is then searched for its LF alone.
     */
    private int lineFeedNotingEscapes() {
        if (!lineSearchedForEscape || lineHoldsEscape) {
            return LineFeeds.indexOf(window, scanFrom, windowLength);
        }
        int found = ByteSearch.indexOfEither(window, scanFrom, windowLength, (byte) '\n', ESC);
        if (found < 0 || window[found] == '\n') {
            return found;
        }
        lineHoldsEscape = true;
        return LineFeeds.indexOf(window, found + 1, windowLength);
    }

    /** Whether the next line starts past the split and records are single lines: done. */
    private boolean isPastEndOfOneLineRecords() {
        return eventStarts == null && windowBase + lineStart >= splitEnd;
    }

    /**
     * Emits a complete line unless it is not the split's: a continuation line before the split's
     * first event (the previous split's event), or, past the split's end, the start of the next
     * event (which finishes the split).
     */
    private void offer(Consumer<Line> sink, int contentEnd, LineTerminator terminator) {
        long offset = windowBase + lineStart;
        int length = contentEnd - lineStart;
        boolean pastEnd = offset >= splitEnd;
        if (length > maxLineLength) {
            // An oversized line is never an event start, the same in every split's reader.
            if (pastEnd && eventStarts == null) {
                throw new IllegalStateException(
                        "line at " + offset + " is past the end " + splitEnd + " of its split");
            }
            if (!seekingEventStart) {
                stats.recordOversizedLine(offset);
            }
            afterLastOversizedLine = windowBase + contentEnd + terminator.length();
            previousLineUnfinished = linesMayBeCut;
            return;
        }
        line.set(file, window, lineStart, length, offset, terminator);
        line.setMayHoldEscape(lineHoldsEscape || !lineSearchedForEscape);
        if (seekingEventStart || pastEnd) {
            if (eventStarts == null) {
                // Not checkState: its varargs would box two longs for every line.
                throw new IllegalStateException(
                        "line at " + offset + " is past the end " + splitEnd + " of its split");
            }
            if (offset < splitStart) {
                previousLineUnfinished = mayBeUnfinished(line);
                return;
            }
            boolean startsEvent = !previousLineUnfinished && eventStarts.startsRecord(line);
            if (seekingEventStart) {
                if (pastEnd) {
                    finished = true;
                    return;
                }
                if (!startsEvent) {
                    previousLineUnfinished = linesMayBeCut && mayBeUnfinished(line);
                    return;
                }
                seekingEventStart = false;
            } else if (startsEvent) {
                finished = true;
                return;
            }
        }
        if (linesMayBeCut && offset + length + terminator.length() >= splitEnd) {
            previousLineUnfinished = mayBeUnfinished(line);
        }
        line.setIndexInSplitOfFile(stats.lines - linesBeforeFile);
        stats.lines++;
        if (candidates == null || candidates.holdsLiteral(window, lineStart, contentEnd)) {
            sink.accept(line);
        }
    }

    private void finishAtEndOfFile(Consumer<Line> sink) {
        if (!skippingToFirstLine && !droppingOversizedLine && lineStart < windowLength) {
            offer(sink, windowLength, LineTerminator.NONE);
        }
        finished = true;
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
            if (candidates != null) {
                candidates.shift(keepFrom);
            }
        }
        if (window.length - windowLength < bufferSize) {
            // Before a read at most maxLineLength + 1 bytes are pending, which caps the window.
            // In longs: doubling a window past 1 GiB overflows an int, and the window would then
            // grow by one buffer at a time, copying all of it each time.
            long needed = (long) windowLength + bufferSize;
            long cap = (long) maxLineLength + 1 + bufferSize;
            byte[] grown = new byte[(int) Math.max(needed, Math.min(2L * window.length, cap))];
            System.arraycopy(window, 0, grown, 0, windowLength);
            window = grown;
        }
    }
}
