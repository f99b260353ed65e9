package dev.logslice.stats;

import dev.logslice.format.Bytes;

import java.nio.charset.StandardCharsets;

/**
 * Turns messages into templates by masking what varies between occurrences (ids, numbers,
 * addresses), so that "timeout after 3012 ms for order 88121" and "... 2950 ms ... 90210" count as
 * one message: {@code timeout after <n> ms for order <n>}. Works on the message's bytes into a
 * buffer of its own, a pass over at most {@link #MAX_INPUT} bytes with no allocation, as it runs
 * for every event; one instance per thread.
 *
 * <p>Words are runs of ASCII letters and digits (an underscore or dash separates them, so {@code
 * blk_-1608999687919862906} is {@code blk_<n>}). A word is masked whole or not at all: a UUID as
 * {@code <uuid>}, an IPv4 address (with a port) as {@code <ip>}, a number (with {@code .} or {@code
 * ,} groups, and a leading minus) as {@code <n>}, hex of at least {@link #MIN_HEX} digits mixing
 * letters and digits, or any hex after {@code 0x}, as {@code <hex>}. Only the first line counts;
 * the template is cut at {@link #MAX_LENGTH} bytes with {@code ...}.
 */
public final class MessageTemplates {
    static final int MAX_INPUT = 800;
    static final int MAX_LENGTH = 200;

    /** Shorter hex-looking words are more often words ({@code be1}, {@code e2e}) than ids. */
    static final int MIN_HEX = 6;

    private static final int[] UUID_GROUPS = {8, 4, 4, 4, 12};
    private static final byte[] UUID = bytes("<uuid>");
    private static final byte[] IP = bytes("<ip>");
    private static final byte[] HEX = bytes("<hex>");
    private static final byte[] NUMBER = bytes("<n>");
    private static final byte[] CUT = bytes("...");

    /**
     * Each mask is at most three times as long as what it replaces (a digit becomes {@code <n>}).
     */
    private final byte[] template = new byte[3 * MAX_INPUT + CUT.length];

    /** The buffer {@link #of(byte[], int, int)} fills. */
    public byte[] bytes() {
        return template;
    }

    /**
     * Writes the template of the message in {@code b[start, end)}, UTF-8, into {@link #bytes()} and
     * returns its length.
     */
    public int of(byte[] b, int start, int end) {
        end = firstLineEnd(b, start, end);
        int i = start;
        while (i < end && isSpace(b[i])) {
            i++;
        }
        int o = 0;
        while (i < end) {
            byte c = b[i];
            if (!isWordByte(c) || (i > start && isWordByte(b[i - 1]))) {
                template[o++] = c;
                i++;
                continue;
            }
            int word = wordEnd(b, i, end);
            int masked;
            if ((masked = uuidEnd(b, i, end)) > 0) {
                o = put(UUID, o);
            } else if ((masked = ipEnd(b, i, end)) > 0) {
                o = put(IP, o);
            } else if ((masked = numberEnd(b, i, word, end)) > 0) {
                if (o > 0 && template[o - 1] == '-') {
                    o--;
                }
                o = put(NUMBER, o);
            } else if (isHex(b, i, word)) {
                o = put(HEX, o);
                masked = word;
            } else {
                System.arraycopy(b, i, template, o, word - i);
                o += word - i;
                masked = word;
            }
            i = masked;
        }
        while (o > 0 && isSpace(template[o - 1])) {
            o--;
        }
        if (o > MAX_LENGTH) {
            o = MAX_LENGTH;
            while (o > 0 && (template[o] & 0xC0) == 0x80) {
                o--; // not inside a UTF-8 character
            }
            o = put(CUT, o);
        }
        return o;
    }

    private int put(byte[] mask, int o) {
        System.arraycopy(mask, 0, template, o, mask.length);
        return o + mask.length;
    }

    /** The end of the first line, at most {@link #MAX_INPUT} bytes in, not inside a character. */
    private static int firstLineEnd(byte[] b, int start, int end) {
        int limit = Math.min(end, start + MAX_INPUT);
        for (int i = start; i < limit; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                return i;
            }
        }
        while (limit < end && limit > start && (b[limit] & 0xC0) == 0x80) {
            limit--;
        }
        return limit;
    }

    private static int wordEnd(byte[] b, int i, int end) {
        while (i < end && isWordByte(b[i])) {
            i++;
        }
        return i;
    }

    /** Whether {@code b[i]} is past the end or ends a word there. */
    private static boolean endsWord(byte[] b, int i, int end) {
        return i >= end || !isWordByte(b[i]);
    }

    /** 8-4-4-4-12 hex digits: the end, or -1. */
    private static int uuidEnd(byte[] b, int i, int end) {
        for (int group : UUID_GROUPS) {
            if (group != 8) {
                if (i >= end || b[i] != '-') {
                    return -1;
                }
                i++;
            }
            for (int k = 0; k < group; k++, i++) {
                if (i >= end || !isHexDigit(b[i])) {
                    return -1;
                }
            }
        }
        return endsWord(b, i, end) ? i : -1;
    }

    /** Four groups of 1-3 digits and an optional {@code :port}: the end, or -1. */
    private static int ipEnd(byte[] b, int i, int end) {
        for (int group = 0; group < 4; group++) {
            if (group > 0) {
                if (i >= end || b[i] != '.') {
                    return -1;
                }
                i++;
            }
            int digits = digitsEnd(b, i, end);
            if (digits == i || digits - i > 3) {
                return -1;
            }
            i = digits;
        }
        // 1.2.3.4.5 is a version, a number.
        if (!endsWord(b, i, end) || (i + 1 < end && b[i] == '.' && Bytes.isDigit(b[i + 1]))) {
            return -1;
        }
        if (i + 1 < end && b[i] == ':' && Bytes.isDigit(b[i + 1])) {
            int port = digitsEnd(b, i + 1, end);
            if (endsWord(b, port, end)) {
                return port;
            }
        }
        return i;
    }

    /** A word of digits, with any {@code .} or {@code ,} groups of digits: the end, or -1. */
    private static int numberEnd(byte[] b, int i, int word, int end) {
        if (digitsEnd(b, i, word) != word) {
            return -1;
        }
        while (word + 1 < end && (b[word] == '.' || b[word] == ',') && Bytes.isDigit(b[word + 1])) {
            int group = digitsEnd(b, word + 1, end);
            if (!endsWord(b, group, end)) {
                break;
            }
            word = group;
        }
        return word;
    }

    private static boolean isHex(byte[] b, int i, int word) {
        if (word - i > 2 && b[i] == '0' && (b[i + 1] == 'x' || b[i + 1] == 'X')) {
            return allHex(b, i + 2, word);
        }
        boolean digit = false;
        boolean letter = false;
        for (int k = i; k < word; k++) {
            digit |= Bytes.isDigit(b[k]);
            letter |= !Bytes.isDigit(b[k]);
        }
        return word - i >= MIN_HEX && digit && letter && allHex(b, i, word);
    }

    private static boolean allHex(byte[] b, int i, int end) {
        for (; i < end; i++) {
            if (!isHexDigit(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static int digitsEnd(byte[] b, int i, int end) {
        while (i < end && Bytes.isDigit(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean isHexDigit(byte c) {
        return Bytes.isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isWordByte(byte c) {
        return Bytes.isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t';
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
