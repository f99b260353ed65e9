package dev.logslice.connector.reader;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineHold;

import org.apache.flink.annotation.Internal;

/**
 * Where the records of one split of a followed source put its position: after the last line
 * decoded, or, while the decoder holds lines without a record ({@link
 * LineDecoder#followedHeldFrom}), at the first of them, with the split's counts before it. A
 * checkpoint then never covers a held line, which a restore reads again, and covers every line of
 * the records emitted before it.
 */
@Internal
final class FollowedResume {
    /** Whether the decoder is asked what it holds: it may hold lines (records that span lines). */
    private final boolean asksHold;

    private boolean positioned;
    private long afterLast;
    private long linesAfterLast;
    private long oversizedAfterLast;
    private boolean holding;
    private long heldFrom;
    private long linesBeforeHeld;
    private long oversizedBeforeHeld;

    FollowedResume(boolean asksHold) {
        this.asksHold = asksHold;
    }

    /**
     * Hands {@code line} to {@code decoder}, and its record, if any, to {@code batch} at the
     * position it puts the split at, in {@code segment}.
     *
     * @param counted the split's counts, {@code line} counted
     * @return whether the line made a record
     */
    <T> boolean decode(
            LineDecoder<T> decoder,
            Line line,
            LineBatch<T> batch,
            int segment,
            SplitReadStats counted) {
        T record = decoder.decode(line);
        lineDecoded(
                line,
                asksHold
                        ? LineHold.after(line, decoder.followedHeldFrom(line.splitId()))
                        : LineHold.NONE,
                counted);
        if (record == null) {
            return false;
        }
        add(batch, record, segment, counted);
        return true;
    }

    private void lineDecoded(Line line, LineHold hold, SplitReadStats counted) {
        positioned = true;
        afterLast = line.offset() + line.length() + line.terminator().length();
        linesAfterLast = counted.lines;
        oversizedAfterLast = counted.oversizedLines;
        switch (hold) {
            case NONE -> holding = false;
            case STARTS -> {
                holding = true;
                heldFrom = line.offset();
                linesBeforeHeld = counted.lines - 1;
                oversizedBeforeHeld = counted.oversizedLines;
            }
            case JOINS -> {
                // the held lines go on from where they started
            }
        }
    }

    /** Oversized lines ended up to {@code after} were told, {@code counted} counting them. */
    void oversizedTold(long after, SplitReadStats counted) {
        positioned = true;
        if (after > afterLast) {
            afterLast = after;
        }
        linesAfterLast = counted.lines;
        oversizedAfterLast = counted.oversizedLines;
    }

    /**
     * The file was truncated and is read again from its start, what was held flushed: nothing of
     * the new content is decoded yet.
     */
    void readAgainFromStart() {
        afterLast = 0;
    }

    /** The decoder emitted what it held. */
    void released() {
        holding = false;
    }

    /** Whether the decoder holds lines of the split without a record. */
    boolean holding() {
        return holding;
    }

    /** Whether a line was decoded, or an oversized line told, in this run. */
    boolean positioned() {
        return positioned;
    }

    /** Adds {@code record} to {@code batch} at the position it puts the split at. */
    <T> void add(LineBatch<T> batch, T record, int segment, SplitReadStats counted) {
        if (holding) {
            batch.add(
                    record,
                    segment,
                    heldFrom,
                    linesBeforeHeld,
                    oversizedBeforeHeld,
                    counted.oversizedLineOffsets);
        } else {
            batch.add(
                    record,
                    segment,
                    afterLast,
                    linesAfterLast,
                    oversizedAfterLast,
                    counted.oversizedLineOffsets);
        }
    }
}
