package dev.logslice.format.httpd;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.RefinedFormat;
import dev.logslice.format.layout.RequestLine;

import java.util.Arrays;

/**
 * The nginx error log: the lines of a layout format (time, level, pid#tid, *connection, message),
 * whose message loses the context nginx appends to it ({@code , client: 1.2.3.4, server: x,
 * request: "GET / HTTP/1.1", upstream: "...", host: "h", referrer: "..."}) to the fields: client,
 * method/path/protocol, host and referrer, {@code extra.server}, {@code extra.upstream}. The
 * message is attacker-controlled and may hold such text itself, so only a context that reads to the
 * end of the line, key after key in nginx's order, is taken; else the message stays whole.
 */
public final class NginxErrorFormat extends RefinedFormat {
    private static final long serialVersionUID = 1L;

    private static final String CLIENT = ", client: ";

    /** The keys after the client, in the order nginx writes them; quoted all but the server. */
    private static final String[] KEYS = {
        "server", "request", "subrequest", "upstream", "host", "referrer"
    };

    public NginxErrorFormat(LogFormat lines) {
        super(lines);
    }

    @Override
    protected Refiner newRefiner() {
        ByteSpan message = new ByteSpan();
        int[] values = new int[2 * KEYS.length];
        return (event, b, start) -> {
            if (event.span(Field.MESSAGE, message)) {
                // The layout event's text is the line: its spans plus start are b's indices.
                int from = start + message.start();
                readContext(event, b, from, from + message.length(), values);
            }
        };
    }

    private static void readContext(LogEvent event, byte[] b, int from, int end, int[] values) {
        for (int at = indexOf(b, from, end, CLIENT);
                at >= 0;
                at = indexOf(b, at + 1, end, CLIENT)) {
            int clientStart = at + CLIENT.length();
            int clientEnd = clientStart;
            while (clientEnd < end && b[clientEnd] != ',' && b[clientEnd] != ' ') {
                clientEnd++;
            }
            if (clientEnd > clientStart && readKeys(b, clientEnd, end, values)) {
                event.setSpan(Field.MESSAGE, from, at);
                event.setSpan(Field.CLIENT, clientStart, clientEnd);
                bindKeys(event, b, values);
                return;
            }
        }
    }

    /**
     * Reads {@code , key: value} pairs from pos to the end into values; false if they do not fit.
     */
    private static boolean readKeys(byte[] b, int pos, int end, int[] values) {
        Arrays.fill(values, -1);
        int next = 0;
        while (pos < end) {
            int key = keyAt(b, pos, end, next);
            if (key < 0) {
                return false;
            }
            int valueStart = pos + 2 + KEYS[key].length() + 2;
            int valueEnd;
            if (key == 0) {
                valueEnd = valueStart;
                while (valueEnd < end && b[valueEnd] != ',' && b[valueEnd] != ' ') {
                    valueEnd++;
                }
                pos = valueEnd;
            } else {
                if (valueStart >= end || b[valueStart] != '"') {
                    return false;
                }
                valueStart++;
                valueEnd = closingQuote(b, valueStart, end, key + 1);
                if (valueEnd < 0) {
                    return false;
                }
                pos = valueEnd + 1;
            }
            values[2 * key] = valueStart;
            values[2 * key + 1] = valueEnd;
            next = key + 1;
        }
        return true;
    }

    /** The index of the key of {@code , key: } at pos, one of KEYS from {@code first} on; or -1. */
    private static int keyAt(byte[] b, int pos, int end, int first) {
        if (!Bytes.startsWith(b, pos, end, ", ")) {
            return -1;
        }
        for (int k = first; k < KEYS.length; k++) {
            int keyEnd = pos + 2 + KEYS[k].length();
            if (Bytes.startsWith(b, pos + 2, end, KEYS[k])
                    && Bytes.startsWith(b, keyEnd, end, ": ")) {
                return k;
            }
        }
        return -1;
    }

    /** The quote that ends a value: at the line's end or before a later key; -1 if none. */
    private static int closingQuote(byte[] b, int from, int end, int laterKeys) {
        for (int i = from; i < end; i++) {
            if (b[i] == '"' && (i + 1 == end || keyAt(b, i + 1, end, laterKeys) >= 0)) {
                return i;
            }
        }
        return -1;
    }

    private static void bindKeys(LogEvent event, byte[] b, int[] values) {
        for (int k = 0; k < KEYS.length; k++) {
            int start = values[2 * k];
            int end = values[2 * k + 1];
            if (start < 0) {
                continue;
            }
            switch (KEYS[k]) {
                case "request" -> RequestLine.bind(event, b, start, end);
                case "host" -> event.setSpan(Field.HOST, start, end);
                case "referrer" -> event.setSpan(Field.REFERRER, start, end);
                default -> event.putExtra(KEYS[k], Bytes.text(b, start, end));
            }
        }
    }

    private static int indexOf(byte[] b, int from, int end, String text) {
        for (int i = from; i + text.length() <= end; i++) {
            if (b[i] == text.charAt(0) && Bytes.startsWith(b, i, end, text)) {
                return i;
            }
        }
        return -1;
    }
}
