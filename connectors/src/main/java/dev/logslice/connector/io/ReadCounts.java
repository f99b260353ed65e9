package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

/**
 * Read calls made on one file, the bytes they returned and the time they took. Written by the fetch
 * thread only; metric gauges read it racily, which is fine for monitoring.
 */
@Internal
public final class ReadCounts {
    private long calls;
    private long bytes;
    private long nanos;

    /** Counts one read call that returned {@code result} (bytes, 0, or -1 at end of file). */
    public void record(int result, long elapsedNanos) {
        calls++;
        bytes += Math.max(result, 0);
        nanos += elapsedNanos;
    }

    public long calls() {
        return calls;
    }

    public long bytes() {
        return bytes;
    }

    public long nanos() {
        return nanos;
    }
}
