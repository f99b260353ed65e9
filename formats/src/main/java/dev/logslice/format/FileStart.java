package dev.logslice.format;

import javax.annotation.Nullable;

/**
 * What may come before a file's first line and is no text of it: the UTF-8 byte order mark ({@code
 * EF BB BF}) that Windows tools (Notepad, PowerShell's {@code Out-File}) write, or the run of NUL
 * bytes a log holds after {@code copytruncate} (its writer goes on at its old offset, so the file
 * starts with a hole of zeros).
 */
public final class FileStart {
    /** The length of the byte order mark, which RFC 5424 also allows before a message. */
    public static final int BYTE_ORDER_MARK = 3;

    private FileStart() {}

    /** Whether {@code b[pos, end)} starts with the byte order mark. */
    public static boolean hasByteOrderMark(byte[] b, int pos, int end) {
        return end - pos >= BYTE_ORDER_MARK
                && b[pos] == (byte) 0xEF
                && b[pos + 1] == (byte) 0xBB
                && b[pos + 2] == (byte) 0xBF;
    }

    /**
     * The length of the byte order mark or the run of NUL bytes {@code b[pos, end)} starts with.
     */
    public static int prefixLength(byte[] b, int pos, int end) {
        if (hasByteOrderMark(b, pos, end)) {
            return BYTE_ORDER_MARK;
        }
        int i = pos;
        while (i < end && b[i] == 0) {
            i++;
        }
        return i - pos;
    }

    /** The parser reading a file's first line (offset 0) without what comes before its text. */
    public static LogParser skippedBy(LogParser parser) {
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
            int skip = offset == 0 ? prefixLength(bytes, start, start + length) : 0;
            return parser.tryParse(bytes, start + skip, length - skip, file, offset);
        }

        @Nullable
        @Override
        public LogEvent tryParseTransient(
                byte[] bytes, int start, int length, String file, long offset) {
            int skip = offset == 0 ? prefixLength(bytes, start, start + length) : 0;
            return parser.tryParseTransient(bytes, start + skip, length - skip, file, offset);
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
        public boolean leavesLineUnfinished(byte[] bytes, int start, int length) {
            return parser.leavesLineUnfinished(bytes, start, length);
        }

        @Override
        public boolean finishesLine(
                LogEvent unfinished, byte[] bytes, int start, int length, ByteSpan piece) {
            return parser.finishesLine(unfinished, bytes, start, length, piece);
        }

        @Override
        public boolean joinsHeader(LogEvent pending, byte[] bytes, int start, int length) {
            return parser.joinsHeader(pending, bytes, start, length);
        }

        @Override
        public boolean mayJoinHeader(byte[] bytes, int start, int length) {
            return parser.mayJoinHeader(bytes, start, length);
        }

        @Override
        public void complete(LogEvent event) {
            parser.complete(event);
        }

        @Override
        public boolean completesFromLaterLines() {
            return parser.completesFromLaterLines();
        }
    }
}
