package dev.logslice.format;

import dev.logslice.format.time.IsoTimestamps;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One parsed log event: the common fields of all formats, named as in the JSON output, an {@code
 * extra} map for the rest, and the file and byte offset of the event's first line.
 *
 * <p>The event keeps a copy of its bytes (its text), or, made by {@link #viewing} for a caller that
 * folds it before the next line, views the caller's; a string field is a byte range of that text,
 * decoded as UTF-8 on first access, so parsers pay for the fields consumers read. A field is either
 * absent (the format does not have it), null (the line says so, like {@code -} for bytes), or has a
 * value. Parsers fill an event through the {@code set} methods; it is not thread-safe.
 */
public final class LogEvent implements ParseResult {
    private static final int[] STRING_SLOT = new int[Field.values().length];
    private static final int STRING_SLOTS;
    private static final byte[] NO_TEXT = new byte[0];

    static {
        int slots = 0;
        for (Field field : Field.values()) {
            boolean stored = field.kind() == Field.Kind.STRING && field != Field.FILE;
            STRING_SLOT[field.ordinal()] = stored ? slots++ : -1;
        }
        STRING_SLOTS = slots;
    }

    private String file;
    private long offset;
    private byte[] text;

    /** Where the event's text starts in {@link #text}: 0 but in an event that views a buffer. */
    private int textStart;

    private int textLength;

    /**
     * Whether {@link #text} is the parser's caller's buffer ({@link #viewing}), which the event
     * must never write into.
     */
    private boolean viewsBuffer;

    /**
     * Index in the parser's buffer of {@code text[0]}: lets parsers give spans as they find them.
     */
    private int textOrigin;

    /** Start and end in {@link #text} of each string field given as a span. */
    private final int[] spans = new int[2 * STRING_SLOTS];

    /** Decoded (or directly set) string fields; made on first use, as most events need none. */
    @Nullable private String[] strings;

    private int present;
    private int nulls;
    private long epochSecond;
    private int nanos;
    private int offsetSeconds;
    private int status;
    private long bytes;
    private double requestTime;
    private long pid;
    @Nullable private Map<String, Object> extra;
    private long droppedLines;
    private int lineCount = 1;
    private boolean unfinishedLine;
    private boolean firstLineCut;

    private LogEvent(String file, long offset, byte[] text, int textLength, int textOrigin) {
        this.file = file;
        this.offset = offset;
        this.text = text;
        this.textLength = textLength;
        this.textOrigin = textOrigin;
    }

    /** An event whose text is a copy of {@code buffer[start, start + length)}. */
    public static LogEvent ofLine(String file, long offset, byte[] buffer, int start, int length) {
        return new LogEvent(
                file, offset, Arrays.copyOfRange(buffer, start, start + length), length, start);
    }

    /**
     * An event that views {@code buffer[start, start + length)} instead of copying it, for {@link
     * LogParser#tryParseTransient}: valid until the buffer changes. {@code reused}, an event this
     * method made before and its caller is done with, is made into the new one while it still views
     * a buffer; else (or null) a new one is made.
     */
    public static LogEvent viewing(
            @Nullable LogEvent reused,
            String file,
            long offset,
            byte[] buffer,
            int start,
            int length) {
        // One that took continuation lines owns its text now and is no view to reuse.
        if (reused == null || !reused.viewsBuffer) {
            LogEvent event = new LogEvent(file, offset, buffer, length, 0);
            event.textStart = start;
            event.viewsBuffer = true;
            return event;
        }
        reused.file = file;
        reused.offset = offset;
        reused.text = buffer;
        reused.textStart = start;
        reused.textLength = length;
        if (reused.strings != null) {
            Arrays.fill(reused.strings, null);
        }
        reused.present = 0;
        reused.nulls = 0;
        reused.extra = null;
        reused.droppedLines = 0;
        reused.lineCount = 1;
        reused.unfinishedLine = false;
        reused.firstLineCut = false;
        return reused;
    }

    /** An event without text, for parsers that decode fields themselves (JSON). */
    public static LogEvent withoutText(String file, long offset) {
        return new LogEvent(file, offset, NO_TEXT, 0, 0);
    }

    // ---- filling, for parsers ----

    /** Sets a string field to {@code buffer[start, end)} of the buffer this event was made from. */
    public void setSpan(Field field, int start, int end) {
        int slot = slot(field);
        spans[2 * slot] = start - textOrigin;
        spans[2 * slot + 1] = end - textOrigin;
        if (strings != null) {
            strings[slot] = null;
        }
        markPresent(field);
    }

    /** Sets a string field to a value, or to null. */
    public void setString(Field field, @Nullable String value) {
        int slot = slot(field);
        // A null needs no array: most access log lines have a "-" user, and most events no String.
        if (value != null || strings != null) {
            strings()[slot] = value;
        }
        spans[2 * slot] = 0;
        spans[2 * slot + 1] = -1;
        if (value == null) {
            markNull(field);
        } else {
            markPresent(field);
        }
    }

    /** Marks a field as present with a null value (a {@code -} in an access log). */
    public void setNull(Field field) {
        if (field.kind() == Field.Kind.STRING) {
            setString(field, null);
        } else {
            markNull(field);
        }
    }

    public void setTimestamp(long epochSecond, int nanos, int offsetSeconds) {
        this.epochSecond = epochSecond;
        this.nanos = nanos;
        this.offsetSeconds = offsetSeconds;
        markPresent(Field.TIMESTAMP);
    }

    public void setStatus(int status) {
        this.status = status;
        markPresent(Field.STATUS);
    }

    public void setBytes(long bytes) {
        this.bytes = bytes;
        markPresent(Field.BYTES);
    }

    public void setRequestTime(double seconds) {
        this.requestTime = seconds;
        markPresent(Field.REQUEST_TIME);
    }

    public void setPid(long pid) {
        this.pid = pid;
        markPresent(Field.PID);
    }

    /** Sets an integer field: status (capped to an int), bytes or pid. */
    public void setInteger(Field field, long value) {
        switch (field) {
            case STATUS:
                setStatus((int) Math.min(Integer.MAX_VALUE, value));
                break;
            case BYTES:
                setBytes(value);
                break;
            case PID:
                setPid(value);
                break;
            default:
                throw new IllegalArgumentException(field + " is not an integer field");
        }
    }

    /** Adds an entry to the {@code extra} map; values are String, Long, Double, Boolean or null. */
    public void putExtra(String key, @Nullable Object value) {
        if (extra == null) {
            extra = new LinkedHashMap<>();
        }
        extra.put(key, value);
    }

    /** Takes an entry out of the {@code extra} map; returns its value, or null. */
    @Nullable
    public Object removeExtra(String key) {
        return extra == null ? null : extra.remove(key);
    }

    /**
     * Appends a continuation line (a stack trace line, say) to the text and the message, joined by
     * a line feed. An event that would grow past {@code maxLines} lines or {@code maxTextBytes}
     * bytes of text is cut: that line and all later ones are counted in {@link #lineCount()} and in
     * {@code extra.droppedLines} instead.
     */
    public void appendLine(byte[] buffer, int start, int length, int maxLines, int maxTextBytes) {
        append(buffer, start, length, maxLines, maxTextBytes, true);
    }

    /**
     * Appends the rest of the event's unfinished last line ({@link #hasUnfinishedLine()}), the next
     * line of the file, without a line feed; bounded and counted as {@link #appendLine}.
     */
    public void appendRest(byte[] buffer, int start, int length, int maxLines, int maxTextBytes) {
        append(buffer, start, length, maxLines, maxTextBytes, false);
    }

    private void append(
            byte[] buffer, int start, int length, int maxLines, int maxTextBytes, boolean newLine) {
        lineCount++;
        int separator = newLine ? 1 : 0;
        // Once a line is dropped all later ones are, so the kept text has no holes.
        if (droppedLines > 0
                || lineCount > maxLines
                || textLength + separator + length > maxTextBytes) {
            putExtra("droppedLines", ++droppedLines);
            return;
        }
        if (viewsBuffer) {
            ownText();
        }
        int oldLength = textLength;
        int needed = textLength + separator + length;
        if (needed > text.length) {
            text = Arrays.copyOf(text, Math.max(needed, Math.min(2 * text.length, maxTextBytes)));
        }
        if (newLine) {
            text[textLength] = '\n';
        }
        System.arraycopy(buffer, start, text, textLength + separator, length);
        textLength = needed;
        int slot = slot(Field.MESSAGE);
        if (!hasValue(Field.MESSAGE)) {
            spans[2 * slot] = oldLength + separator;
            spans[2 * slot + 1] = textLength;
            markPresent(Field.MESSAGE);
        } else if (spans[2 * slot + 1] == oldLength) {
            spans[2 * slot + 1] = textLength;
            strings()[slot] = null;
        } else {
            String continuation = new String(buffer, start, length, StandardCharsets.UTF_8);
            setString(Field.MESSAGE, message() + (newLine ? "\n" : "") + continuation);
        }
    }

    /**
     * Ends a message of several lines at its last line that is not blank: Elixir's console writes a
     * blank line before each event, and a stack trace may end in one, which belong to no message.
     * The lines stay in the text and in {@link #lineCount()}.
     */
    public void dropTrailingBlankLines() {
        if (lineCount < 2 || !hasValue(Field.MESSAGE)) {
            return;
        }
        int slot = slot(Field.MESSAGE);
        if (spans[2 * slot + 1] >= 0) {
            int start = spans[2 * slot];
            int end = spans[2 * slot + 1];
            int kept = end;
            int lineFeed;
            while ((lineFeed = Bytes.lastIndexOf(text, start, kept, (byte) '\n')) >= 0
                    && Bytes.isBlank(text, lineFeed + 1, kept)) {
                kept = lineFeed;
            }
            if (kept < end) {
                spans[2 * slot + 1] = kept;
                if (strings != null) {
                    strings[slot] = null;
                }
            }
            return;
        }
        String message = strings[slot];
        int kept = message.length();
        int lineFeed;
        while ((lineFeed = message.lastIndexOf('\n', kept - 1)) >= 0
                && message.substring(lineFeed + 1, kept).isBlank()) {
            kept = lineFeed;
        }
        if (kept < message.length()) {
            strings[slot] = message.substring(0, kept);
        }
    }

    /** Makes the viewed text the event's own copy, to append to: spans then count from 0. */
    private void ownText() {
        text = Arrays.copyOfRange(text, textStart, textStart + textLength);
        for (int slot = 0; slot < STRING_SLOTS; slot++) {
            if (spans[2 * slot + 1] >= 0) {
                spans[2 * slot] -= textStart;
                spans[2 * slot + 1] -= textStart;
            }
        }
        textOrigin += textStart;
        textStart = 0;
        viewsBuffer = false;
    }

    /**
     * Marks the event's last line as unfinished: the program's line goes on in the next line of the
     * file (Kubernetes CRI's {@code P} tag, written for lines over 16 KiB).
     */
    public void setUnfinishedLine(boolean unfinished) {
        unfinishedLine = unfinished;
    }

    public boolean hasUnfinishedLine() {
        return unfinishedLine;
    }

    /**
     * Marks the event's first line as cut short by the runtime: its text is whole only once the
     * rest is appended ({@link #appendRest}), so fields of the program's line wait for it.
     */
    public void setFirstLineCut(boolean cut) {
        firstLineCut = cut;
    }

    public boolean isFirstLineCut() {
        return firstLineCut;
    }

    // ---- reading ----

    /** How many lines of the file this event is made of, dropped ones included. */
    public int lineCount() {
        return lineCount;
    }

    /** Whether the event grew past its bounds and lost lines ({@link #appendLine}). */
    public boolean isCut() {
        return droppedLines > 0;
    }

    @Override
    public String file() {
        return file;
    }

    @Override
    public long offset() {
        return offset;
    }

    /** Whether the format gave this field (its value may still be null). */
    public boolean has(Field field) {
        return field == Field.FILE
                || field == Field.OFFSET
                || (field == Field.EXTRA
                        ? extra != null
                        : ((present | nulls) & (1 << field.ordinal())) != 0);
    }

    /** Whether the field is present with a value (not null, not absent). */
    public boolean hasValue(Field field) {
        return has(field) && (nulls & (1 << field.ordinal())) == 0;
    }

    /** The value of any field as a String, Long, Double, OffsetDateTime or Map; null if none. */
    @Nullable
    public Object value(Field field) {
        if (!hasValue(field)) {
            return null;
        }
        switch (field.kind()) {
            case STRING:
                return field == Field.FILE ? file : string(field);
            case TIMESTAMP:
                return timestamp();
            case DECIMAL:
                return requestTime;
            case MAP:
                return extra();
            default:
                return integer(field);
        }
    }

    /** A string field's value, decoded on first access; null when absent or null. */
    @Nullable
    public String string(Field field) {
        int slot = slot(field);
        String value = strings == null ? null : strings[slot];
        if (value == null && (present & (1 << field.ordinal())) != 0) {
            int start = spans[2 * slot];
            value = new String(text, start, spans[2 * slot + 1] - start, StandardCharsets.UTF_8);
            strings()[slot] = value;
        }
        return value;
    }

    /**
     * Points {@code out} at a string field's UTF-8 bytes: the event's own text when the parser gave
     * a span, else the value encoded.
     *
     * @return false, leaving {@code out} as it was, when the field has no value
     */
    public boolean span(Field field, ByteSpan out) {
        if (!hasValue(field)) {
            return false;
        }
        int slot = slot(field);
        if (spans[2 * slot + 1] >= 0) {
            out.set(text, spans[2 * slot], spans[2 * slot + 1]);
        } else {
            out.set(strings[slot]);
        }
        return true;
    }

    /** A whole-number field's value (status, bytes, pid, offset), without a box; 0 when absent. */
    public long integer(Field field) {
        switch (field) {
            case STATUS:
                return status;
            case BYTES:
                return bytes;
            case PID:
                return pid;
            case OFFSET:
                return offset;
            default:
                throw new IllegalArgumentException(field + " is not an integer field");
        }
    }

    @Nullable
    public OffsetDateTime timestamp() {
        if (!hasValue(Field.TIMESTAMP)) {
            return null;
        }
        ZoneOffset zone = ZoneOffset.ofTotalSeconds(offsetSeconds);
        return OffsetDateTime.ofInstant(Instant.ofEpochSecond(epochSecond, nanos), zone);
    }

    /** The timestamp as ISO-8601 with offset, like {@code 2015-10-25T04:11:25+01:00}. */
    @Nullable
    public String timestampText() {
        return hasValue(Field.TIMESTAMP)
                ? IsoTimestamps.format(epochSecond, nanos, offsetSeconds)
                : null;
    }

    /** Seconds since the epoch of the timestamp; 0 when there is none. */
    public long epochSecond() {
        return epochSecond;
    }

    public int nanos() {
        return nanos;
    }

    /** The offset from UTC the line's timestamp was written in. */
    public int offsetSeconds() {
        return offsetSeconds;
    }

    @Nullable
    public String level() {
        return string(Field.LEVEL);
    }

    @Nullable
    public String client() {
        return string(Field.CLIENT);
    }

    @Nullable
    public String user() {
        return string(Field.USER);
    }

    @Nullable
    public String method() {
        return string(Field.METHOD);
    }

    @Nullable
    public String path() {
        return string(Field.PATH);
    }

    @Nullable
    public String protocol() {
        return string(Field.PROTOCOL);
    }

    /** The HTTP status; 0 when absent. */
    public int status() {
        return status;
    }

    /** The response size; 0 when absent or null (see {@link #hasValue}). */
    public long bytes() {
        return bytes;
    }

    @Nullable
    public String referrer() {
        return string(Field.REFERRER);
    }

    @Nullable
    public String userAgent() {
        return string(Field.USER_AGENT);
    }

    /** Seconds the request took; 0 when absent. */
    public double requestTime() {
        return requestTime;
    }

    @Nullable
    public String host() {
        return string(Field.HOST);
    }

    @Nullable
    public String program() {
        return string(Field.PROGRAM);
    }

    /** The process id; 0 when absent. */
    public long pid() {
        return pid;
    }

    @Nullable
    public String thread() {
        return string(Field.THREAD);
    }

    @Nullable
    public String logger() {
        return string(Field.LOGGER);
    }

    @Nullable
    public String message() {
        return string(Field.MESSAGE);
    }

    /** The fields without a place of their own; empty when none. */
    public Map<String, Object> extra() {
        return extra == null ? Collections.emptyMap() : Collections.unmodifiableMap(extra);
    }

    /** Whether a string field is a span of the text that holds only ASCII (no decoding needed). */
    boolean isAsciiSpan(Field field) {
        int slot = slot(field);
        if ((strings != null && strings[slot] != null) || spans[2 * slot + 1] < 0) {
            return false;
        }
        for (int i = spans[2 * slot]; i < spans[2 * slot + 1]; i++) {
            if (text[i] < 0) {
                return false;
            }
        }
        return true;
    }

    byte[] text() {
        return text;
    }

    /**
     * Points {@code out} at the event's lines as read, joined by line feeds; empty for an event
     * made without text (a JSON line's fields are decoded straight from the line).
     */
    public void text(ByteSpan out) {
        out.set(text, textStart, textStart + textLength);
    }

    int spanStart(Field field) {
        return spans[2 * slot(field)];
    }

    int spanEnd(Field field) {
        return spans[2 * slot(field) + 1];
    }

    private String[] strings() {
        if (strings == null) {
            strings = new String[STRING_SLOTS];
        }
        return strings;
    }

    private void markPresent(Field field) {
        present |= 1 << field.ordinal();
        nulls &= ~(1 << field.ordinal());
    }

    private void markNull(Field field) {
        nulls |= 1 << field.ordinal();
        present &= ~(1 << field.ordinal());
    }

    private static int slot(Field field) {
        int slot = STRING_SLOT[field.ordinal()];
        if (slot < 0) {
            throw new IllegalArgumentException(field + " is not a string field");
        }
        return slot;
    }

    @Override
    public String toString() {
        return file
                + ":"
                + offset
                + ": "
                + new String(text, textStart, textLength, StandardCharsets.UTF_8);
    }
}
