package dev.logslice.format;

import dev.logslice.connector.io.ByteSearch;

import java.nio.charset.StandardCharsets;

/** Small scans over line bytes shared by the hand-written parsers. */
public final class Bytes {
    private Bytes() {}

    /** Index of the first {@code c} in {@code b[from, end)}, or -1. */
    public static int indexOf(byte[] b, int from, int end, byte c) {
        return ByteSearch.indexOf(b, from, end, c);
    }

    /** Index of the first space in {@code b[from, end)}, or {@code end}. */
    /** Whether {@code b[start, end)} holds only blanks (spaces, tabs, a CR), or nothing. */
    public static boolean isBlank(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Index of the last {@code c} in {@code b[from, end)}, or -1. */
    public static int lastIndexOf(byte[] b, int from, int end, byte c) {
        for (int i = end - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    public static int tokenEnd(byte[] b, int from, int end) {
        int space = indexOf(b, from, end, (byte) ' ');
        return space < 0 ? end : space;
    }

    /** Index of the first byte that is not a space at or after {@code from}. */
    public static int skipSpaces(byte[] b, int from, int end) {
        while (from < end && b[from] == ' ') {
            from++;
        }
        return from;
    }

    public static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** Whether {@code b[start, end)} is one to 18 digits. */
    public static boolean isNumber(byte[] b, int start, int end) {
        if (end <= start || end - start > 18) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (!isDigit(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** The value of {@code b[start, end)}, which {@link #isNumber} accepted. */
    public static long number(byte[] b, int start, int end) {
        long value = 0;
        for (int i = start; i < end; i++) {
            value = value * 10 + (b[i] - '0');
        }
        return value;
    }

    /** Whether {@code b[pos..end)} starts with the ASCII {@code prefix}. */
    public static boolean startsWith(byte[] b, int pos, int end, String prefix) {
        if (end - pos < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[pos + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Matches {@code literal} at {@code pos}, a space in it matching a run of spaces (padding).
     *
     * @return the index after the match, or -1
     */
    public static int matchPadded(byte[] b, int pos, int end, byte[] literal) {
        if (literal.length == 1) {
            // Most separators are one byte: the hot path of every layout and timestamp.
            byte c = literal[0];
            if (pos >= end || b[pos] != c) {
                return -1;
            }
            return c == ' ' ? skipSpaces(b, pos + 1, end) : pos + 1;
        }
        for (byte c : literal) {
            if (pos >= end || b[pos] != c) {
                return -1;
            }
            pos++;
            if (c == ' ') {
                pos = skipSpaces(b, pos, end);
            }
        }
        return pos;
    }

    /**
     * The index of the quote that closes a value starting at {@code from}, past backslash-escaped
     * ones, or -1: none before {@code end} or before a control byte (a tab aside).
     */
    public static int closingQuote(byte[] b, int from, int end) {
        for (int i = from; i < end; i++) {
            if (b[i] == '\\') {
                i++;
            } else if (b[i] == '"') {
                return i;
            } else if (b[i] >= 0 && b[i] < ' ' && b[i] != '\t') {
                return -1;
            }
        }
        return -1;
    }

    /**
     * The decimal number {@code b[start, end)} ({@code 12.250}, {@code 7}), digits already checked;
     * fraction digits past the twelfth are dropped.
     */
    public static double decimal(byte[] b, int start, int end) {
        long whole = 0;
        long fraction = 0;
        long scale = 1;
        int i = start;
        for (; i < end && b[i] != '.'; i++) {
            whole = whole * 10 + (b[i] - '0');
        }
        for (i++; i < end && scale < 1_000_000_000_000L; i++) {
            fraction = fraction * 10 + (b[i] - '0');
            scale *= 10;
        }
        return whole + (double) fraction / scale;
    }

    /** {@code b[start, end)} decoded as UTF-8. */
    public static String text(byte[] b, int start, int end) {
        return new String(b, start, end - start, StandardCharsets.UTF_8);
    }
}
