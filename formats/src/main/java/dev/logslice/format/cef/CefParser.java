package dev.logslice.format.cef;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.time.FlexibleTimestamps;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampPattern;
import dev.logslice.format.time.TimestampValue;
import dev.logslice.format.time.ZoneNames;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Parses a CEF line: the seven {@code |}-separated header fields ({@code \|} and {@code \\}
 * escaped) and the extension's {@code key=value} pairs, whose values run to the next {@code key=}
 * and may hold blanks ({@code \=}, {@code \\}, {@code \n} escaped). Text before {@code CEF:} must
 * be a syslog header, which gives the host and a time. The name is the message, the device product
 * the program, the severity (0-10 or Low, Medium, High, Very-High) the level; {@code rt} (or else
 * {@code end}), in epoch milliseconds or a date like {@code Jan 02 2024 03:04:05.678 UTC}, is the
 * time; {@code src} the client, {@code suser} the user, {@code requestMethod} the method, {@code
 * dvchost} the host without a syslog header. The other header fields and keys go to {@code extra}.
 */
final class CefParser implements LogParser {
    /** The header fields before the severity; the product and name are the program and message. */
    private static final String[] HEADER_KEYS = {
        "cefVersion", "deviceVendor", "deviceProduct", "deviceVersion", "signatureId", "name"
    };

    private static final int PRODUCT = 2;
    private static final int NAME = 5;
    private static final TimestampPattern[] DATES = {
        TimestampPattern.of("MMM d yyyy HH:mm:ss.SSS"), TimestampPattern.of("MMM d HH:mm:ss.SSS")
    };

    private final LogParser syslog;
    private final LocalTimeResolver time;
    private final TimestampValue timestamp = new TimestampValue();
    private final int[] header = new int[2 * 7];
    private byte[] unescaped = new byte[256];
    private String failure = "";

    CefParser(LogParser syslog, ParserContext context) {
        this.syslog = syslog;
        this.time = new LocalTimeResolver(context);
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        int end = start + length;
        int cef = cefStart(b, start, end);
        if (cef < 0) {
            return fail("no CEF: header");
        }
        LogEvent event;
        if (cef == start) {
            event = LogEvent.ofLine(file, offset, b, start, length);
        } else {
            event = syslog.tryParse(b, start, length, file, offset);
            if (event == null) {
                return fail("the text before CEF: is no syslog header: " + syslog.failureReason());
            }
        }
        int pos = cef + 4;
        for (int field = 0; field < 7; field++) {
            int bar = unescaped(b, pos, end, (byte) '|');
            if (bar < 0) {
                return fail("a CEF header of " + field + " of its 7 fields");
            }
            header[2 * field] = pos;
            header[2 * field + 1] = bar;
            pos = bar + 1;
        }
        if (!Bytes.isNumber(b, header[0], header[1])) {
            return fail("the CEF version is no number");
        }
        String severity = text(b, header[12], header[13]).strip();
        String level = level(severity);
        if (level == null) {
            return fail(
                    "the severity '"
                            + severity
                            + "' is none of 0-10, Low, Medium, High, Very-High");
        }
        for (int field = 0; field < HEADER_KEYS.length; field++) {
            String value = text(b, header[2 * field], header[2 * field + 1]);
            switch (field) {
                case PRODUCT -> event.setString(Field.PROGRAM, value);
                case NAME -> event.setString(Field.MESSAGE, value);
                default -> event.putExtra(HEADER_KEYS[field], value);
            }
        }
        event.putExtra("severity", severity);
        if (!level.isEmpty()) {
            event.setString(Field.LEVEL, level);
        }
        return readExtension(event, b, pos, start, end) ? event : null;
    }

    /** Where {@code CEF:} and a digit start the line or follow a blank; -1 if nowhere. */
    private static int cefStart(byte[] b, int start, int end) {
        for (int i = start; i + 4 < end; i++) {
            if ((i == start || b[i - 1] == ' ')
                    && b[i] == 'C'
                    && Bytes.startsWith(b, i, end, "CEF:")
                    && Bytes.isDigit(b[i + 4])) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the first {@code c} at or after pos that no backslash escapes, or -1. */
    private static int unescaped(byte[] b, int pos, int end, byte c) {
        for (int i = pos; i < end; i++) {
            if (b[i] == '\\') {
                i++;
            } else if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The level of a CEF severity, "" for Unknown, null for none of CEF's. */
    @Nullable
    private static String level(String severity) {
        if (!severity.isEmpty()
                && severity.length() <= 2
                && severity.chars().allMatch(Character::isDigit)) {
            int value = Integer.parseInt(severity);
            if (value > 10) {
                return null;
            }
            return value <= 3 ? "info" : value <= 6 ? "warning" : value <= 8 ? "error" : "critical";
        }
        switch (severity.toLowerCase(Locale.ROOT)) {
            case "low":
                return "info";
            case "medium":
                return "warning";
            case "high":
                return "error";
            case "very-high":
                return "critical";
            case "unknown":
                return "";
            default:
                return null;
        }
    }

    private boolean readExtension(LogEvent event, byte[] b, int pos, int lineStart, int end) {
        boolean timeFromRt = false;
        pos = Bytes.skipSpaces(b, pos, end);
        while (pos < end) {
            int equals = unescaped(b, pos, end, (byte) '=');
            if (equals < 0 || !isKey(b, pos, equals)) {
                failure = "extension text that is no key=value at column " + (pos - lineStart);
                return false;
            }
            int valueStart = equals + 1;
            int next = end;
            for (int search = valueStart; ; ) {
                int nextEquals = unescaped(b, search, end, (byte) '=');
                if (nextEquals < 0) {
                    break;
                }
                int keyStart = nextEquals;
                while (keyStart > valueStart && isKeyByte(b[keyStart - 1])) {
                    keyStart--;
                }
                if (keyStart > valueStart && keyStart < nextEquals && b[keyStart - 1] == ' ') {
                    next = keyStart;
                    break;
                }
                search = nextEquals + 1;
            }
            int valueEnd = next;
            while (valueEnd > valueStart && b[valueEnd - 1] == ' ') {
                valueEnd--;
            }
            String key = Bytes.text(b, pos, equals);
            String value = text(b, valueStart, valueEnd);
            switch (key) {
                case "rt", "end" -> {
                    boolean wanted = key.equals("rt") || !timeFromRt;
                    if (wanted && parseTime(b, valueStart, valueEnd)) {
                        event.setTimestamp(
                                timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
                        timeFromRt |= key.equals("rt");
                    } else {
                        event.putExtra(key, value);
                    }
                }
                case "src" -> event.setString(Field.CLIENT, value);
                case "suser" -> event.setString(Field.USER, value);
                case "requestMethod" -> event.setString(Field.METHOD, value);
                case "dvchost" -> {
                    if (event.hasValue(Field.HOST)) {
                        event.putExtra(key, value);
                    } else {
                        event.setString(Field.HOST, value);
                    }
                }
                default -> event.putExtra(key, value);
            }
            pos = next;
        }
        return true;
    }

    private static boolean isKey(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (!isKeyByte(b[i])) {
                return false;
            }
        }
        return end > start;
    }

    private static boolean isKeyByte(byte c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || Bytes.isDigit(c)
                || c == '_'
                || c == '.'
                || c == '-'
                || c == '['
                || c == ']';
    }

    /** Epoch milliseconds, or a CEF date with an optional zone name after it. */
    private boolean parseTime(byte[] b, int start, int end) {
        if (end > start && Bytes.isDigit(b[start])) {
            return FlexibleTimestamps.parse(b, start, end, time, timestamp);
        }
        for (TimestampPattern date : DATES) {
            int after = date.parse(b, start, end, time, timestamp);
            if (after == end) {
                return true;
            }
            if (after > start && after < end && b[after] == ' ') {
                int zone = ZoneNames.offsetSeconds(b, after + 1, end);
                if (zone != ZoneNames.UNKNOWN) {
                    ZoneNames.atOffset(timestamp, zone);
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code b[start, end)} as text, its backslash escapes resolved. */
    private String text(byte[] b, int start, int end) {
        if (Bytes.indexOf(b, start, end, (byte) '\\') < 0) {
            return new String(b, start, end - start, StandardCharsets.UTF_8);
        }
        if (unescaped.length < end - start) {
            unescaped = new byte[Math.max(end - start, 2 * unescaped.length)];
        }
        int n = 0;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (c == '\\' && i + 1 < end) {
                byte next = b[++i];
                unescaped[n++] = next == 'n' ? (byte) '\n' : next == 'r' ? (byte) '\r' : next;
            } else {
                unescaped[n++] = c;
            }
        }
        return new String(unescaped, 0, n, StandardCharsets.UTF_8);
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
