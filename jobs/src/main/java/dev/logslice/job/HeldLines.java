package dev.logslice.job;

import dev.logslice.connector.source.Line;

import org.apache.flink.core.fs.Path;

import java.util.Arrays;

/**
 * The lines of one event as read, each with its terminator (LF for a last line without one) and
 * index, held until the event is judged ({@link EventGrepDecoder}); all of one file and split.
 */
final class HeldLines {
    private byte[] bytes = new byte[1024];
    private int size;
    private int count;
    private long[] indexes = new long[8];

    /** Where each line's content ends, its terminator excluded. */
    private int[] contentEnds = new int[8];

    /** Where each line ends, its terminator included: where the next one starts. */
    private int[] ends = new int[8];

    private Path file;
    private String splitId;

    /** Copies the line in after the others. */
    void add(Line line) {
        if (count == 0) {
            file = line.file();
            splitId = line.splitId();
        }
        byte[] terminator = GrepMatch.terminatorOf(line);
        ensure((long) size + line.length() + terminator.length);
        System.arraycopy(line.buffer(), line.start(), bytes, size, line.length());
        System.arraycopy(terminator, 0, bytes, size + line.length(), terminator.length);
        if (count == ends.length) {
            indexes = Arrays.copyOf(indexes, count * 2);
            contentEnds = Arrays.copyOf(contentEnds, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        indexes[count] = line.indexInSplitOfFile();
        contentEnds[count] = size + line.length();
        size += line.length() + terminator.length;
        ends[count++] = size;
    }

    private void ensure(long capacity) {
        if (capacity > bytes.length) {
            // An event past the largest array fails here, not with a size that wrapped around.
            long doubled = Math.min(2L * bytes.length, Integer.MAX_VALUE - 8);
            bytes = Arrays.copyOf(bytes, Math.toIntExact(Math.max(capacity, doubled)));
        }
    }

    void clear() {
        size = 0;
        count = 0;
        file = null;
    }

    int count() {
        return count;
    }

    Path file() {
        return file;
    }

    String splitId() {
        return splitId;
    }

    long index(int line) {
        return indexes[line];
    }

    /** The array that holds the lines, valid until the next {@link #add}. */
    byte[] buffer() {
        return bytes;
    }

    int start(int line) {
        return line == 0 ? 0 : ends[line - 1];
    }

    /** The length of the line's content, its terminator excluded. */
    int length(int line) {
        return contentEnds[line] - start(line);
    }

    /** All the lines with their terminators, as in the file. */
    byte[] copy() {
        return Arrays.copyOf(bytes, size);
    }

    /** Where each line ends in {@link #copy()}. */
    int[] ends() {
        return Arrays.copyOf(ends, count);
    }

    long[] indexes() {
        return Arrays.copyOf(indexes, count);
    }
}
