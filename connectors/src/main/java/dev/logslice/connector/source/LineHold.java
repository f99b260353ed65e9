package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

import java.util.OptionalLong;

/**
 * What a line did to the lines a decoder holds without a record ({@link
 * LineDecoder#followedHeldFrom}): for those that count lines, or place records, by what is held.
 */
@PublicEvolving
public enum LineHold {
    /** Nothing is held after the line: it and any held before have their records. */
    NONE,
    /** The line starts what is held now: what was held before has its records. */
    STARTS,
    /** The line joined what was held (a continuation line of the held event). */
    JOINS;

    /** What {@code line} did, by what the decoder holds after it took the line. */
    public static LineHold after(Line line, OptionalLong heldFrom) {
        if (heldFrom.isEmpty()) {
            return NONE;
        }
        return heldFrom.getAsLong() == line.offset() ? STARTS : JOINS;
    }
}
