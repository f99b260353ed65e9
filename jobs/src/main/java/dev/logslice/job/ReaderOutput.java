package dev.logslice.job;

/**
 * What a job makes of a reader's lines, and what that holds on the heap per reader beyond the
 * reader's window ({@link EmbeddedMemory}). Measured at {@code -Xmx256m} on a generated access log
 * read in 64 KiB splits: stats failed of {@code Java heap space} from 42 readers and parse from 32,
 * where the window alone allowed 53; and a line that one of two readers holds: scan and grep held
 * one as long as the window model allows (77 MiB), stats failed at 73 MiB and parse at 36 MiB.
 * Measured again with part of that heap held by a ballast, at the most readers named: stats (22)
 * and scan (47) still ran with 60 MiB held; parse at 22 readers failed with 25 MiB held (now and
 * then without any, under load), at 17 it runs with 40.
 */
public enum ReaderOutput {
    /** Counts (scan) and copies of the lines that match (grep), within the window's room. */
    LINES(0, 0, 2),
    /**
     * A stats partial: its panels' sketches and pending counts and the exact client set, some MiB
     * on an ordinary log and more on one of many distinct values.
     */
    STATS(4 << 20, 0, 3),
    /**
     * The JSON of a fetch's events, about 2.5 times its lines, in a buffer that grows by doubling
     * and is copied out whole; a long line is there as its event's text and as its JSON. Each of
     * these arrays spans several of G1's regions, which rounds it up to whole regions: six buffers,
     * not four, leave parse at its most readers the room stats has at its.
     */
    JSON(0, 6, 6);

    private final long fixedBytes;
    private final long readBuffers;
    private final int lineCopies;

    ReaderOutput(long fixedBytes, long readBuffers, int lineCopies) {
        this.fixedBytes = fixedBytes;
        this.readBuffers = readBuffers;
        this.lineCopies = lineCopies;
    }

    /**
     * How many times its length a line takes while it is read and made into output: the window
     * grows by copying and a decoder keeps a copy (2), stats parses it too, parse writes its JSON.
     */
    public int lineCopies() {
        return lineCopies;
    }

    /** Heap per reader for what it makes of {@code readBuffer} bytes of lines at a time. */
    long heapPerReader(long readBuffer) {
        return fixedBytes + readBuffers * readBuffer;
    }
}
