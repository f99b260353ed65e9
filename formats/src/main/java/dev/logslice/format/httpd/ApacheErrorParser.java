package dev.logslice.format.httpd;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.RepeatedTimestamp;
import dev.logslice.format.time.TimestampPattern;
import dev.logslice.format.time.TimestampValue;

import javax.annotation.Nullable;

import java.util.List;

/**
 * Parses Apache httpd error log lines, 2.2 ({@code [Sun Dec 04 04:47:44 2005] [error] [client
 * 1.2.3.4] msg}) and 2.4 ({@code [Fri Sep 09 10:42:29.902022 2011] [core:error] [pid 35708:tid
 * 4328636416] (13)Permission denied: [client 1.2.3.4:5678] AH00128: msg, referer: http://a/}). The
 * level is one of httpd's; the bracketed groups after it that httpd writes ({@code pid}, {@code
 * client}, {@code remote}) and 2.4's OS error and {@code , referer:} become fields; the rest is the
 * message. 2.4 (known by its {@code module:level}) writes every client with its port, IPv6 ones
 * without brackets ({@code ::1:59358}); 2.2 writes none.
 */
final class ApacheErrorParser implements LogParser {
    private static final TimestampPattern TIME =
            TimestampPattern.of("EEE MMM dd HH:mm:ss.SSSSSS yyyy");
    private static final List<String> LEVELS =
            List.of(
                    "emerg", "alert", "crit", "error", "warn", "notice", "info", "debug", "trace1",
                    "trace2", "trace3", "trace4", "trace5", "trace6", "trace7", "trace8");
    private static final String REFERER = ", referer: ";

    private final LocalTimeResolver time;
    private final TimestampValue timestamp = new TimestampValue();
    private final RepeatedTimestamp lastTime = new RepeatedTimestamp();
    private String failure = "";

    ApacheErrorParser(ParserContext context) {
        this.time = new LocalTimeResolver(context);
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        int end = start + length;
        int afterTime =
                end - start > 2 && b[start] == '['
                        ? lastTime.parse(TIME, b, start + 1, end, time, timestamp)
                        : -1;
        if (afterTime < 0 || afterTime >= end || b[afterTime] != ']') {
            failure = "no timestamp like '[Sun Dec 04 04:47:44 2005]'";
            return null;
        }
        int groupStart = afterTime + 3;
        int groupEnd = groupEnd(b, afterTime + 1, end);
        int colon = groupEnd < 0 ? -1 : Bytes.indexOf(b, groupStart, groupEnd, (byte) ':');
        int levelStart = colon >= 0 ? colon + 1 : groupStart;
        if (groupEnd < 0
                || !isModule(b, groupStart, colon >= 0 ? colon : groupStart)
                || !isLevel(b, levelStart, groupEnd)) {
            failure = "no level like '[error]' or '[core:error]' after the timestamp";
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
        if (colon > groupStart) {
            event.putExtra("module", Bytes.text(b, groupStart, colon));
        }
        event.setSpan(Field.LEVEL, levelStart, groupEnd);
        boolean withPorts = colon >= 0;
        int pos = groupEnd + 1;
        for (int next; (next = bindNext(event, b, pos, end, withPorts)) >= 0; ) {
            pos = next;
        }
        int messageStart = pos < end && b[pos] == ' ' ? pos + 1 : pos;
        int referer = lastIndexOf(b, messageStart, end, REFERER);
        if (referer >= 0) {
            event.setSpan(Field.REFERRER, referer + REFERER.length(), end);
        }
        event.setSpan(Field.MESSAGE, messageStart, referer >= 0 ? referer : end);
        return event;
    }

    /** Binds the group or OS error at pos; returns the index after it, or -1 when none is there. */
    private static int bindNext(LogEvent event, byte[] b, int pos, int end, boolean withPorts) {
        int close = groupEnd(b, pos, end);
        if (close >= 0 && bindGroup(event, b, pos + 2, close, withPorts)) {
            return close + 1;
        }
        close = osErrorEnd(b, pos, end);
        if (close >= 0) {
            event.putExtra("osError", Bytes.text(b, pos + 1, close));
            return close + 1;
        }
        return -1;
    }

    /**
     * For 2.4's OS error {@code " (13)Permission denied:"} before a group at pos: the index of its
     * colon, else -1.
     */
    private static int osErrorEnd(byte[] b, int pos, int end) {
        if (pos + 3 >= end || b[pos] != ' ' || b[pos + 1] != '(' || !Bytes.isDigit(b[pos + 2])) {
            return -1;
        }
        for (int i = pos + 2; i + 2 < end; i++) {
            if (b[i] == ':' && b[i + 1] == ' ' && b[i + 2] == '[') {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] b, int start, int end, String text) {
        for (int i = end - text.length(); i >= start; i--) {
            if (Bytes.startsWith(b, i, end, text)) {
                return i;
            }
        }
        return -1;
    }

    /** For a group {@code " [...]"} at pos: the index of its {@code ]}, else -1. */
    private static int groupEnd(byte[] b, int pos, int end) {
        if (pos + 2 >= end || b[pos] != ' ' || b[pos + 1] != '[') {
            return -1;
        }
        return Bytes.indexOf(b, pos + 2, end, (byte) ']');
    }

    private static boolean isLevel(byte[] b, int start, int end) {
        for (String level : LEVELS) {
            if (end - start == level.length() && Bytes.startsWith(b, start, end, level)) {
                return true;
            }
        }
        return false;
    }

    /** A module name like {@code proxy_fcgi}; empty for 2.4's {@code [:error]}. */
    private static boolean isModule(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (!((c >= 'a' && c <= 'z') || Bytes.isDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** Takes a {@code pid}, {@code client} or {@code remote} group; false for anything else. */
    private static boolean bindGroup(
            LogEvent event, byte[] b, int start, int end, boolean withPorts) {
        if (Bytes.startsWith(b, start, end, "pid ")) {
            int colon = Bytes.indexOf(b, start + 4, end, (byte) ':');
            int pidEnd = colon < 0 ? end : colon;
            if (!Bytes.isNumber(b, start + 4, pidEnd)) {
                return false;
            }
            event.setPid(Bytes.number(b, start + 4, pidEnd));
            if (colon >= 0 && Bytes.startsWith(b, colon + 1, end, "tid ")) {
                event.putExtra("tid", Bytes.text(b, colon + 5, end));
            }
            return true;
        }
        if (Bytes.startsWith(b, start, end, "client ")) {
            event.setSpan(Field.CLIENT, start + 7, withoutPort(b, start + 7, end, withPorts));
            return true;
        }
        if (Bytes.startsWith(b, start, end, "remote ")) {
            event.putExtra("remote", Bytes.text(b, start + 7, end));
            return true;
        }
        return false;
    }

    /**
     * End of an address without its {@code :port}: the last colon's when every address has a port,
     * else only a single colon's (an IPv6 address without a port has several).
     */
    private static int withoutPort(byte[] b, int start, int end, boolean withPorts) {
        int colon = -1;
        int colons = 0;
        for (int i = start; i < end; i++) {
            if (b[i] == ':') {
                colon = i;
                colons++;
            }
        }
        boolean port = withPorts ? colons > 0 : colons == 1;
        return port && Bytes.isNumber(b, colon + 1, end) ? colon : end;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
