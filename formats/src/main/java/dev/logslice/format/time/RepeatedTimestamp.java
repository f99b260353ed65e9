package dev.logslice.format.time;

import java.util.Arrays;

/**
 * Parses through a {@link TimestampPattern}, remembering the last timestamp's bytes and value: a
 * busy log writes hundreds of lines per second, all with the same timestamp text, so most lines
 * cost a compare instead of a parse. Scratch state of one parser.
 *
 * <p>A parse reads the timestamp and looks at most {@link TimestampPattern#MAX_LOOKAHEAD} bytes
 * past it, and only as long as they could go on with it: it looks for more digits or letters, a
 * fraction's mark, an offset's sign and colon, or spaces, and stops at the first byte that is none
 * of these (an access log's {@code ]}). The same pattern and resolver on the same bytes up to that
 * byte (or the lookahead's end, or the line's end at the same place) give the same result, as a
 * parse depends on nothing else. Remembering no byte past it lets lines of one second hit however
 * their next field differs.
 */
public final class RepeatedTimestamp {
    private byte[] window = new byte[64];

    /** Bytes in {@link #window}; -1 when nothing is remembered. */
    private int windowLength = -1;

    private int consumed;

    /**
     * Whether the remembered bytes end where their line did, short of a byte that stops a parse.
     */
    private boolean cutByLineEnd;

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
                && (cutByLineEnd ? end - pos == windowLength : end - pos >= windowLength)
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
        int limit = Math.min(end, after + TimestampPattern.MAX_LOOKAHEAD);
        int looked = after;
        while (looked < limit && goesOn(b[looked])) {
            looked++;
        }
        cutByLineEnd = looked == end;
        windowLength = (looked < limit ? looked + 1 : looked) - pos;
        if (window.length < windowLength) {
            window = new byte[windowLength];
        }
        System.arraycopy(b, pos, window, 0, windowLength);
        value.set(out);
        return after;
    }

    /** Whether a parse that reached {@code c} past its timestamp may look at the byte after it. */
    private static boolean goesOn(byte c) {
        return (c >= '0' && c <= '9')
                || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
                || c == '.'
                || c == ','
                || c == ':'
                || c == '+'
                || c == '-'
                || c == ' ';
    }
}
