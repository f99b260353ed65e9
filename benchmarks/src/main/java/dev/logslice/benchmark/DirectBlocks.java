package dev.logslice.benchmark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Reads a channel to its end in direct-buffer blocks, copying each into a heap array. */
final class DirectBlocks {
    private DirectBlocks() {}

    /**
     * Stops at {@code size} rather than at a read that returns -1: with {@code O_DIRECT} the JDK
     * refuses any read at the unaligned position a short last read leaves.
     */
    static long countLines(FileChannel channel, long size, ByteBuffer direct, byte[] heap)
            throws IOException {
        long lines = 0;
        for (long done = 0; done < size; ) {
            int n = channel.read(direct.clear());
            if (n < 0) {
                throw new IOException("file ended at " + done + " of " + size + " bytes");
            }
            direct.flip().get(heap, 0, n);
            lines += LineCounts.of(heap, 0, n);
            done += n;
        }
        return lines;
    }
}
