package dev.logslice.job;

/**
 * What a job makes of a reader's lines, and what that holds on the heap per reader beyond the
 * reader's window ({@link EmbeddedMemory}). Measured at {@code -Xmx256m} on a generated access log
 * read in 64 KiB splits: stats failed of {@code Java heap space} from 42 readers and parse from 32,
 * where the window alone allowed 53.
 */
public enum ReaderOutput {
    /** Counts (scan) and copies of the lines that match (grep), within the window's room. */
    LINES(0, 0),
    /**
     * A stats partial: its panels' sketches and pending counts and the exact client set, some MiB
     * on an ordinary log and more on one of many distinct values.
     */
    STATS(4 << 20, 0),
    /**
     * The JSON of a fetch's events, about 2.5 times its lines, in a buffer that grows by doubling
     * and is copied out whole.
     */
    JSON(0, 4);

    private final long fixedBytes;
    private final long readBuffers;

    ReaderOutput(long fixedBytes, long readBuffers) {
        this.fixedBytes = fixedBytes;
        this.readBuffers = readBuffers;
    }

    /** Heap per reader for what it makes of {@code readBuffer} bytes of lines at a time. */
    long heapPerReader(long readBuffer) {
        return fixedBytes + readBuffers * readBuffer;
    }
}
