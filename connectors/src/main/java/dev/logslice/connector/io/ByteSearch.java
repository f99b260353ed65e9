package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds a byte in byte arrays eight bytes at a time (SWAR): line feeds for the reader, quotes and
 * separators for the parsers, without decoding anything.
 */
@Internal
public final class ByteSearch {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONE_IN_EVERY_BYTE = 0x0101010101010101L;
    private static final long HIGH_BIT_OF_EVERY_BYTE = 0x8080808080808080L;

    private ByteSearch() {}

    /** Index of the first {@code value} in {@code bytes[from, to)}, or -1. */
    public static int indexOf(byte[] bytes, int from, int to, byte value) {
        long valueInEveryByte = (value & 0xFFL) * ONE_IN_EVERY_BYTE;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long zeroBytes = flags(bytes, i, valueInEveryByte);
            if (zeroBytes != 0) {
                return i + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
            }
        }
        if (i == to) {
            return -1;
        }
        if (to - from >= Long.BYTES) {
            // The last eight bytes as one word, instead of the fewer left one at a time (most
            // searches are of a short token or line): the bytes it shares with the words before
            // hold no value, so its lowest flag, exact, is at i or later.
            long zeroBytes = flags(bytes, to - Long.BYTES, valueInEveryByte);
            return zeroBytes == 0
                    ? -1
                    : to - Long.BYTES + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
        }
        for (; i < to; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** Whether every byte of {@code bytes[from, to)} is ASCII (below 0x80). */
    public static boolean isAscii(byte[] bytes, int from, int to) {
        long highBits = 0;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            highBits |= (long) LONGS.get(bytes, i);
        }
        for (; i < to; i++) {
            highBits |= bytes[i];
        }
        return (highBits & HIGH_BIT_OF_EVERY_BYTE) == 0;
    }

    /**
     * Index of the first byte of {@code bytes[from, to)} that is {@code value} or {@code other}, or
     * -1: two searches in one pass over the bytes.
     */
    public static int indexOfEither(byte[] bytes, int from, int to, byte value, byte other) {
        long valueInEveryByte = (value & 0xFFL) * ONE_IN_EVERY_BYTE;
        long otherInEveryByte = (other & 0xFFL) * ONE_IN_EVERY_BYTE;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            // Each mask's lowest flag is exact, so the lower of the two is the first of either.
            long zeroBytes = flags(bytes, i, valueInEveryByte) | flags(bytes, i, otherInEveryByte);
            if (zeroBytes != 0) {
                return i + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
            }
        }
        if (i == to) {
            return -1;
        }
        if (to - from >= Long.BYTES) {
            int at = to - Long.BYTES;
            long zeroBytes =
                    flags(bytes, at, valueInEveryByte) | flags(bytes, at, otherInEveryByte);
            return zeroBytes == 0 ? -1 : at + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
        }
        for (; i < to; i++) {
            if (bytes[i] == value || bytes[i] == other) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The high bit of each byte of the eight at {@code at} that holds the value: the lowest flag is
     * exact, those above it may be a borrow's.
     */
    private static long flags(byte[] bytes, int at, long valueInEveryByte) {
        long word = (long) LONGS.get(bytes, at) ^ valueInEveryByte;
        // A byte of `word` is zero where the input had the value.
        return (word - ONE_IN_EVERY_BYTE) & ~word & HIGH_BIT_OF_EVERY_BYTE;
    }
}
