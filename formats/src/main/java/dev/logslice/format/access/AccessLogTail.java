package dev.logslice.format.access;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.layout.TrailingFields;

/**
 * What configurations commonly write after combined's user agent, which the combined layouts leave
 * unread: nginx's {@code main} format's {@code "$http_x_forwarded_for"} (a first quoted value of
 * addresses: {@code extra.forwardedFor}), a request time in seconds with a fraction (nginx's {@code
 * $request_time}: the first such number) and {@code key=value} pairs ({@code rt=0.005 uct="0.000"}:
 * {@code rt} and {@code request_time} as the request time, others in extra as written). Whole
 * numbers are left alone: Apache's {@code %T} counts seconds, its {@code %D} microseconds.
 */
final class AccessLogTail implements TrailingFields {
    private static final long serialVersionUID = 1L;

    /** Pairs kept per line: a hostile line of endless pairs does not grow an event without end. */
    private static final int MAX_PAIRS = 16;

    private static final int MAX_NUMBER_DIGITS = 9;

    @Override
    public void read(byte[] b, int start, int end, LogEvent event) {
        int pairs = 0;
        boolean first = true;
        int i = start;
        while (true) {
            while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r')) {
                i++;
            }
            if (i >= end) {
                return;
            }
            if (b[i] == '"') {
                int close = Bytes.closingQuote(b, i + 1, end);
                if (close < 0) {
                    return;
                }
                if (first && isAddressList(b, i + 1, close)) {
                    event.putExtra("forwardedFor", Bytes.text(b, i + 1, close));
                }
                i = close + 1;
            } else {
                int tokenEnd = tokenEnd(b, i, end);
                int equals = Bytes.indexOf(b, i, tokenEnd, (byte) '=');
                if (equals > i && pairs < MAX_PAIRS) {
                    pairs++;
                    tokenEnd = pair(b, i, equals, end, event);
                } else if (equals < 0) {
                    setRequestTime(b, i, tokenEnd, event);
                }
                i = tokenEnd;
            }
            first = false;
        }
    }

    /** Reads {@code key=value} at {@code start}, the value maybe quoted; returns where it ends. */
    private static int pair(byte[] b, int start, int equals, int end, LogEvent event) {
        String key = Bytes.text(b, start, equals);
        int valueStart = equals + 1;
        int valueEnd;
        int next;
        if (valueStart < end && b[valueStart] == '"') {
            int close = Bytes.closingQuote(b, valueStart + 1, end);
            if (close < 0) {
                return end;
            }
            valueStart++;
            valueEnd = close;
            next = close + 1;
        } else {
            valueEnd = tokenEnd(b, valueStart, end);
            // nginx's $upstream_* lists ("0.050, 0.055 : 0.010") run on until a pair follows.
            for (int more = listGoesOn(b, valueStart, valueEnd, end);
                    more > 0;
                    more = listGoesOn(b, valueStart, valueEnd, end)) {
                valueEnd = tokenEnd(b, more, end);
            }
            next = valueEnd;
        }
        if ((key.equals("rt") || key.equals("request_time"))
                && setRequestTime(b, valueStart, valueEnd, event)) {
            return next;
        }
        boolean dash = valueEnd - valueStart == 1 && b[valueStart] == '-';
        event.putExtra(key, dash ? null : Bytes.text(b, valueStart, valueEnd));
        return next;
    }

    /** The first blank at or after {@code i}, or {@code end}. */
    private static int tokenEnd(byte[] b, int i, int end) {
        while (i < end && b[i] != ' ' && b[i] != '\t') {
            i++;
        }
        return i;
    }

    /**
     * Where the next value of a list starts when {@code ", "} (the value at {@code valueEnd} ending
     * in its comma) or {@code " : "} goes on from {@code valueEnd} to a token that is no {@code
     * key=}; else -1.
     */
    private static int listGoesOn(byte[] b, int valueStart, int valueEnd, int end) {
        int next;
        if (valueEnd > valueStart && b[valueEnd - 1] == ',') {
            next = valueEnd + 1;
        } else if (valueEnd + 2 < end
                && b[valueEnd] == ' '
                && b[valueEnd + 1] == ':'
                && b[valueEnd + 2] == ' ') {
            next = valueEnd + 3;
        } else {
            return -1;
        }
        if (next >= end || b[next - 1] != ' ' || b[next] == ' ' || b[next] == '\t') {
            return -1;
        }
        int equals = Bytes.indexOf(b, next, tokenEnd(b, next, end), (byte) '=');
        return equals > next ? -1 : next;
    }

    /** Sets the request time when none is set and {@code b[start, end)} is seconds.fraction. */
    private static boolean setRequestTime(byte[] b, int start, int end, LogEvent event) {
        if (event.has(Field.REQUEST_TIME)) {
            return false;
        }
        int dot = Bytes.indexOf(b, start, end, (byte) '.');
        if (dot <= start
                || dot + 1 >= end
                || dot - start > MAX_NUMBER_DIGITS
                || end - dot - 1 > MAX_NUMBER_DIGITS) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (i != dot && !Bytes.isDigit(b[i])) {
                return false;
            }
        }
        event.setRequestTime(Bytes.decimal(b, start, end));
        return true;
    }

    /** An X-Forwarded-For value: addresses and commas; "-" (none) and host names are not. */
    private static boolean isAddressList(byte[] b, int start, int end) {
        if (end - start == 1 && b[start] == '-') {
            return false;
        }
        boolean digit = false;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            digit |= c >= '0' && c <= '9';
            boolean address =
                    (c >= '0' && c <= '9')
                            || (c >= 'a' && c <= 'f')
                            || (c >= 'A' && c <= 'F')
                            || c == '.'
                            || c == ':'
                            || c == ','
                            || c == ' '
                            || c == '['
                            || c == ']';
            if (!address) {
                return false;
            }
        }
        return digit;
    }
}
