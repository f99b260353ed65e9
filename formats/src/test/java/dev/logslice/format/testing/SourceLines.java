package dev.logslice.format.testing;

import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.reader.SplitLineReader;
import dev.logslice.connector.source.EventStarts;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a byte array as the source emits them, read by the source's own {@link
 * SplitLineReader}: whole files, splits, and the lines after a given offset.
 */
public final class SourceLines {
    private static final int BUFFER = 4096;
    private static final Path FILE = new Path("/test.log");

    private SourceLines() {}

    /** One line: its offset in the file and its content without terminator. */
    public static final class SourceLine {
        public final long offset;
        public final byte[] bytes;

        /** Offset of the next line: after this one's terminator. */
        public final long next;

        SourceLine(long offset, byte[] bytes, int terminatorLength) {
            this.offset = offset;
            this.bytes = bytes;
            this.next = offset + bytes.length + terminatorLength;
        }
    }

    public static List<SourceLine> of(byte[] content) {
        return ofSplit(content, 0, content.length);
    }

    /** The lines that start in {@code [start, end)}. */
    public static List<SourceLine> ofSplit(byte[] content, long start, long end) {
        return read(
                SplitLineReader.forSplit(
                        channel(content), FILE, start, end, content.length, BUFFER, 1 << 20));
    }

    /**
     * The lines that the split {@code [start, end)} of a multi-line format's file reads: those of
     * the events that start in it, as {@code eventStarts} tells them of lines of {@code file}.
     */
    public static List<SourceLine> ofEventSplit(
            byte[] content, Path file, long start, long end, EventStarts eventStarts) {
        return read(
                SplitLineReader.forSplit(
                                channel(content), file, start, end, content.length, BUFFER, 1 << 20)
                        .withEventStarts(eventStarts));
    }

    /** The lines from {@code offset}, a line start, to the end of the file. */
    public static List<SourceLine> from(byte[] content, long offset) {
        return read(
                SplitLineReader.resumingAt(
                        channel(content),
                        FILE,
                        offset,
                        content.length,
                        content.length,
                        BUFFER,
                        1 << 20));
    }

    private static List<SourceLine> read(SplitLineReader reader) {
        List<SourceLine> lines = new ArrayList<>();
        try {
            boolean more;
            do {
                more =
                        reader.readNext(
                                l ->
                                        lines.add(
                                                new SourceLine(
                                                        l.offset(),
                                                        l.copyBytes(),
                                                        l.terminator().length())));
            } while (more);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    private static ReadChannel channel(byte[] content) {
        return new ReadChannel() {
            @Override
            public int read(long position, byte[] target, int offset, int length) {
                if (position >= content.length) {
                    return -1;
                }
                int n = (int) Math.min(length, content.length - position);
                System.arraycopy(content, (int) position, target, offset, n);
                return n;
            }

            @Override
            public void close() {}
        };
    }
}
