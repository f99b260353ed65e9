package dev.logslice.format.syslog;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.FileStart;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.RepeatedTimestamp;
import dev.logslice.format.time.TimestampPattern;
import dev.logslice.format.time.TimestampValue;
import dev.logslice.format.time.ZoneNames;

import javax.annotation.Nullable;

/**
 * Parses syslog lines: RFC 3164 ({@code Jun 4 15:16:01 host prog[123]: msg}, with an optional
 * {@code <PRI>}, space-padded days, a fraction of seconds as journalctl's short-precise writes, and
 * the year inferred from the reference time, or an RFC 3339 timestamp as rsyslog writes) and RFC
 * 5424 ({@code <165>1 2003-10-11T22:14:15.003Z host app procid msgid [sd] msg}, the structured
 * data's parameters into {@code extra}). The severity of a {@code <PRI>} becomes the level.
 */
final class SyslogParser implements LogParser {
    private static final TimestampPattern BSD_TIME = TimestampPattern.of("MMM d HH:mm:ss.SSSSSS");
    private static final TimestampPattern ISO_TIME =
            TimestampPattern.strict("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX");
    private static final TimestampPattern EPOCH_TIME = TimestampPattern.epochSeconds();

    /** journalctl's short-full: {@code Mon 2024-01-15 10:20:30 UTC}, the zone read apart. */
    private static final TimestampPattern FULL_TIME =
            TimestampPattern.of("EEE yyyy-MM-dd HH:mm:ss.SSSSSS");

    /** Integer digits of an epoch second from 2001 on: shorter numbers start no syslog line. */
    private static final int EPOCH_DIGITS = 10;

    /** {@code [ 12345678.123456]}: the longest uptime read, with its padding. */
    private static final int MAX_UPTIME_LENGTH = 32;

    /** {@code -- Boot 3f5a... --}: the shortest marker, {@code -- X --}. */
    private static final int MIN_MARKER_LENGTH = 7;

    private final LocalTimeResolver time;
    private final TimestampValue timestamp = new TimestampValue();
    private final RepeatedTimestamp lastTime = new RepeatedTimestamp();
    private String failure = "";

    SyslogParser(LocalTimeResolver time) {
        this.time = time;
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        int end = start + length;
        if (isJournalMarker(b, start, end)) {
            // journalctl writes these between boots and at the ends of its output: no entry, but
            // a line of the log worth keeping (where a boot starts), so an untimed event.
            LogEvent marker = LogEvent.ofLine(file, offset, b, start, length);
            marker.setSpan(Field.MESSAGE, start, end);
            return marker;
        }
        int pos = start;
        int priority = -1;
        if (pos < end && b[pos] == '<') {
            int close = Bytes.indexOf(b, pos + 1, Math.min(end, pos + 5), (byte) '>');
            if (close < 0
                    || !Bytes.isNumber(b, pos + 1, close)
                    || Bytes.number(b, pos + 1, close) > SyslogPriority.MAX) {
                failure = "invalid <priority>";
                return null;
            }
            priority = (int) Bytes.number(b, pos + 1, close);
            pos = close + 1;
        }
        if (priority < 0 && pos < end && b[pos] == '[') {
            return parseMonotonic(b, start, pos, end, file, offset);
        }
        boolean rfc5424 = pos + 1 < end && b[pos] >= '1' && b[pos] <= '9' && b[pos + 1] == ' ';
        // RFC 5424's nil time: a sender without a clock, whose message is still one. Only after a
        // priority: "1 - " alone starts many a line of text.
        boolean untimed =
                rfc5424 && priority >= 0 && pos + 3 < end && b[pos + 2] == '-' && b[pos + 3] == ' ';
        int afterTime =
                untimed ? pos + 4 : rfc5424 ? parseTime(b, pos + 2, end) : parseTime(b, pos, end);
        if (afterTime < 0) {
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        if (!untimed) {
            event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
        }
        if (priority >= 0) {
            event.setString(Field.LEVEL, SyslogPriority.severity(priority));
            event.putExtra("facility", SyslogPriority.facility(priority));
        }
        boolean isoStamped = !rfc5424 && Bytes.isDigit(b[pos]);
        boolean parsed =
                rfc5424
                        ? parse5424Header(event, b, afterTime, end)
                        : parse3164Header(event, b, afterTime, end, isoStamped && priority < 0);
        return parsed ? event : null;
    }

    /**
     * journalctl's short-monotonic: {@code [ 12345.678901] host unit[pid]: message}, the seconds
     * since boot in {@code extra.uptime} and no time. The kernel's own ring buffer looks alike
     * ({@code [ 1.204551] usb 1-1: new device}), so a host and a program with a pid, or the {@code
     * kernel} program, must follow.
     */
    @Nullable
    private LogEvent parseMonotonic(
            byte[] b, int start, int pos, int end, String file, long offset) {
        int close = Bytes.indexOf(b, pos, Math.min(end, pos + MAX_UPTIME_LENGTH), (byte) ']');
        int digits = close < 0 ? -1 : Bytes.skipSpaces(b, pos + 1, close);
        if (close < 0 || !isUptime(b, digits, close) || close + 1 >= end || b[close + 1] != ' ') {
            failure =
                    "no syslog timestamp (like 'Jun  4 15:16:01', or [uptime] of short-monotonic)";
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, end - start);
        event.putExtra("uptime", Bytes.text(b, digits, close));
        if (!parse3164Header(event, b, close + 2, end, true)) {
            return null;
        }
        if (!event.hasValue(Field.HOST)
                || !(event.hasValue(Field.PID) || "kernel".equals(event.program()))) {
            fail(
                    "[uptime] without 'host program[pid]: ' or 'host kernel: ' after it (the"
                            + " kernel's ring buffer, not journalctl's)");
            return null;
        }
        return event;
    }

    /** {@code 12345.678901}: digits, a dot, digits. */
    private static boolean isUptime(byte[] b, int start, int end) {
        int dot = Bytes.indexOf(b, start, end, (byte) '.');
        return dot > start
                && dot < end - 1
                && Bytes.isNumber(b, start, dot)
                && Bytes.isNumber(b, dot + 1, end);
    }

    /** Parses the timestamp at pos; returns the index after it. */
    private int parseTime(byte[] b, int pos, int end) {
        boolean iso = pos < end && Bytes.isDigit(b[pos]);
        boolean full = !iso && isFullTime(b, pos, end);
        TimestampPattern pattern =
                iso
                        ? (isEpochTime(b, pos, end) ? EPOCH_TIME : ISO_TIME)
                        : full ? FULL_TIME : BSD_TIME;
        int after = lastTime.parse(pattern, b, pos, end, time, timestamp);
        if (full && after > 0 && after < end && b[after] == ' ') {
            after = applyZoneName(b, after + 1, end);
        }
        if (after < 0 || after >= end || b[after] != ' ') {
            failure = "no syslog timestamp (" + (iso ? "RFC 3339" : "like 'Jun  4 15:16:01'") + ")";
            return -1;
        }
        return after + 1;
    }

    /** A day's name, then a date: {@code Mon 2024-01-15}. */
    private static boolean isFullTime(byte[] b, int pos, int end) {
        return pos + 9 < end && b[pos + 3] == ' ' && Bytes.isDigit(b[pos + 4]) && b[pos + 8] == '-';
    }

    /**
     * Reads the zone name at {@code pos} (journalctl writes the local zone's abbreviation) and
     * moves the time to its offset; a name of no known offset leaves the time in {@code --zone}.
     * Returns the index after the name.
     */
    private int applyZoneName(byte[] b, int pos, int end) {
        int nameEnd = Bytes.tokenEnd(b, pos, end);
        int offset = ZoneNames.offsetSeconds(b, pos, nameEnd);
        if (offset != ZoneNames.UNKNOWN) {
            ZoneNames.atOffset(timestamp, offset);
        }
        return nameEnd;
    }

    /** {@code 1705314030.123456 }: journalctl's short-unix output, seconds and microseconds. */
    private static boolean isEpochTime(byte[] b, int pos, int end) {
        int digits = pos;
        while (digits < end && Bytes.isDigit(b[digits])) {
            digits++;
        }
        return digits - pos >= EPOCH_DIGITS && digits < end && b[digits] == '.';
    }

    /**
     * A line of journalctl's own between the entries: {@code -- Boot 3f5a... --}, {@code -- Reboot
     * --}, {@code -- No entries --}, {@code -- Logs begin at ..., end at ... --}.
     */
    static boolean isJournalMarker(byte[] b, int start, int end) {
        return end - start >= MIN_MARKER_LENGTH
                && Bytes.startsWith(b, start, end, "-- ")
                && Bytes.startsWith(b, end - 3, end, " --")
                && isLetter(b[start + 3]);
    }

    private static boolean isLetter(byte c) {
        int lower = c | 0x20;
        return lower >= 'a' && lower <= 'z';
    }

    /**
     * @param tagRequired whether the line must have a tag ({@code prog:} or {@code prog[pid]:}): an
     *     RFC 3339 time then words is also what {@code kubectl logs --timestamps} writes, whose
     *     program's first words are no host and program
     */
    private boolean parse3164Header(
            LogEvent event, byte[] b, int pos, int end, boolean tagRequired) {
        int hostEnd = Bytes.tokenEnd(b, pos, end);
        // Some local writers leave out the host: then the first word is already the tag.
        boolean isTag = hostEnd > pos && (b[hostEnd - 1] == ':' || b[hostEnd - 1] == ']');
        if (hostEnd == pos) {
            return fail("no host after the timestamp");
        }
        if (!isTag) {
            event.setSpan(Field.HOST, pos, hostEnd);
            pos = Bytes.skipSpaces(b, hostEnd, end);
        }
        int tagStart = pos;
        int tagEnd = pos;
        boolean alphanumeric = false;
        while (tagEnd < end && b[tagEnd] != ' ' && b[tagEnd] != '[' && b[tagEnd] != ':') {
            alphanumeric |= isWordByte(b[tagEnd]);
            tagEnd++;
        }
        if (!alphanumeric) {
            // RFC 3164's tag is alphanumeric: in "--- last message repeated 1 time ---" (macOS)
            // or "-- MARK --" the dashes start the message, they are no program.
            if (tagRequired) {
                return fail(
                        "an RFC 3339 time without 'host program: ' or 'host program[pid]: '"
                                + " after it");
            }
            event.setSpan(Field.MESSAGE, tagStart, end);
            return true;
        }
        event.setSpan(Field.PROGRAM, pos, tagEnd);
        pos = tagEnd;
        if (pos < end && b[pos] == '[') {
            int close = Bytes.indexOf(b, pos + 1, end, (byte) ']');
            if (close > 0) {
                setProcessId(event, b, pos + 1, close);
                pos = close + 1;
            }
        }
        boolean tagged = tagEnd > tagStart && pos < end && b[pos] == ':';
        if (tagRequired && (!tagged || (pos + 1 < end && b[pos + 1] != ' '))) {
            return fail(
                    "an RFC 3339 time without 'host program: ' or 'host program[pid]: ' after it");
        }
        if (pos < end && b[pos] == ':') {
            pos++;
        }
        if (pos < end && b[pos] == ' ') {
            pos++;
        }
        event.setSpan(Field.MESSAGE, pos, end);
        return true;
    }

    private boolean parse5424Header(LogEvent event, byte[] b, int pos, int end) {
        // HOSTNAME APP-NAME PROCID MSGID, each "-" when unknown.
        for (int i = 0; i < 4; i++) {
            int fieldStart = pos;
            int fieldEnd = Bytes.tokenEnd(b, pos, end);
            if (fieldEnd >= end) {
                return fail("RFC 5424 header ends early");
            }
            pos = fieldEnd + 1;
            if (fieldEnd - fieldStart == 1 && b[fieldStart] == '-') {
                continue;
            }
            if (i == 0) {
                event.setSpan(Field.HOST, fieldStart, fieldEnd);
            } else if (i == 1) {
                event.setSpan(Field.PROGRAM, fieldStart, fieldEnd);
            } else if (i == 2) {
                setProcessId(event, b, fieldStart, fieldEnd);
            } else {
                event.putExtra("msgid", Bytes.text(b, fieldStart, fieldEnd));
            }
        }
        int dataEnd = structuredDataEnd(b, pos, end);
        if (dataEnd < 0) {
            return fail("invalid RFC 5424 structured data");
        }
        if (b[pos] == '[') {
            event.putExtra("structuredData", Bytes.text(b, pos, dataEnd));
            StructuredData.putParameters(event, b, pos, dataEnd);
        }
        pos = dataEnd < end ? dataEnd + 1 : end;
        if (FileStart.hasByteOrderMark(b, pos, end)) {
            pos += FileStart.BYTE_ORDER_MARK;
        }
        event.setSpan(Field.MESSAGE, pos, end);
        return true;
    }

    /** End of {@code -} or of {@code [id k="v"]...} at pos; -1 when malformed. */
    private static int structuredDataEnd(byte[] b, int pos, int end) {
        if (pos < end && b[pos] == '-') {
            return pos + 1 == end || b[pos + 1] == ' ' ? pos + 1 : -1;
        }
        while (pos < end && b[pos] == '[') {
            boolean quoted = false;
            int i = pos + 1;
            for (; i < end && (quoted || b[i] != ']'); i++) {
                if (b[i] == '\\') {
                    i++;
                } else if (b[i] == '"') {
                    quoted = !quoted;
                }
            }
            if (i >= end) {
                return -1;
            }
            pos = i + 1;
        }
        return pos == end || (pos < end && b[pos] == ' ') ? pos : -1;
    }

    /** A letter, a digit or a byte of a non-ASCII character. */
    private static boolean isWordByte(byte c) {
        int lower = c | 0x20;
        return Bytes.isDigit(c) || (lower >= 'a' && lower <= 'z') || c < 0;
    }

    private static void setProcessId(LogEvent event, byte[] b, int start, int end) {
        if (Bytes.isNumber(b, start, end)) {
            event.setPid(Bytes.number(b, start, end));
        } else {
            event.putExtra("procid", Bytes.text(b, start, end));
        }
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
