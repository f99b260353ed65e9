package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;

/**
 * The generic path for any Flink {@code FileSystem}: a seekable stream read in large blocks,
 * seeking only when a read does not continue the previous one.
 */
@Internal
public final class StreamReadChannel implements ReadChannel {
    private final FSDataInputStream stream;
    private long streamPosition;

    public StreamReadChannel(FSDataInputStream stream) {
        this.stream = stream;
        this.streamPosition = -1;
    }

    @Override
    public int read(long position, byte[] target, int offset, int length) throws IOException {
        if (position != streamPosition) {
            stream.seek(position);
            streamPosition = position;
        }
        int n = stream.read(target, offset, length);
        if (n > 0) {
            streamPosition += n;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
