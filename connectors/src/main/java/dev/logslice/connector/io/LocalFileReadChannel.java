package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The fast path for local files: {@code pread} through a {@link FileChannel} into a page-aligned
 * direct buffer (the JDK would otherwise copy through an unaligned temporary one), then one bulk
 * copy to the heap array where lines are found. A reader of many small files passes one buffer to
 * all their channels: allocating (and zeroing) a direct buffer per file would cost more than
 * reading the file.
 */
@Internal
public final class LocalFileReadChannel implements ReadChannel {
    /** Page size the direct buffer is aligned to. */
    public static final int ALIGNMENT = 4096;

    private final FileChannel channel;
    private final ByteBuffer buffer;

    public LocalFileReadChannel(Path file, int bufferSize) throws IOException {
        this(file, alignedBuffer(bufferSize));
    }

    /** A channel that reads through {@code buffer}, from {@link #alignedBuffer}, not shared. */
    public LocalFileReadChannel(Path file, ByteBuffer buffer) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.buffer = buffer;
    }

    /** A channel that reads an open file through {@code buffer}; closing it closes the file. */
    public LocalFileReadChannel(FileChannel open, ByteBuffer buffer) {
        this.channel = open;
        this.buffer = buffer;
    }

    /** A page-aligned direct buffer of {@code bufferSize} bytes. */
    public static ByteBuffer alignedBuffer(int bufferSize) {
        return ByteBuffer.allocateDirect(bufferSize + ALIGNMENT).alignedSlice(ALIGNMENT);
    }

    @Override
    public int read(long position, byte[] target, int offset, int length) throws IOException {
        buffer.clear().limit(Math.min(length, buffer.capacity()));
        int n = channel.read(buffer, position);
        if (n > 0) {
            buffer.flip();
            buffer.get(target, offset, n);
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
