package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.IOException;

/** Counts every read on a file's channel, and the time it took, in a {@link ReadCounts}. */
@Internal
public final class CountingReadChannel implements ReadChannel {
    private final ReadChannel file;
    private final ReadCounts counts;

    public CountingReadChannel(ReadChannel file, ReadCounts counts) {
        this.file = file;
        this.counts = counts;
    }

    @Override
    public int read(long position, byte[] target, int offset, int length) throws IOException {
        long startNanos = System.nanoTime();
        int n = file.read(position, target, offset, length);
        counts.record(n, System.nanoTime() - startNanos);
        return n;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
