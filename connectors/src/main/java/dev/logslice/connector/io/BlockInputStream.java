package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * A file's first {@code length} bytes as a sequential stream that reads the file in large blocks,
 * so that a decompressor asking for a few bytes at a time still makes few read calls.
 *
 * <p>{@link #available()} tells how many bytes are left: gzip looks at it to know whether another
 * member follows the one it finished.
 */
@Internal
final class BlockInputStream extends InputStream {
    private final ReadChannel file;
    private final String fileName;
    private final long length;
    private final byte[] block;
    private long filePosition;
    private int blockStart;
    private int blockEnd;
    private boolean failed;

    BlockInputStream(ReadChannel file, String fileName, long length, int blockSize) {
        this.file = file;
        this.fileName = fileName;
        this.length = length;
        this.block = new byte[blockSize];
    }

    @Override
    public int read() throws IOException {
        if (blockStart == blockEnd && !fill()) {
            return -1;
        }
        return block[blockStart++] & 0xFF;
    }

    @Override
    public int read(byte[] target, int offset, int count) throws IOException {
        if (count == 0) {
            return 0;
        }
        if (blockStart == blockEnd && !fill()) {
            return -1;
        }
        int n = Math.min(count, blockEnd - blockStart);
        System.arraycopy(block, blockStart, target, offset, n);
        blockStart += n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, blockEnd - blockStart + length - filePosition);
    }

    /**
     * Whether a read of the file failed: the decompressor passes that failure on as its own, and it
     * says nothing of the compressed data.
     */
    boolean failed() {
        return failed;
    }

    /** Reads the next block; false at {@code length}. */
    private boolean fill() throws IOException {
        try {
            return fillBlock();
        } catch (IOException | RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    private boolean fillBlock() throws IOException {
        blockStart = 0;
        blockEnd = 0;
        while (blockEnd == 0 && filePosition < length) {
            int wanted = (int) Math.min(block.length, length - filePosition);
            int n = file.read(filePosition, block, 0, wanted);
            if (n < 0) {
                throw ReadChannel.endedEarly(fileName, filePosition, length);
            }
            filePosition += n;
            blockEnd = n;
        }
        return blockEnd > 0;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
