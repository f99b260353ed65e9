package dev.logslice.format.regex;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.layout.RequestLine;
import dev.logslice.format.time.FlexibleTimestamps;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampPattern;
import dev.logslice.format.time.TimestampValue;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses lines with a regex anchored at the line start. The line is matched as ISO-8859-1, one char
 * per byte, so group bounds are byte offsets and fields stay spans of the line's UTF-8 bytes.
 */
final class RegexParser implements LogParser {
    private final List<String> groups;
    private final Matcher matcher;
    private final LocalTimeResolver time;
    @Nullable private final TimestampPattern timeFormat;
    private final TimestampValue timestamp = new TimestampValue();
    private String failure = "";

    RegexParser(
            Pattern pattern,
            List<String> groups,
            @Nullable TimestampPattern timeFormat,
            ParserContext context) {
        this.groups = groups;
        this.timeFormat = timeFormat;
        this.matcher = pattern.matcher("");
        this.time = new LocalTimeResolver(context);
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        matcher.reset(new String(b, start, length, StandardCharsets.ISO_8859_1));
        if (!matcher.lookingAt()) {
            failure = "does not match the regex " + matcher.pattern();
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        for (String group : groups) {
            int groupStart = matcher.start(group);
            if (groupStart >= 0
                    && !bind(event, group, b, start + groupStart, start + matcher.end(group))) {
                failure = "the group '" + group + "' holds no " + group;
                return null;
            }
        }
        return event;
    }

    /** Puts a group's value into the event; false when it cannot be read as its field. */
    private boolean bind(LogEvent event, String group, byte[] b, int start, int end) {
        Field field = Field.byJsonName(group);
        if (group.equals("request")) {
            RequestLine.bind(event, b, start, end);
            return true;
        }
        if (field == null || field == Field.EXTRA || field == Field.FILE || field == Field.OFFSET) {
            event.putExtra(group, Bytes.text(b, start, end));
            return true;
        }
        switch (field.kind()) {
            case STRING:
                event.setSpan(field, start, end);
                return true;
            case TIMESTAMP:
                if (!parseTime(b, start, end)) {
                    return false;
                }
                event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
                return true;
            case DECIMAL:
                try {
                    event.setRequestTime(Double.parseDouble(Bytes.text(b, start, end)));
                    return true;
                } catch (NumberFormatException e) {
                    return false;
                }
            default:
                return setInteger(event, field, b, start, end);
        }
    }

    /** The whole group read as a timestamp into {@link #timestamp}. */
    private boolean parseTime(byte[] b, int start, int end) {
        return timeFormat == null
                ? FlexibleTimestamps.parse(b, start, end, time, timestamp)
                : timeFormat.parse(b, start, end, time, timestamp) == end;
    }

    private static boolean setInteger(LogEvent event, Field field, byte[] b, int start, int end) {
        if (field == Field.BYTES && end - start == 1 && b[start] == '-') {
            event.setNull(Field.BYTES);
            return true;
        }
        if (!Bytes.isNumber(b, start, end)) {
            return false;
        }
        event.setInteger(field, Bytes.number(b, start, end));
        return true;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
