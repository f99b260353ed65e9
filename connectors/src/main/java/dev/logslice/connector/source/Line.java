package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.Path;

import java.nio.charset.StandardCharsets;

/**
 * A view of one line inside the reader's buffer, valid only during {@link LineDecoder#decode}.
 *
 * <p>The reader reuses one instance for every line, so decoders must copy what they keep. The
 * content excludes the terminator.
 */
@PublicEvolving
public final class Line {
    private String splitId = "";
    private Path file;
    private byte[] buffer;
    private int start;
    private int length;
    private long offset;
    private LineTerminator terminator;
    private long indexInFile;
    private boolean mayHoldEscape = true;

    /** Points this view at a line; called by the reader only. */
    public void set(
            Path file,
            byte[] buffer,
            int start,
            int length,
            long offset,
            LineTerminator terminator) {
        this.file = file;
        this.buffer = buffer;
        this.start = start;
        this.length = length;
        this.offset = offset;
        this.terminator = terminator;
        this.mayHoldEscape = true;
    }

    /** Tells that the reader searched the line for ESC bytes; called by the reader only. */
    public void setMayHoldEscape(boolean mayHoldEscape) {
        this.mayHoldEscape = mayHoldEscape;
    }

    /**
     * Whether the content may hold an ESC byte (0x1B), as a terminal's colour codes do: false when
     * the reader searched it and found none.
     */
    public boolean mayHoldEscape() {
        return mayHoldEscape;
    }

    /** Sets {@link #indexInSplitOfFile()}; called by the reader only. */
    public void setIndexInSplitOfFile(long index) {
        this.indexInFile = index;
    }

    /**
     * How many lines of this line's file the split holds before it: 0 for the split's first line of
     * the file. The line's number in the file is this plus the lines of the file in the splits
     * before, plus one (a grep's {@code -n}).
     */
    public long indexInSplitOfFile() {
        return indexInFile;
    }

    /** Names the split the following lines belong to; called by the reader only. */
    public void setSplitId(String splitId) {
        this.splitId = splitId;
    }

    /**
     * The id of the split the line belongs to; ids follow the input order (files in the order
     * given, then by offset), so sorting by it restores file order.
     */
    public String splitId() {
        return splitId;
    }

    /** The file the line was read from. */
    public Path file() {
        return file;
    }

    /** The array that holds the content from {@link #start()}; shared, never to be kept. */
    public byte[] buffer() {
        return buffer;
    }

    /** Index of the first content byte in {@link #buffer()}. */
    public int start() {
        return start;
    }

    /** Number of content bytes, terminator excluded. */
    public int length() {
        return length;
    }

    /**
     * Byte offset of the line's first byte in its file; in the uncompressed stream of a compressed
     * file.
     */
    public long offset() {
        return offset;
    }

    public LineTerminator terminator() {
        return terminator;
    }

    /** A copy of the content bytes. */
    public byte[] copyBytes() {
        byte[] copy = new byte[length];
        System.arraycopy(buffer, start, copy, 0, length);
        return copy;
    }

    /** The content decoded as UTF-8; malformed input becomes U+FFFD. */
    public String toUtf8String() {
        return new String(buffer, start, length, StandardCharsets.UTF_8);
    }
}
