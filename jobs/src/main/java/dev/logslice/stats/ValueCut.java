package dev.logslice.stats;

import java.nio.charset.StandardCharsets;

/**
 * Bounds the values a report keeps: one longer than {@link #MAX_BYTES} is counted as its first 2
 * KiB followed by {@link #MARK}, so every value sharing those bytes counts as one row. A cut value
 * is always longer than {@code MAX_BYTES} (its prefix ends at a character boundary at or past
 * {@code MAX_BYTES - 2}), an uncut one in valid UTF-8 never is: the two cannot be taken for each
 * other. One instance per thread: it reuses one buffer.
 */
final class ValueCut {
    static final int MAX_BYTES = 2048;
    static final String MARK = "…";

    private static final byte[] MARK_BYTES = MARK.getBytes(StandardCharsets.UTF_8);

    private final byte[] cut = new byte[MAX_BYTES + 1 + MARK_BYTES.length];

    /** The buffer {@link #cut} fills. */
    byte[] bytes() {
        return cut;
    }

    /**
     * Writes the cut form of {@code b[start, end)}, longer than {@link #MAX_BYTES}, into {@link
     * #bytes()} and returns its length.
     */
    int cut(byte[] b, int start, int end) {
        // Not inside a UTF-8 character: back before its continuation bytes (10xxxxxx), or past a
        // four-byte one that begins at MAX_BYTES - 3, so that the cut form stays over the limit.
        int prefix = MAX_BYTES;
        while (prefix > MAX_BYTES - 2 && isContinuation(b[start + prefix])) {
            prefix--;
        }
        if (isContinuation(b[start + prefix])) {
            prefix = MAX_BYTES + 1;
        }
        System.arraycopy(b, start, cut, 0, prefix);
        System.arraycopy(MARK_BYTES, 0, cut, prefix, MARK_BYTES.length);
        return prefix + MARK_BYTES.length;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** Whether a reported value is the cut form of a longer one. */
    static boolean isCut(String value) {
        return value.endsWith(MARK) && utf8Length(value) > MAX_BYTES;
    }

    private static int utf8Length(String value) {
        int bytes = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
