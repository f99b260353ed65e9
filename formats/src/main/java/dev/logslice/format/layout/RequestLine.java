package dev.logslice.format.layout;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

/**
 * Splits an HTTP request line ({@code GET /path HTTP/1.1}) into method, path and protocol. A line
 * that is no request (attack bytes, {@code -} for a timed-out connection) goes to {@code
 * extra.request} as it is, and the line is still an event. Shared by the layout and regex formats.
 */
public final class RequestLine {
    private static final int MAX_METHOD_LENGTH = 24;

    private RequestLine() {}

    public static void bind(LogEvent event, byte[] b, int start, int end) {
        int methodEnd = start;
        while (methodEnd < end && isMethodChar(b[methodEnd])) {
            methodEnd++;
        }
        boolean isRequest =
                methodEnd > start
                        && methodEnd - start <= MAX_METHOD_LENGTH
                        && methodEnd < end
                        && b[methodEnd] == ' ';
        if (!isRequest) {
            if (!(end - start == 1 && b[start] == '-')) {
                event.putExtra("request", Bytes.text(b, start, end));
            }
            return;
        }
        event.setSpan(Field.METHOD, start, methodEnd);
        int pathStart = methodEnd + 1;
        int lastSpace = end - 1;
        while (lastSpace > pathStart && b[lastSpace] != ' ') {
            lastSpace--;
        }
        if (lastSpace > pathStart && Bytes.startsWith(b, lastSpace + 1, end, "HTTP/")) {
            event.setSpan(Field.PATH, pathStart, lastSpace);
            event.setSpan(Field.PROTOCOL, lastSpace + 1, end);
        } else {
            event.setSpan(Field.PATH, pathStart, end);
        }
    }

    private static boolean isMethodChar(byte c) {
        return (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
    }
}
