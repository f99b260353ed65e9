package dev.logslice.connector.testing;

import dev.logslice.connector.source.LineTerminator;

import java.util.ArrayList;
import java.util.List;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

/**
 * The obviously correct line splitter the reader is checked against: one pass over the whole file
 * in memory, with no buffers and no splits.
 */
public final class ReferenceLines {
    private ReferenceLines() {}

    /** Every line of {@code file}, in order. */
    public static List<LineAt> of(byte[] file) {
        List<LineAt> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < file.length; i++) {
            if (file[i] == '\n') {
                boolean crlf = i > start && file[i - 1] == '\r';
                int contentEnd = crlf ? i - 1 : i;
                lines.add(
                        new LineAt(
                                start,
                                new String(file, start, contentEnd - start, ISO_8859_1),
                                crlf ? LineTerminator.CRLF : LineTerminator.LF));
                start = i + 1;
            }
        }
        if (start < file.length) {
            lines.add(
                    new LineAt(
                            start,
                            new String(file, start, file.length - start, ISO_8859_1),
                            LineTerminator.NONE));
        }
        return lines;
    }

    /** The lines the split {@code [start, end)} owns: those whose first byte lies in it. */
    public static List<LineAt> ownedBy(List<LineAt> lines, long start, long end) {
        return lines.stream().filter(l -> start <= l.offset() && l.offset() < end).toList();
    }

    /** The lines a reader emits: those whose content is at most {@code maxLineLength} bytes. */
    public static List<LineAt> notLongerThan(List<LineAt> lines, int maxLineLength) {
        return lines.stream().filter(l -> l.content().length() <= maxLineLength).toList();
    }

    /** Offsets of the lines a reader skips as oversized. */
    public static List<Long> oversizedOffsets(List<LineAt> lines, int maxLineLength) {
        return lines.stream()
                .filter(l -> l.content().length() > maxLineLength)
                .map(LineAt::offset)
                .toList();
    }
}
