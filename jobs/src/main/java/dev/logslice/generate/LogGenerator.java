package dev.logslice.generate;

import dev.logslice.connector.io.LineFeeds;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes realistic logs of a given size, the same bytes for the same format, size and seed on any
 * machine: events are composed into one large byte array and written in blocks of {@value
 * #BLOCK_SIZE} bytes. The output ends with the first line that ends at or past the size asked for.
 */
public final class LogGenerator {
    static final int BLOCK_SIZE = 8 << 20;

    private LogGenerator() {}

    /** Writes (or overwrites) {@code file}, of a site of the default cardinality. */
    public static GeneratedLog write(GeneratedFormat format, long size, long seed, Path file)
            throws IOException {
        return write(format, WebCardinality.DEFAULT, size, seed, file);
    }

    /** Writes (or overwrites) {@code file}. */
    public static GeneratedLog write(
            GeneratedFormat format, WebCardinality cardinality, long size, long seed, Path file)
            throws IOException {
        try (FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
            return write(format, cardinality, size, seed, channel);
        }
    }

    /** Writes to {@code target}, which the caller closes. */
    public static GeneratedLog write(
            GeneratedFormat format,
            WebCardinality cardinality,
            long size,
            long seed,
            WritableByteChannel target)
            throws IOException {
        if (size < 0) {
            throw new IllegalArgumentException("size " + size + " must not be negative");
        }
        LogEventWriter writer = format.newWriter(new SeededRandom(seed), cardinality);
        LineBuffer buffer = new LineBuffer(BLOCK_SIZE + writer.maxEventBytes());
        long written = 0;
        long lines = 0;
        while (written + buffer.length < size) {
            int eventStart = buffer.length;
            writer.writeEvent(buffer);
            if (written + buffer.length >= size) {
                int lastLineFrom = (int) Math.max(eventStart, size - 1 - written);
                buffer.length = LineFeeds.indexOf(buffer.bytes, lastLineFrom, buffer.length) + 1;
            } else if (buffer.length < BLOCK_SIZE) {
                continue;
            }
            lines += countLines(buffer);
            written += drain(buffer, target);
        }
        return new GeneratedLog(written, lines);
    }

    private static long countLines(LineBuffer buffer) {
        long lines = 0;
        for (int lf = -1; (lf = LineFeeds.indexOf(buffer.bytes, lf + 1, buffer.length)) >= 0; ) {
            lines++;
        }
        return lines;
    }

    private static int drain(LineBuffer buffer, WritableByteChannel target) throws IOException {
        ByteBuffer block = ByteBuffer.wrap(buffer.bytes, 0, buffer.length);
        while (block.hasRemaining()) {
            target.write(block);
        }
        int drained = buffer.length;
        buffer.length = 0;
        return drained;
    }
}
