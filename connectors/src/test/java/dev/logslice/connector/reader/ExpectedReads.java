package dev.logslice.connector.reader;

import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import java.util.ArrayList;
import java.util.List;

/**
 * What a split reader must read: every byte through the terminator of its last line and no more;
 * and, when each call returns all it asks for, the exact calls: from its first byte, one buffer at
 * a time, the first shortened so that later reads start page-aligned, never past the file.
 */
final class ExpectedReads {
    private static final long PAGE = 4096;

    private ExpectedReads() {}

    /**
     * The file offset up to which a reader of {@code [start, end)} must have read before it can
     * stop, or -1 when it needs no read at all.
     */
    static long bytesNeeded(List<LineAt> fileLines, long start, long end) {
        List<LineAt> owned = ReferenceLines.ownedBy(fileLines, start, end);
        if (!owned.isEmpty()) {
            return owned.get(owned.size() - 1).end();
        }
        // Without a line of its own a split after the first still reads [start - 1, end - 1) to
        // see that no LF there starts a line in it.
        return start == 0 ? -1 : end - 1;
    }

    /** Same for a split resumed at the line start {@code offset}, which skips nothing. */
    static long bytesNeededResuming(List<LineAt> fileLines, long offset, long end) {
        List<LineAt> owned = ReferenceLines.ownedBy(fileLines, offset, end);
        return owned.isEmpty() ? -1 : owned.get(owned.size() - 1).end();
    }

    /** One read call: where it starts and how many bytes it asks for. */
    record Read(long position, long length) {}

    /** The reads of the split {@code [start, end)}. */
    static List<Read> forSplit(
            List<LineAt> fileLines, long fileSize, long start, long end, int bufferSize) {
        return reads(
                start == 0 ? 0 : start - 1,
                bytesNeeded(fileLines, start, end),
                fileSize,
                bufferSize);
    }

    /** The reads from {@code readFrom} until the {@code needed} bytes are in. */
    static List<Read> reads(long readFrom, long needed, long fileSize, int bufferSize) {
        List<Read> reads = new ArrayList<>();
        if (needed < 0) {
            return reads;
        }
        long position = readFrom;
        do {
            long next = Math.min(position - position % PAGE + bufferSize, fileSize);
            reads.add(new Read(position, next - position));
            position = next;
        } while (position < needed);
        return reads;
    }

    /** The bytes those reads bring in. */
    static long bytes(List<Read> reads) {
        return reads.stream().mapToLong(Read::length).sum();
    }
}
