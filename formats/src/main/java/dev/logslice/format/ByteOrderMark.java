package dev.logslice.format;

import javax.annotation.Nullable;

/**
 * The UTF-8 byte order mark ({@code EF BB BF}) that Windows tools (Notepad, PowerShell's {@code
 * Out-File}) write at the start of a text file, and RFC 5424 before a message: a mark, no text.
 */
public final class ByteOrderMark {
    public static final int LENGTH = 3;

    private ByteOrderMark() {}

    /** Whether {@code b[pos, end)} starts with the mark. */
    public static boolean startsWith(byte[] b, int pos, int end) {
        return end - pos >= LENGTH
                && b[pos] == (byte) 0xEF
                && b[pos + 1] == (byte) 0xBB
                && b[pos + 2] == (byte) 0xBF;
    }

    /** The parser reading a file's first line (offset 0) without a mark before it. */
    public static LogParser skippedAtFileStart(LogParser parser) {
        return new SkippingParser(parser);
    }

    private static final class SkippingParser implements LogParser {
        private final LogParser parser;

        SkippingParser(LogParser parser) {
            this.parser = parser;
        }

        @Nullable
        @Override
        public LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset) {
            if (offset == 0 && startsWith(bytes, start, start + length)) {
                return parser.tryParse(bytes, start + LENGTH, length - LENGTH, file, offset);
            }
            return parser.tryParse(bytes, start, length, file, offset);
        }

        @Override
        public String failureReason() {
            return parser.failureReason();
        }

        @Override
        public boolean continuesEvent(byte[] bytes, int start, int length, ByteSpan piece) {
            return parser.continuesEvent(bytes, start, length, piece);
        }

        @Override
        public boolean finishesLine(
                LogEvent unfinished, byte[] bytes, int start, int length, ByteSpan piece) {
            return parser.finishesLine(unfinished, bytes, start, length, piece);
        }
    }
}
