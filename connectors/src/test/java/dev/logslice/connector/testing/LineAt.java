package dev.logslice.connector.testing;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.LogLine;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

/**
 * A line as tests compare it: its file offset, its content and its terminator. The content holds
 * the bytes one char each (ISO-8859-1), so comparisons are exact and failures readable.
 */
public record LineAt(long offset, String content, LineTerminator terminator) {

    public static LineAt of(Line line) {
        return new LineAt(
                line.offset(),
                new String(line.buffer(), line.start(), line.length(), ISO_8859_1),
                line.terminator());
    }

    public static LineAt of(LogLine line) {
        return new LineAt(line.offset, new String(line.bytes, ISO_8859_1), line.terminator);
    }

    /** File offset just past the terminator: where the next line starts. */
    public long end() {
        return offset + content.length() + terminator.length();
    }
}
