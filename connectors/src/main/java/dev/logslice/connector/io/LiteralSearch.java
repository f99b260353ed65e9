package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds one byte string in byte arrays eight positions at a time (SWAR), optionally ignoring ASCII
 * case: two of the literal's bytes, the rarest in log text, are compared at eight positions with
 * two word loads, and only where both agree is the whole literal compared. A literal's first byte
 * alone (a space, a digit) is too common in logs to filter on.
 */
@Internal
public final class LiteralSearch {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_SEVEN_BITS = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final byte ASCII_CASE_BIT = 0x20;

    /** Bytes of log text, most common first; bytes not listed count as rarest. */
    private static final String COMMON_BYTES =
            " 0123456789etaoinsrlcdhmupg./:-\"fbwyvk=_,TGEPSHA[]()xqjzCDILMNORUBFKVWXYZJQ;&?%+'";

    private static final int[] COMMONNESS = commonness();

    private final byte[] literal;

    /**
     * Per byte of the literal: 0x20 where a case-insensitive letter is compared with its bit set.
     */
    private final byte[] foldBits;

    private final int firstAnchor;
    private final int secondAnchor;
    private final long firstInEveryByte;
    private final long secondInEveryByte;
    private final long firstFold;
    private final long secondFold;

    /**
     * A search for {@code literal}; with {@code ignoreAsciiCase}, ASCII letters match either case
     * (other bytes match exactly).
     */
    public LiteralSearch(byte[] literal, boolean ignoreAsciiCase) {
        if (literal.length == 0) {
            throw new IllegalArgumentException("empty literal");
        }
        this.literal = literal.clone();
        this.foldBits = new byte[literal.length];
        for (int i = 0; i < literal.length; i++) {
            byte b = literal[i];
            if (ignoreAsciiCase && (b | ASCII_CASE_BIT) >= 'a' && (b | ASCII_CASE_BIT) <= 'z') {
                this.literal[i] = (byte) (b | ASCII_CASE_BIT);
                foldBits[i] = ASCII_CASE_BIT;
            }
        }
        int rarest = 0;
        for (int i = 1; i < literal.length; i++) {
            if (commonness(i) < commonness(rarest)) {
                rarest = i;
            }
        }
        int second = rarest == 0 && literal.length > 1 ? 1 : 0;
        for (int i = 0; i < literal.length; i++) {
            if (i != rarest && commonness(i) < commonness(second)) {
                second = i;
            }
        }
        this.firstAnchor = Math.min(rarest, second);
        this.secondAnchor = Math.max(rarest, second);
        this.firstInEveryByte = (this.literal[firstAnchor] & 0xFFL) * ONES;
        this.secondInEveryByte = (this.literal[secondAnchor] & 0xFFL) * ONES;
        this.firstFold = (foldBits[firstAnchor] & 0xFFL) * ONES;
        this.secondFold = (foldBits[secondAnchor] & 0xFFL) * ONES;
    }

    public int length() {
        return literal.length;
    }

    /** Index of the first occurrence that lies wholly in {@code bytes[from, to)}, or -1. */
    public int indexOf(byte[] bytes, int from, int to) {
        int last = to - literal.length;
        int i = from;
        // Both word loads stay inside [from, to).
        for (int wordsEnd = to - secondAnchor - Long.BYTES; i <= wordsEnd; i += Long.BYTES) {
            long first = ((long) LONGS.get(bytes, i + firstAnchor) | firstFold) ^ firstInEveryByte;
            long second =
                    ((long) LONGS.get(bytes, i + secondAnchor) | secondFold) ^ secondInEveryByte;
            long both = zeroBytes(first) & zeroBytes(second);
            while (both != 0) {
                int at = i + (Long.numberOfTrailingZeros(both) >>> 3);
                if (at <= last && matchesAt(bytes, at)) {
                    return at;
                }
                both &= both - 1;
            }
        }
        for (; i <= last; i++) {
            if (matchesAt(bytes, i)) {
                return i;
            }
        }
        return -1;
    }

    private boolean matchesAt(byte[] bytes, int at) {
        for (int j = 0; j < literal.length; j++) {
            if ((bytes[at + j] | foldBits[j]) != literal[j]) {
                return false;
            }
        }
        return true;
    }

    /** The high bit of each byte that is zero, exactly (no borrow into the next byte). */
    private static long zeroBytes(long word) {
        return ~(((word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS) | word | LOW_SEVEN_BITS);
    }

    private int commonness(int index) {
        return COMMONNESS[literal[index] & 0xFF];
    }

    private static int[] commonness() {
        int[] ranks = new int[256];
        for (int i = 0; i < COMMON_BYTES.length(); i++) {
            ranks[COMMON_BYTES.charAt(i)] = COMMON_BYTES.length() - i;
        }
        return ranks;
    }
}
