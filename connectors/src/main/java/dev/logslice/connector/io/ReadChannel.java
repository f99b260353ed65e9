package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.Closeable;
import java.io.IOException;

/**
 * Positional reads from one file into a heap array; each call to {@link #read} is one read system
 * call, so callers can count them.
 */
@Internal
public interface ReadChannel extends Closeable {

    /**
     * Reads up to {@code length} bytes at file {@code position} into {@code target[offset..]}.
     *
     * @return bytes read, 0 when the call made no progress, -1 at end of file
     */
    int read(long position, byte[] target, int offset, int length) throws IOException;

    /** The error for a file that ends before the size it had when the job started. */
    static IOException endedEarly(Object file, long position, long sizeWhenEnumerated) {
        return new IOException(
                "File "
                        + file
                        + " ended at byte "
                        + position
                        + " but had "
                        + sizeWhenEnumerated
                        + " bytes when the job started: it was truncated while it was read");
    }
}
