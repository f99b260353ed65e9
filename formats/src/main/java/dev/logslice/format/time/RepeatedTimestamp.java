package dev.logslice.format.time;

import java.util.Arrays;

/**
 * Parses through a {@link TimestampPattern}, remembering the last timestamp's bytes and value: a
 * busy log writes hundreds of lines per second, all with the same timestamp text, so most lines
 * cost a compare instead of a parse. Scratch state of one parser.
 *
 * <p>A parse reads the timestamp and looks at most {@link TimestampPattern#MAX_LOOKAHEAD} bytes
 * past it; the same pattern and resolver on the same bytes in that window (cut by the line's end at
 * the same place) give the same result, as a parse depends on nothing else.
 */
public final class RepeatedTimestamp {
    private byte[] window = new byte[64];

    /** Bytes in {@link #window}; -1 when nothing is remembered. */
    private int windowLength = -1;

    private int consumed;
    private TimestampPattern lastPattern;
    private LocalTimeResolver lastResolver;
    private final TimestampValue value = new TimestampValue();

    /** As {@link TimestampPattern#parse}. */
    public int parse(
            TimestampPattern pattern,
            byte[] b,
            int pos,
            int end,
            LocalTimeResolver resolver,
            TimestampValue out) {
        if (windowLength >= 0
                && pattern == lastPattern
                && resolver == lastResolver
                && Math.min(end - pos, consumed + TimestampPattern.MAX_LOOKAHEAD) == windowLength
                && Arrays.equals(window, 0, windowLength, b, pos, pos + windowLength)) {
            out.set(value);
            return pos + consumed;
        }
        int after = pattern.parse(b, pos, end, resolver, out);
        if (after < 0) {
            return after;
        }
        lastPattern = pattern;
        lastResolver = resolver;
        consumed = after - pos;
        windowLength = Math.min(end - pos, consumed + TimestampPattern.MAX_LOOKAHEAD);
        if (window.length < windowLength) {
            window = new byte[windowLength];
        }
        System.arraycopy(b, pos, window, 0, windowLength);
        value.set(out);
        return after;
    }
}
