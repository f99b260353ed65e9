package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A line's exact bytes with where it came from: the record of {@link LineDecoders#rawLines()}.
 *
 * <p>A Flink POJO (public fields, no-arg constructor) so it travels without Kryo.
 */
@PublicEvolving
public class LogLine {
    /** The file, as a path string. */
    public String file;

    /**
     * Byte offset of the line's first byte in its file; in the uncompressed stream of a compressed
     * file.
     */
    public long offset;

    /** The content, terminator excluded. */
    public byte[] bytes;

    /** How the line ended. */
    public LineTerminator terminator;

    public LogLine() {}

    public LogLine(String file, long offset, byte[] bytes, LineTerminator terminator) {
        this.file = file;
        this.offset = offset;
        this.bytes = bytes;
        this.terminator = terminator;
    }

    /** The content decoded as UTF-8; malformed input becomes U+FFFD. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LogLine)) {
            return false;
        }
        LogLine other = (LogLine) o;
        return offset == other.offset
                && Objects.equals(file, other.file)
                && Arrays.equals(bytes, other.bytes)
                && terminator == other.terminator;
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, offset, Arrays.hashCode(bytes), terminator);
    }

    @Override
    public String toString() {
        return file + ":" + offset + ": " + text();
    }
}
