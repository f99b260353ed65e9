package dev.logslice.format.layout;

import dev.logslice.format.Bytes;

import java.nio.charset.StandardCharsets;

/**
 * Fixed text between captures. A space in it matches a run of spaces, so padded fields ({@code
 * %-5p}, syslog's day) need nothing special.
 */
public final class Literal implements LayoutPart {
    private static final long serialVersionUID = 1L;

    private final byte[] bytes;

    /** Whether its spaces match one space each: what follows keeps its indentation. */
    private final boolean exact;

    public Literal(String text) {
        this(text, false);
    }

    Literal(String text, boolean exact) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("empty literal");
        }
        this.bytes = text.getBytes(StandardCharsets.UTF_8);
        this.exact = exact;
    }

    /** The index after this literal when it matches at {@code pos}, or -1. */
    int matchAt(byte[] b, int pos, int end) {
        if (exact) {
            if (end - pos < bytes.length) {
                return -1;
            }
            for (int i = 0; i < bytes.length; i++) {
                if (b[pos + i] != bytes[i]) {
                    return -1;
                }
            }
            return pos + bytes.length;
        }
        return Bytes.matchPadded(b, pos, end, bytes);
    }

    /**
     * The first index at or after {@code from} where this literal matches, or -1. A quote preceded
     * by an odd number of backslashes after {@code valueStart} is escaped and does not count.
     */
    int find(byte[] b, int from, int end, int valueStart) {
        byte first = bytes[0];
        if (bytes.length == 1 && first != '"') {
            return Bytes.indexOf(b, from, end, first);
        }
        for (int p = from; (p = Bytes.indexOf(b, p, end, first)) >= 0; p++) {
            if (matchAt(b, p, end) >= 0 && !(first == '"' && isEscaped(b, valueStart, p))) {
                return p;
            }
        }
        return -1;
    }

    /** Whether the quote at {@code p} follows an odd number of backslashes after valueStart. */
    static boolean isEscaped(byte[] b, int valueStart, int p) {
        int backslashes = 0;
        for (int i = p - 1; i >= valueStart && b[i] == '\\'; i--) {
            backslashes++;
        }
        return (backslashes & 1) == 1;
    }

    /**
     * The spaces this literal ends with, each of which takes a run of spaces; 0 for an exact one,
     * whose spaces take one each.
     */
    int trailingSpaces() {
        int n = 0;
        while (!exact && n < bytes.length && bytes[bytes.length - 1 - n] == ' ') {
            n++;
        }
        return n;
    }

    /** Whether this literal starts with a space that takes a run of spaces. */
    boolean startsWithSpace() {
        return !exact && bytes[0] == ' ';
    }

    /** The literal text. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return '"' + text() + '"';
    }
}
