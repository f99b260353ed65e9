package dev.logslice.format.logfmt;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.json.JsonFieldMapping;
import dev.logslice.format.json.JsonLevels;
import dev.logslice.format.time.FlexibleTimestamps;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampValue;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Parses a logfmt line: pairs {@code key=value} or {@code key="quoted \"value\""} and bare keys
 * (read as {@code true}), separated by blanks. A line is logfmt when it starts with a pair and has
 * at least two, so prose with an {@code a=b} in it is not; a quote inside a bare value, an unclosed
 * quote or a control character makes the line malformed. Of the keys that fill one field the most
 * preferred wins; the others, like every unmapped key, go to {@code extra} as text.
 */
final class LogfmtParser implements LogParser {
    private static final int MIN_PAIRS = 2;

    private final JsonFieldMapping mapping;
    private final LocalTimeResolver time;
    private final TimestampValue timestamp = new TimestampValue();

    /** Per token of the current line: key and value bounds, -1 as value start for a bare key. */
    private int[] keyStart = new int[16];

    private int[] keyEnd = new int[16];
    private int[] valueStart = new int[16];
    private int[] valueEnd = new int[16];
    private boolean[] escaped = new boolean[16];
    private int tokens;

    /** The key strings of the last lines, by position: a program writes its keys in one order. */
    private String[] keyNames = new String[16];

    /** The token that set each field, and the rank of its key. */
    private final int[] fieldToken = new int[Field.values().length];

    private final int[] fieldRank = new int[Field.values().length];
    private byte[] unescaped = new byte[256];
    private int unescapedLength;
    private String failure = "";

    LogfmtParser(JsonFieldMapping mapping, ParserContext context) {
        this.mapping = mapping;
        this.time = new LocalTimeResolver(context);
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        if (!tokenize(b, start, start + length)) {
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        Arrays.fill(fieldToken, -1);
        Arrays.fill(fieldRank, Integer.MAX_VALUE);
        for (int t = 0; t < tokens; t++) {
            String key = keyName(b, t);
            Field field = valueStart[t] < 0 ? null : mapping.fieldOf(key);
            if (field != null
                    && mapping.rankOf(key) < fieldRank[field.ordinal()]
                    && setField(event, field, b, t)) {
                fieldToken[field.ordinal()] = t;
                fieldRank[field.ordinal()] = mapping.rankOf(key);
            }
        }
        for (int t = 0; t < tokens; t++) {
            if (!holdsField(t)) {
                event.putExtra(keyNames[t], valueStart[t] < 0 ? Boolean.TRUE : text(b, t));
            }
        }
        return event;
    }

    /** Finds the tokens of {@code b[start, end)}; false, with the reason, when it is no logfmt. */
    private boolean tokenize(byte[] b, int start, int end) {
        tokens = 0;
        int pairs = 0;
        int pos = skipBlanks(b, start, end);
        while (pos < end) {
            int keyFrom = pos;
            while (pos < end && isKeyByte(b[pos])) {
                pos++;
            }
            if (pos == keyFrom) {
                return fail("a value without a key at column " + (pos - start));
            }
            int keyTo = pos;
            int from = -1;
            int to = -1;
            boolean hasEscapes = false;
            if (pos < end && b[pos] == '=') {
                pos++;
                if (pos < end && b[pos] == '"') {
                    from = pos + 1;
                    to = Bytes.closingQuote(b, from, end);
                    if (to < 0) {
                        return fail("an unclosed quote at column " + (pos - start));
                    }
                    hasEscapes = Bytes.indexOf(b, from, to, (byte) '\\') >= 0;
                    pos = to + 1;
                } else {
                    from = pos;
                    while (pos < end && isValueByte(b[pos])) {
                        pos++;
                    }
                    to = pos;
                }
                pairs++;
            } else if (tokens == 0) {
                return fail("the line does not start with key=value");
            }
            if (pos < end && b[pos] != ' ' && b[pos] != '\t') {
                return fail("no blank after the value of a key at column " + (pos - start));
            }
            add(keyFrom, keyTo, from, to, hasEscapes);
            pos = skipBlanks(b, pos, end);
        }
        return pairs >= MIN_PAIRS || fail("fewer than " + MIN_PAIRS + " key=value pairs");
    }

    private static int skipBlanks(byte[] b, int pos, int end) {
        while (pos < end && (b[pos] == ' ' || b[pos] == '\t')) {
            pos++;
        }
        return pos;
    }

    /** Keys and bare values: printable, no blank, {@code =} or quote (UTF-8 bytes allowed). */
    private static boolean isKeyByte(byte c) {
        return isValueByte(c) && c != '=';
    }

    /** A bare value may hold {@code =} (an unquoted URL query), never a quote. */
    private static boolean isValueByte(byte c) {
        return (c < 0 || c > ' ') && c != '"' && c != 0x7F;
    }

    private void add(int keyFrom, int keyTo, int from, int to, boolean hasEscapes) {
        if (tokens == keyStart.length) {
            int grown = 2 * tokens;
            keyStart = Arrays.copyOf(keyStart, grown);
            keyEnd = Arrays.copyOf(keyEnd, grown);
            valueStart = Arrays.copyOf(valueStart, grown);
            valueEnd = Arrays.copyOf(valueEnd, grown);
            escaped = Arrays.copyOf(escaped, grown);
            keyNames = Arrays.copyOf(keyNames, grown);
        }
        keyStart[tokens] = keyFrom;
        keyEnd[tokens] = keyTo;
        valueStart[tokens] = from;
        valueEnd[tokens] = to;
        escaped[tokens] = hasEscapes;
        tokens++;
    }

    /** The key of token t, the string of the last line when its bytes are the same. */
    private String keyName(byte[] b, int t) {
        String known = keyNames[t];
        int from = keyStart[t];
        int length = keyEnd[t] - from;
        if (known == null || !sameAscii(known, b, from, length)) {
            known = new String(b, from, length, StandardCharsets.UTF_8);
            keyNames[t] = known;
        }
        return known;
    }

    private static boolean sameAscii(String known, byte[] b, int from, int length) {
        if (known.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (known.charAt(i) != b[from + i]) {
                return false;
            }
        }
        return true;
    }

    private boolean holdsField(int t) {
        for (int token : fieldToken) {
            if (token == t) {
                return true;
            }
        }
        return false;
    }

    /** Sets a field from token t's value; false when the value does not fit the field. */
    private boolean setField(LogEvent event, Field field, byte[] b, int t) {
        int from = valueStart[t];
        int to = valueEnd[t];
        if (escaped[t]) {
            unescape(b, from, to);
            b = unescaped;
            from = 0;
            to = unescapedLength;
        }
        switch (field.kind()) {
            case STRING:
                if (field == Field.LEVEL && to - from <= 2 && Bytes.isNumber(b, from, to)) {
                    String name = JsonLevels.nameOf(Bytes.text(b, from, to));
                    if (name != null) {
                        event.setString(field, name);
                        return true;
                    }
                }
                if (escaped[t]) {
                    event.setString(field, new String(b, from, to - from, StandardCharsets.UTF_8));
                } else {
                    event.setSpan(field, from, to);
                }
                return true;
            case TIMESTAMP:
                if (!FlexibleTimestamps.parse(b, from, to, time, timestamp)) {
                    return false;
                }
                event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
                return true;
            case DECIMAL:
                try {
                    double seconds = Double.parseDouble(Bytes.text(b, from, to));
                    if (!Double.isFinite(seconds)) {
                        return false;
                    }
                    event.setRequestTime(seconds);
                    return true;
                } catch (NumberFormatException e) {
                    return false;
                }
            case INTEGER:
                if (field == Field.BYTES && to - from == 1 && b[from] == '-') {
                    event.setNull(field);
                    return true;
                }
                if (to - from > 15 || !Bytes.isNumber(b, from, to)) {
                    return false;
                }
                event.setInteger(field, Bytes.number(b, from, to));
                return true;
            default:
                return false;
        }
    }

    /** Token t's value as text, its escapes resolved. */
    private String text(byte[] b, int t) {
        if (!escaped[t]) {
            return new String(
                    b, valueStart[t], valueEnd[t] - valueStart[t], StandardCharsets.UTF_8);
        }
        unescape(b, valueStart[t], valueEnd[t]);
        return new String(unescaped, 0, unescapedLength, StandardCharsets.UTF_8);
    }

    /**
     * Resolves the escapes of a quoted value (Go's strconv.Quote: {@code \" \\ \n \r \t \\u} and
     * four hex digits) into {@link #unescaped}; an unknown escape stays as written.
     */
    private void unescape(byte[] b, int from, int to) {
        if (unescaped.length < to - from) {
            unescaped = new byte[Math.max(to - from, 2 * unescaped.length)];
        }
        int n = 0;
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c != '\\' || i + 1 == to) {
                unescaped[n++] = c;
                continue;
            }
            byte next = b[++i];
            switch (next) {
                case 'n' -> unescaped[n++] = '\n';
                case 'r' -> unescaped[n++] = '\r';
                case 't' -> unescaped[n++] = '\t';
                case '"', '\\', '/' -> unescaped[n++] = next;
                case 'u' -> {
                    int code = i + 4 < to ? hex4(b, i + 1) : -1;
                    if (code < 0) {
                        unescaped[n++] = '\\';
                        unescaped[n++] = next;
                    } else {
                        // Four hex digits are at most three UTF-8 bytes, never more than its six.
                        byte[] utf8 = String.valueOf((char) code).getBytes(StandardCharsets.UTF_8);
                        System.arraycopy(utf8, 0, unescaped, n, utf8.length);
                        n += utf8.length;
                        i += 4;
                    }
                }
                default -> {
                    unescaped[n++] = '\\';
                    unescaped[n++] = next;
                }
            }
        }
        unescapedLength = n;
    }

    private static int hex4(byte[] b, int from) {
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(b[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private boolean fail(String reason) {
        failure = reason;
        return false;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
