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
            long word = (long) LONGS.get(bytes, i) ^ valueInEveryByte;
            // A byte of `word` is zero where the input had the value; the lowest flag is exact.
            long zeroBytes = (word - ONE_IN_EVERY_BYTE) & ~word & HIGH_BIT_OF_EVERY_BYTE;
            if (zeroBytes != 0) {
                return i + (Long.numberOfTrailingZeros(zeroBytes) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
