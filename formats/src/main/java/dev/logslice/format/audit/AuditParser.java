package dev.logslice.format.audit;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;

import javax.annotation.Nullable;

/**
 * Parses an audit record: {@code [node=HOST ]type=TYPE msg=audit(SECONDS.MILLIS:SERIAL): } then
 * {@code key=value} pairs, a value bare, in double quotes, or in single quotes where a user-space
 * record nests pairs of its own ({@code msg='op=login acct="alice" res=failed'}), whose pairs are
 * read as well. The enriched format's translations follow a 0x1D byte ({@code UID="root"}).
 *
 * <p>The time is the record's (UTC), {@code node} the host, {@code pid} the pid, {@code acct} the
 * user and an address ({@code addr}, else {@code hostname}) the client; the type, the serial that
 * ties the records of one event together, and every other pair go to {@code extra} (the first of a
 * key wins, at most {@value #MAX_PAIRS} a line), the pairs' text is the message.
 */
final class AuditParser implements LogParser {
    /** Pairs kept per line: a hostile line of endless pairs does not grow an event without end. */
    private static final int MAX_PAIRS = 64;

    private static final byte GROUP_SEPARATOR = 0x1D;

    private static final int MAX_SECONDS_DIGITS = 12;

    private String failure = "";
    private int pairs;
    private int client;
    private int clientEnd;
    private boolean clientIsAddress;

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        int end = start + length;
        int pos = start;
        int node = -1;
        int nodeEnd = -1;
        if (Bytes.startsWith(b, pos, end, "node=")) {
            node = pos + 5;
            nodeEnd = Bytes.tokenEnd(b, node, end);
            pos = nodeEnd + 1;
        }
        if (!Bytes.startsWith(b, pos, end, "type=")) {
            return fail("the line does not start with type=");
        }
        int type = pos + 5;
        int typeEnd = Bytes.tokenEnd(b, type, end);
        pos = typeEnd + 1;
        if (typeEnd == type || !Bytes.startsWith(b, pos, end, "msg=audit(")) {
            return fail("no msg=audit( after the type");
        }
        pos += 10;
        int seconds = pos;
        while (pos < end && Bytes.isDigit(b[pos])) {
            pos++;
        }
        int secondsEnd = pos;
        if (secondsEnd == seconds
                || secondsEnd - seconds > MAX_SECONDS_DIGITS
                || pos + 4 >= end
                || b[pos] != '.') {
            return fail("no seconds.millis in audit(...)");
        }
        int millis = pos + 1;
        if (!Bytes.isNumber(b, millis, millis + 3) || b[millis + 3] != ':') {
            return fail("no seconds.millis in audit(...)");
        }
        int serial = millis + 4;
        pos = serial;
        while (pos < end && Bytes.isDigit(b[pos])) {
            pos++;
        }
        int serialEnd = pos;
        if (serialEnd == serial
                || serialEnd - serial > 18
                || !Bytes.startsWith(b, pos, end, "):")) {
            return fail("no :serial) in audit(...)");
        }
        pos = Bytes.skipSpaces(b, pos + 2, end);

        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        event.setTimestamp(
                Bytes.number(b, seconds, secondsEnd),
                (int) Bytes.number(b, millis, millis + 3) * 1_000_000,
                0);
        if (node >= 0 && nodeEnd > node) {
            event.setSpan(Field.HOST, node, nodeEnd);
        }
        event.putExtra("type", Bytes.text(b, type, typeEnd));
        event.putExtra("serial", Bytes.number(b, serial, serialEnd));
        event.setSpan(Field.MESSAGE, pos, trimEnd(b, pos, end));
        pairs = 0;
        client = -1;
        clientIsAddress = false;
        readPairs(b, pos, end, event);
        if (client >= 0) {
            event.setSpan(Field.CLIENT, client, clientEnd);
        }
        return event;
    }

    /** Reads the pairs of {@code b[pos, end)} into the event; text that is no pair is skipped. */
    private void readPairs(byte[] b, int pos, int end, LogEvent event) {
        while (pos < end) {
            while (pos < end && (b[pos] == ' ' || b[pos] == GROUP_SEPARATOR || b[pos] == '\t')) {
                pos++;
            }
            int key = pos;
            while (pos < end && b[pos] != '=' && b[pos] != ' ' && b[pos] != GROUP_SEPARATOR) {
                pos++;
            }
            if (pos == key) {
                // "=" with no key before it (separators were skipped above): no pair.
                pos++;
                continue;
            }
            if (pos >= end || b[pos] != '=') {
                continue;
            }
            int keyEnd = pos;
            int value = pos + 1;
            int valueEnd;
            byte quote = value < end ? b[value] : 0;
            if (quote == '"' || quote == '\'') {
                value++;
                valueEnd = Bytes.indexOf(b, value, end, quote);
                if (valueEnd < 0) {
                    valueEnd = end;
                }
                pos = Math.min(end, valueEnd + 1);
            } else {
                valueEnd = value;
                while (valueEnd < end && b[valueEnd] != ' ' && b[valueEnd] != GROUP_SEPARATOR) {
                    valueEnd++;
                }
                pos = valueEnd;
            }
            if (quote == '\'') {
                // A user-space record's own pairs.
                readPairs(b, value, valueEnd, event);
            } else {
                pair(b, key, keyEnd, value, valueEnd, event);
            }
        }
    }

    private void pair(byte[] b, int key, int keyEnd, int value, int valueEnd, LogEvent event) {
        if (pairs >= MAX_PAIRS) {
            return;
        }
        boolean none = valueEnd - value == 1 && b[value] == '?';
        if (is(b, key, keyEnd, "pid") && !event.has(Field.PID)) {
            if (valueEnd - value <= 18 && Bytes.isNumber(b, value, valueEnd)) {
                event.setPid(Bytes.number(b, value, valueEnd));
                return;
            }
        } else if (is(b, key, keyEnd, "acct") && !event.has(Field.USER) && !none) {
            event.setSpan(Field.USER, value, valueEnd);
            return;
        } else if (!none && valueEnd > value && isAddress(b, value, valueEnd)) {
            // addr is the peer; hostname, where it is an address, only when there is no addr.
            boolean addr = is(b, key, keyEnd, "addr");
            if (addr && !clientIsAddress || is(b, key, keyEnd, "hostname") && client < 0) {
                client = value;
                clientEnd = valueEnd;
                clientIsAddress = addr;
            }
        }
        String name = Bytes.text(b, key, keyEnd);
        if (!event.extra().containsKey(name)) {
            pairs++;
            event.putExtra(name, none ? null : Bytes.text(b, value, valueEnd));
        }
    }

    private static boolean is(byte[] b, int start, int end, String key) {
        return end - start == key.length() && Bytes.startsWith(b, start, end, key);
    }

    /** An IPv4 address (digits and dots) or an IPv6 one (hex digits and colons). */
    private static boolean isAddress(byte[] b, int start, int end) {
        int dots = 0;
        int colons = 0;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (c == '.') {
                dots++;
            } else if (c == ':') {
                colons++;
            } else if (!Bytes.isDigit(c) && ((c | 0x20) < 'a' || (c | 0x20) > 'f')) {
                return false;
            } else if (!Bytes.isDigit(c) && colons == 0) {
                return false;
            }
        }
        return colons >= 2 || (dots == 3 && colons == 0);
    }

    private static int trimEnd(byte[] b, int start, int end) {
        while (end > start && (b[end - 1] == ' ' || b[end - 1] == '\r')) {
            end--;
        }
        return end;
    }

    @Nullable
    private LogEvent fail(String reason) {
        failure = reason;
        return null;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
