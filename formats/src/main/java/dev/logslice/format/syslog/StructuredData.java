package dev.logslice.format.syslog;

import dev.logslice.format.LogEvent;

import java.nio.charset.StandardCharsets;

/**
 * The parameters of RFC 5424 structured data ({@code [id k="v" ...][id2 ...]}) as {@code extra}
 * entries named {@code id.k}; values unescaped ({@code \"}, {@code \\}, {@code \]}).
 */
final class StructuredData {
    private StructuredData() {}

    /** Puts the parameters of the well-formed elements in {@code b[pos, end)} into the event. */
    static void putParameters(LogEvent event, byte[] b, int pos, int end) {
        while (pos < end && b[pos] == '[') {
            int idEnd = pos + 1;
            while (idEnd < end && b[idEnd] != ' ' && b[idEnd] != ']') {
                idEnd++;
            }
            String id = text(b, pos + 1, idEnd);
            pos = idEnd;
            while (pos < end && b[pos] == ' ') {
                int eq = pos + 1;
                while (eq < end && b[eq] != '=' && b[eq] != ']') {
                    eq++;
                }
                if (eq + 1 >= end || b[eq] != '=' || b[eq + 1] != '"') {
                    return;
                }
                StringBuilder value = new StringBuilder();
                int i = eq + 2;
                int runStart = i;
                for (; i < end && b[i] != '"'; i++) {
                    if (b[i] == '\\' && i + 1 < end) {
                        value.append(text(b, runStart, i));
                        runStart = ++i;
                    }
                }
                if (i >= end) {
                    return;
                }
                value.append(text(b, runStart, i));
                event.putExtra(id + "." + text(b, pos + 1, eq), value.toString());
                pos = i + 1;
            }
            if (pos >= end || b[pos] != ']') {
                return;
            }
            pos++;
        }
    }

    private static String text(byte[] b, int start, int end) {
        return new String(b, start, end - start, StandardCharsets.UTF_8);
    }
}
