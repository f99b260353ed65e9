package dev.logslice.format.slowlog;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

/**
 * Reads a slow query log entry's lines into its event: {@code # User@Host: user[user] @ host
 * [address] Id: 7} as the user, the client (the address, else the host name) and the thread; every
 * {@code Key: value} of the other {@code #} lines into {@code extra} in camel case ({@code
 * Rows_examined} as {@code rowsExamined}), {@code Query_time} as the request time and {@code
 * Thread_id} as the thread; {@code SET timestamp=N;} as the time (the query's start, in UTC, where
 * {@code # Time:} was written in the server's zone until 5.7); a {@code use db;} before it as
 * {@code extra.schema}; and the lines after it (or after the header, without it) as the message:
 * the query.
 */
final class SlowQueryEntry {
    private static final String USER_HOST = "# User@Host: ";
    private static final String SET_TIMESTAMP = "SET timestamp=";

    private SlowQueryEntry() {}

    static void read(LogEvent event, byte[] b, int start, int end) {
        int queryStart = -1;
        for (int line = start; line < end; ) {
            int lineEnd = Bytes.indexOf(b, line, end, (byte) '\n');
            lineEnd = lineEnd < 0 ? end : lineEnd;
            int next = lineEnd + 1;
            if (queryStart >= 0) {
                line = next;
                continue;
            }
            if (Bytes.startsWith(b, line, lineEnd, USER_HOST)) {
                readUserHost(event, b, line + USER_HOST.length(), lineEnd);
            } else if (Bytes.startsWith(b, line, lineEnd, "# Time:")
                    || Bytes.startsWith(b, line, lineEnd, "# explain:")) {
                // The time is the header's; an EXPLAIN's rows are no pairs.
            } else if (Bytes.startsWith(b, line, lineEnd, "#")) {
                readPairs(event, b, line + 1, lineEnd);
            } else if (Bytes.startsWith(b, line, lineEnd, SET_TIMESTAMP)) {
                readStart(event, b, line + SET_TIMESTAMP.length(), lineEnd);
                queryStart = next;
            } else if (Bytes.startsWith(b, line, lineEnd, "use ") && b[lineEnd - 1] == ';') {
                // MariaDB's and Percona's # Schema: said it already; the line is still no query.
                if (!event.extra().containsKey("schema")) {
                    event.putExtra("schema", Bytes.text(b, line + 4, lineEnd - 1).trim());
                }
            } else {
                queryStart = line;
            }
            line = next;
        }
        // An entry cut before its query has none; its header lines are no message.
        event.setString(
                Field.MESSAGE,
                queryStart >= 0 && queryStart < end
                        ? Bytes.text(b, queryStart, end).stripTrailing()
                        : null);
    }

    /** {@code user[priv_user] @ host [address] Id: 7}; host and address may be empty. */
    private static void readUserHost(LogEvent event, byte[] b, int pos, int end) {
        int bracket = Bytes.indexOf(b, pos, end, (byte) '[');
        int privileged = bracket < 0 ? -1 : Bytes.indexOf(b, bracket, end, (byte) ']');
        // A user's name may hold '@': the host's comes after the privileged user's bracket.
        int at = privileged < 0 ? -1 : Bytes.indexOf(b, privileged, end, (byte) '@');
        if (at < 0) {
            return;
        }
        if (bracket > pos) {
            event.setString(Field.USER, Bytes.text(b, pos, bracket));
        }
        int host = Bytes.skipSpaces(b, at + 1, end);
        int open = Bytes.indexOf(b, host, end, (byte) '[');
        int close = open < 0 ? -1 : Bytes.indexOf(b, open, end, (byte) ']');
        if (close < 0) {
            return;
        }
        String address = Bytes.text(b, open + 1, close).trim();
        String name = Bytes.text(b, host, open).trim();
        if (!address.isEmpty() || !name.isEmpty()) {
            event.setString(Field.CLIENT, address.isEmpty() ? name : address);
        }
        readPairs(event, b, close + 1, end);
    }

    /**
     * {@code Key: value} pairs apart by blanks; a key right after a key had an empty value ({@code
     * Schema: QC_hit: No}).
     */
    private static void readPairs(LogEvent event, byte[] b, int pos, int end) {
        String key = null;
        for (int token = Bytes.skipSpaces(b, pos, end); token < end; ) {
            int tokenEnd = Bytes.tokenEnd(b, token, end);
            if (b[tokenEnd - 1] == ':' && tokenEnd - token > 1) {
                if (key != null) {
                    put(event, key, b, token, token);
                }
                key = Bytes.text(b, token, tokenEnd - 1);
            } else if (key != null) {
                put(event, key, b, token, tokenEnd);
                key = null;
            }
            token = Bytes.skipSpaces(b, tokenEnd, end);
        }
    }

    private static void put(LogEvent event, String key, byte[] b, int start, int end) {
        switch (key) {
            case "Query_time":
                if (isDecimal(b, start, end)) {
                    event.setRequestTime(Double.parseDouble(Bytes.text(b, start, end)));
                }
                return;
            case "Thread_id":
            case "Id":
                event.setString(Field.THREAD, Bytes.text(b, start, end));
                return;
            default:
                event.putExtra(camelCase(key), Bytes.text(b, start, end));
        }
    }

    /** {@code SET timestamp=1528898676;}: seconds since the epoch. */
    private static void readStart(LogEvent event, byte[] b, int pos, int end) {
        int digits = pos;
        while (digits < end && Bytes.isDigit(b[digits])) {
            digits++;
        }
        if (Bytes.isNumber(b, pos, digits)) {
            event.setTimestamp(Bytes.number(b, pos, digits), 0, 0);
        }
    }

    private static boolean isDecimal(byte[] b, int start, int end) {
        int dots = 0;
        for (int i = start; i < end; i++) {
            if (b[i] == '.') {
                dots++;
            } else if (!Bytes.isDigit(b[i])) {
                return false;
            }
        }
        return end > start && dots <= 1 && end - start <= 30;
    }

    /** {@code Rows_examined} as {@code rowsExamined}, {@code QC_hit} as {@code qcHit}. */
    private static String camelCase(String key) {
        StringBuilder out = new StringBuilder(key.length());
        boolean upper = false;
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '_') {
                upper = out.length() > 0;
            } else {
                out.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            }
        }
        return out.toString();
    }
}
