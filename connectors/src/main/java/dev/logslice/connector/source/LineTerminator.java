package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

/** How a line ended in its file; lets writers reproduce a file byte for byte. */
@PublicEvolving
public enum LineTerminator {
    /** A single {@code \n}. */
    LF(new byte[] {'\n'}),
    /** {@code \r\n}: one terminator, the CR is not content. */
    CRLF(new byte[] {'\r', '\n'}),
    /** The last line of a file without a final newline. */
    NONE(new byte[0]);

    private final byte[] bytes;

    LineTerminator(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The terminator's bytes as they stand in the file. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Number of bytes the terminator takes in the file. */
    public int length() {
        return bytes.length;
    }
}
