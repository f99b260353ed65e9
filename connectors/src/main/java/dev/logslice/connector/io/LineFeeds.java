package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Finds line feeds in byte arrays eight bytes at a time, without decoding anything. */
@Internal
public final class LineFeeds {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LF_IN_EVERY_BYTE = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW_SEVEN_BITS = 0x7F7F7F7F7F7F7F7FL;

    private LineFeeds() {}

    /** Index of the first {@code '\n'} in {@code bytes[from, to)}, or -1. */
    public static int indexOf(byte[] bytes, int from, int to) {
        return ByteSearch.indexOf(bytes, from, to, (byte) '\n');
    }

    /**
     * The line feeds of {@code bytes[at, at + 8)} as the high bit of each of the eight bytes (byte
     * {@code at + j} is bit {@code 8 j + 7}), exactly: a reader counts them with {@link
     * Long#bitCount} and finds the first and last with the leading and trailing zeros.
     */
    public static long inWord(byte[] bytes, int at) {
        long word = (long) LONGS.get(bytes, at) ^ LF_IN_EVERY_BYTE;
        // No borrow between bytes (unlike ByteSearch's test, exact for the lowest byte only).
        return ~(((word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS) | word | LOW_SEVEN_BITS);
    }
}
