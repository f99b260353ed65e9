package dev.logslice.format.layout;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

import java.nio.charset.StandardCharsets;

/**
 * Splits an HTTP request line ({@code GET /path HTTP/1.1}) into method, path and protocol. A line
 * that is no request (attack bytes, {@code -} for a timed-out connection) goes to {@code
 * extra.request} as it is, and the line is still an event. Shared by the layout, regex and JSON
 * formats.
 */
public final class RequestLine {
    private static final int MAX_METHOD_LENGTH = 24;

    private RequestLine() {}

    public static void bind(LogEvent event, byte[] b, int start, int end) {
        int methodEnd = methodEnd(b, start, end);
        if (methodEnd < 0) {
            if (!(end - start == 1 && b[start] == '-')) {
                event.putExtra("request", Bytes.text(b, start, end));
            }
            return;
        }
        event.setSpan(Field.METHOD, start, methodEnd);
        int protocol = protocolStart(b, methodEnd + 1, end);
        if (protocol >= 0) {
            event.setSpan(Field.PATH, methodEnd + 1, protocol - 1);
            event.setSpan(Field.PROTOCOL, protocol, end);
        } else {
            event.setSpan(Field.PATH, methodEnd + 1, end);
        }
    }

    /**
     * As {@link #bind}, for an event without text (JSON's {@code "request": "GET /a HTTP/1.1"}):
     * whether {@code line} is a request, whose method, path and protocol are then set.
     */
    public static boolean bindText(LogEvent event, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        int methodEnd = methodEnd(b, 0, b.length);
        if (methodEnd < 0) {
            return false;
        }
        event.setString(Field.METHOD, Bytes.text(b, 0, methodEnd));
        int protocol = protocolStart(b, methodEnd + 1, b.length);
        if (protocol >= 0) {
            event.setString(Field.PATH, Bytes.text(b, methodEnd + 1, protocol - 1));
            event.setString(Field.PROTOCOL, Bytes.text(b, protocol, b.length));
        } else {
            event.setString(Field.PATH, Bytes.text(b, methodEnd + 1, b.length));
        }
        return true;
    }

    /** Where the method of a request line ends (at a space), or -1 when it is no request. */
    private static int methodEnd(byte[] b, int start, int end) {
        int methodEnd = start;
        while (methodEnd < end && isMethodChar(b[methodEnd])) {
            methodEnd++;
        }
        boolean isRequest =
                methodEnd > start
                        && methodEnd - start <= MAX_METHOD_LENGTH
                        && methodEnd < end
                        && b[methodEnd] == ' ';
        return isRequest ? methodEnd : -1;
    }

    /** Where the protocol after the path starts ({@code HTTP/...} after a space), or -1. */
    private static int protocolStart(byte[] b, int pathStart, int end) {
        int lastSpace = end - 1;
        while (lastSpace > pathStart && b[lastSpace] != ' ') {
            lastSpace--;
        }
        return lastSpace > pathStart && Bytes.startsWith(b, lastSpace + 1, end, "HTTP/")
                ? lastSpace + 1
                : -1;
    }

    private static boolean isMethodChar(byte c) {
        return (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
    }
}
