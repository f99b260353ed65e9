package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

/** Finds line feeds in byte arrays eight bytes at a time, without decoding anything. */
@Internal
public final class LineFeeds {
    private LineFeeds() {}

    /** Index of the first {@code '\n'} in {@code bytes[from, to)}, or -1. */
    public static int indexOf(byte[] bytes, int from, int to) {
        return ByteSearch.indexOf(bytes, from, to, (byte) '\n');
    }
}
