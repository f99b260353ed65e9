package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Turns the bytes of a line into the source's record type, in the reader's fetch thread, where the
 * bytes lie; so a parser needs no {@code String} per line.
 *
 * @param <T> the record type the source emits
 */
@PublicEvolving
public interface LineDecoder<T> extends Serializable, ResultTypeQueryable<T> {

    /** The record for one line, or {@code null} to emit nothing for it. */
    @Nullable
    T decode(Line line);

    /**
     * For records that span lines (a Java log event with its stack trace): tells the lines that
     * start a record. The source then keeps each record in one split: a split skips the lines that
     * continue the previous split's last record and reads past its end through its own last
     * record's. Null (the default) when every line is a record.
     */
    @Nullable
    default EventStarts eventStarts() {
        return null;
    }

    /**
     * Literals of which every line this decoder returns a record for holds one: the reader then
     * searches its buffer for them and calls {@link #decode} only for the lines that hold one
     * (every line is still counted). Used only when {@link #eventStarts()} is null. Null (the
     * default): every line is decoded.
     */
    @Nullable
    default LinePrefilter prefilter() {
        return null;
    }

    /**
     * Called between two files of a split that packs several small files, when the first file's
     * lines are done: emits what the decoder holds of that file (its last multi-line event), since
     * nothing it holds belongs to the next file. {@link #finishSplit} follows the split's last file
     * instead. Emits nothing by default.
     */
    default void finishFile(String splitId, Consumer<T> output) {}

    /**
     * Called when the split's lines are done: emits what the decoder still holds (the split's last
     * multi-line event, a partial aggregate) and, if the job wants it, a record carrying the
     * split's read report. Emits nothing by default.
     */
    default void finishSplit(SplitReport report, Consumer<T> output) {}

    /**
     * Followed sources only: called after each look at a followed file that goes on (at least once
     * per poll interval), once a line of it was decoded in this run, to emit what the decoder holds
     * of that split and wants out now (a partial aggregate that is due). The records take the
     * position after the last line of the split handed to {@link #decode}, or, while the decoder
     * holds an event ({@link #followedHeldFrom}), that event's first line: a checkpoint then holds
     * what they cover once, and the lines after them, whose part the decoder still holds, are read
     * again on a restore. Emits nothing by default.
     */
    default void followedPollDone(String splitId, Consumer<T> output) {}

    /**
     * Followed sources only: {@code lines} more lines of the followed split were longer than the
     * maximum line length and skipped, told once each when its end was read. A bounded split's
     * report counts its oversized lines at {@link #finishSplit}; a followed split may never end, so
     * they come here instead, and its report when its file is let go counts none. The records take
     * the position after them (or after the last line decoded, if later). Emits nothing by default.
     */
    default void followedOversizedLines(String splitId, long lines, Consumer<T> output) {}

    /**
     * Followed sources only, for records that span lines: the offset of the first line of the split
     * the decoder holds without a record yet (a multi-line event waiting for its next line), empty
     * when it holds none. Asked after each line {@link #decode} took, which leaves it empty, at
     * that line ({@link LineHold}) or where it was. Every record of the split then takes that
     * offset as its position, with the counts before that line, so that a restore reads the held
     * lines again instead of losing them; what the decoder emits must therefore cover lines before
     * that offset only. Empty by default.
     */
    default OptionalLong followedHeldFrom(String splitId) {
        return OptionalLong.empty();
    }

    /**
     * Followed sources only: emits what the decoder holds of the split (see {@link
     * #followedHeldFrom}) as it is, since no line may come to finish it: the split's file has not
     * grown for the event timeout, or was truncated and is read again from its start. Lines that
     * come later start anew. Emits nothing by default.
     */
    default void followedFlush(String splitId, Consumer<T> output) {}
}
