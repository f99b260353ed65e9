package dev.logslice.benchmark;

import dev.logslice.connector.io.LocalFileReadChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One pass over a file by {@code FileChannel.read} into one direct buffer, counting read calls:
 * each call on a direct buffer is one {@code read} system call, the last one finding the end.
 */
record CountedReadPass(long bytes, long readCalls) {

    /** A direct buffer of {@code size} bytes, page-aligned or as {@code allocateDirect} gives. */
    static ByteBuffer directBuffer(int size, boolean aligned) {
        return aligned
                ? ByteBuffer.allocateDirect(size + LocalFileReadChannel.ALIGNMENT)
                        .alignedSlice(LocalFileReadChannel.ALIGNMENT)
                : ByteBuffer.allocateDirect(size);
    }

    static CountedReadPass over(Path file, ByteBuffer buffer) throws IOException {
        long bytes = 0;
        long calls = 0;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            int n;
            do {
                n = channel.read(buffer.clear());
                calls++;
                bytes += Math.max(n, 0);
            } while (n >= 0);
        }
        return new CountedReadPass(bytes, calls);
    }
}
