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

/**
 * Parses Apache httpd error log lines, 2.2 ({@code [Sun Dec 04 04:47:44 2005] [error] [client
 * 1.2.3.4] msg}) and 2.4 ({@code [Fri Sep 09 10:42:29.902022 2011] [core:error] [pid 35708:tid
 * 4328636416] [client 1.2.3.4:5678] AH00128: msg}). The bracketed groups after the level that httpd
 * writes ({@code pid}, {@code client}, {@code remote}) become fields; the rest is the message.
 */
final class ApacheErrorParser implements LogParser {
    private static final TimestampPattern TIME =
            TimestampPattern.of("EEE MMM dd HH:mm:ss.SSSSSS yyyy");

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
        int levelStart = afterTime + 3;
        int levelEnd = groupEnd(b, afterTime + 1, end);
        if (levelEnd < 0 || !isLevel(b, levelStart, levelEnd)) {
            failure = "no level like '[error]' after the timestamp";
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
        int colon = Bytes.indexOf(b, levelStart, levelEnd, (byte) ':');
        if (colon >= 0) {
            event.putExtra("module", Bytes.text(b, levelStart, colon));
        }
        event.setSpan(Field.LEVEL, colon >= 0 ? colon + 1 : levelStart, levelEnd);
        int pos = levelEnd + 1;
        int close;
        while ((close = groupEnd(b, pos, end)) >= 0 && bindGroup(event, b, pos + 2, close)) {
            pos = close + 1;
        }
        event.setSpan(Field.MESSAGE, pos < end && b[pos] == ' ' ? pos + 1 : pos, end);
        return event;
    }

    /** For a group {@code " [...]"} at pos: the index of its {@code ]}, else -1. */
    private static int groupEnd(byte[] b, int pos, int end) {
        if (pos + 2 >= end || b[pos] != ' ' || b[pos + 1] != '[') {
            return -1;
        }
        return Bytes.indexOf(b, pos + 2, end, (byte) ']');
    }

    private static boolean isLevel(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ':' || c == '_')) {
                return false;
            }
        }
        return end > start;
    }

    /** Takes a {@code pid}, {@code client} or {@code remote} group; false for anything else. */
    private static boolean bindGroup(LogEvent event, byte[] b, int start, int end) {
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
            event.setSpan(Field.CLIENT, start + 7, withoutPort(b, start + 7, end));
            return true;
        }
        if (Bytes.startsWith(b, start, end, "remote ")) {
            event.putExtra("remote", Bytes.text(b, start + 7, end));
            return true;
        }
        return false;
    }

    /** End of an address without its {@code :port}; IPv6 addresses (several colons) stay whole. */
    private static int withoutPort(byte[] b, int start, int end) {
        int colon = Bytes.indexOf(b, start, end, (byte) ':');
        boolean single = colon >= 0 && Bytes.indexOf(b, colon + 1, end, (byte) ':') < 0;
        return single && Bytes.isNumber(b, colon + 1, end) ? colon : end;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
