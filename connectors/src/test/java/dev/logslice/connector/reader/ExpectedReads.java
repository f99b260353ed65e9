package dev.logslice.connector.reader;

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

    /** Positions of the reads from {@code readFrom} until {@code needed} bytes are in. */
    static List<Long> positions(long readFrom, long needed, long fileSize, int bufferSize) {
        List<Long> positions = new ArrayList<>();
        if (needed < 0) {
            return positions;
        }
        long position = readFrom;
        do {
            positions.add(position);
            position = Math.min(position - position % PAGE + bufferSize, fileSize);
        } while (position < needed);
        return positions;
    }
}
