package dev.logslice.format.time;

import dev.logslice.format.Bytes;

import java.io.Serializable;
import java.util.List;

import static dev.logslice.format.time.TimestampElement.DATE_TIME_SEPARATOR;
import static dev.logslice.format.time.TimestampElement.DAY;
import static dev.logslice.format.time.TimestampElement.DAY_NAME;
import static dev.logslice.format.time.TimestampElement.EPOCH_MILLIS;
import static dev.logslice.format.time.TimestampElement.EPOCH_SECONDS;
import static dev.logslice.format.time.TimestampElement.FRACTION;
import static dev.logslice.format.time.TimestampElement.HOUR;
import static dev.logslice.format.time.TimestampElement.LITERAL;
import static dev.logslice.format.time.TimestampElement.MINUTE;
import static dev.logslice.format.time.TimestampElement.MONTH;
import static dev.logslice.format.time.TimestampElement.MONTH_NAME;
import static dev.logslice.format.time.TimestampElement.OFFSET;
import static dev.logslice.format.time.TimestampElement.OPTIONAL_FRACTION;
import static dev.logslice.format.time.TimestampElement.SECOND;
import static dev.logslice.format.time.TimestampElement.YEAR;
import static dev.logslice.format.time.TimestampElement.YEAR2;

/**
 * A date-time pattern in {@code java.time} letters ({@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX}, {@code
 * dd/MMM/yyyy:HH:mm:ss Z}, {@code MMM d HH:mm:ss}) compiled to a byte parser.
 *
 * <p>It reads what loggers write, not only what the pattern prints: a space matches a run of spaces
 * (syslog pads days with one), {@code T} and a space are interchangeable between date and time, a
 * fraction after {@code .} or {@code ,} may use either separator, any number of digits or be
 * missing, a number followed by a non-digit may have fewer digits than letters, and an offset at
 * the end may be missing (the zone of the {@link LocalTimeResolver} applies). Missing years and
 * dates come from the resolver's reference time.
 */
public final class TimestampPattern implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final int[] MONTH_KEYS = new int[12];

    /**
     * The most bytes past a timestamp that {@link #parse} looks at (a failed optional offset like
     * {@code +01:x} reads five): {@link RepeatedTimestamp} relies on it.
     */
    static final int MAX_LOOKAHEAD = 8;

    /** Offsets beyond +-18:00 do not exist (and java.time rejects them). */
    private static final int MAX_OFFSET_SECONDS = 18 * 3600;

    static {
        String[] names = {
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
        };
        for (int i = 0; i < 12; i++) {
            MONTH_KEYS[i] = names[i].charAt(0) << 16 | names[i].charAt(1) << 8 | names[i].charAt(2);
        }
    }

    private final String pattern;
    private final byte[] kinds;

    /** Digits for numbers: the exact count, or the most when {@link #exact} is false. */
    private final int[] widths;

    private final boolean[] exact;
    private final byte[][] literals;
    private final boolean offsetOptional;

    private TimestampPattern(String pattern, List<TimestampElement> elements, boolean lenient) {
        this.pattern = pattern;
        int n = elements.size();
        this.kinds = new byte[n];
        this.widths = new int[n];
        this.exact = new boolean[n];
        this.literals = new byte[n][];
        for (int i = 0; i < n; i++) {
            TimestampElement e = elements.get(i);
            kinds[i] = e.kind;
            widths[i] = e.width;
            literals[i] = e.literal;
            exact[i] = i + 1 < n && isNumber(elements.get(i + 1).kind);
        }
        this.offsetOptional = lenient && n > 0 && kinds[n - 1] == OFFSET;
    }

    /** Compiles a pattern; throws IllegalArgumentException naming an unsupported letter. */
    public static TimestampPattern of(String pattern) {
        return new TimestampPattern(pattern, TimestampPatternCompiler.compile(pattern, true), true);
    }

    /**
     * Compiles a pattern read more strictly: {@code T} and space are not interchangeable and an
     * offset in the pattern must be there (for RFC 3339, where they tell formats apart).
     */
    public static TimestampPattern strict(String pattern) {
        return new TimestampPattern(
                pattern, TimestampPatternCompiler.compile(pattern, false), false);
    }

    /**
     * The pattern of {@code --time-format}: {@code epoch} (seconds, with an optional fraction),
     * {@code epoch-ms}, or {@code java.time} letters; the message of the IllegalArgumentException
     * names the option and what is wrong.
     */
    public static TimestampPattern ofTimeFormat(String timeFormat) {
        switch (timeFormat) {
            case "epoch":
                return epochSeconds();
            case "epoch-ms":
                return epochMillis();
            default:
                try {
                    return of(timeFormat);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "--time-format '"
                                    + timeFormat
                                    + "': "
                                    + e.getMessage()
                                    + " (java.time letters like 'dd/MM/yyyy HH:mm:ss.SSS', or epoch,"
                                    + " epoch-ms)",
                            e);
                }
        }
    }

    /** Seconds since the epoch with an optional fraction, like nginx's {@code $msec}. */
    public static TimestampPattern epochSeconds() {
        return new TimestampPattern(
                "epoch seconds", List.of(new TimestampElement(EPOCH_SECONDS, 0)), false);
    }

    /** Milliseconds since the epoch, like Log4j's {@code %d{UNIX_MILLIS}}. */
    public static TimestampPattern epochMillis() {
        return new TimestampPattern(
                "epoch milliseconds", List.of(new TimestampElement(EPOCH_MILLIS, 0)), false);
    }

    /**
     * Parses a timestamp at {@code b[pos..end)} into {@code out}.
     *
     * @return the index after the timestamp, or -1 when the bytes do not fit the pattern
     */
    public int parse(byte[] b, int pos, int end, LocalTimeResolver resolver, TimestampValue out) {
        int year = -1;
        int month = -1;
        int day = -1;
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nanos = 0;
        boolean hasOffset = false;
        int offset = 0;
        for (int i = 0; i < kinds.length; i++) {
            byte kind = kinds[i];
            if (kind == LITERAL || kind == DATE_TIME_SEPARATOR) {
                pos = matchLiteral(b, pos, end, literals[i], kind == DATE_TIME_SEPARATOR);
                if (pos < 0) {
                    return -1;
                }
                continue;
            }
            if (kind == EPOCH_SECONDS || kind == EPOCH_MILLIS) {
                return parseEpoch(b, pos, end, kind == EPOCH_MILLIS, resolver, out);
            }
            if (kind == MONTH_NAME || kind == DAY_NAME) {
                int wordEnd = pos;
                while (wordEnd < end && isLetter(b[wordEnd])) {
                    wordEnd++;
                }
                if (wordEnd - pos < 3) {
                    return -1;
                }
                if (kind == MONTH_NAME && (month = monthOf(b, pos)) < 0) {
                    return -1;
                }
                pos = wordEnd;
                continue;
            }
            if (kind == OFFSET) {
                int offsetEnd = parseOffset(b, pos, end);
                if (offsetEnd < 0) {
                    if (offsetOptional) {
                        continue;
                    }
                    return -1;
                }
                offset = offsetValue(b, pos, offsetEnd);
                if (Math.abs(offset) > MAX_OFFSET_SECONDS) {
                    return -1;
                }
                hasOffset = true;
                pos = offsetEnd;
                continue;
            }
            if (kind == OPTIONAL_FRACTION) {
                if (pos + 1 < end && (b[pos] == '.' || b[pos] == ',') && isDigit(b[pos + 1])) {
                    pos++;
                } else {
                    continue;
                }
            }
            int digitsEnd = pos;
            int max = kind == OPTIONAL_FRACTION ? 9 : widths[i];
            while (digitsEnd < end && digitsEnd - pos < max && isDigit(b[digitsEnd])) {
                digitsEnd++;
            }
            int count = digitsEnd - pos;
            boolean fixed = exact[i] || kind == YEAR || kind == YEAR2;
            if (count == 0 || (fixed && count != widths[i])) {
                return -1;
            }
            int value = 0;
            for (int j = pos; j < digitsEnd; j++) {
                value = value * 10 + (b[j] - '0');
            }
            pos = digitsEnd;
            switch (kind) {
                case YEAR:
                    year = value;
                    break;
                case YEAR2:
                    year = 2000 + value;
                    break;
                case MONTH:
                    month = value;
                    break;
                case DAY:
                    day = value;
                    break;
                case HOUR:
                    hour = value;
                    break;
                case MINUTE:
                    minute = value;
                    break;
                case SECOND:
                    second = value;
                    break;
                default:
                    nanos = value * POWERS_OF_TEN[9 - count];
            }
        }
        if (hour > 23 || minute > 59 || second > 59) {
            return -1;
        }
        int secondOfDay = hour * 3600 + minute * 60 + second;
        long epochDay;
        if (month < 0 && day < 0) {
            epochDay = resolver.inferEpochDay(secondOfDay);
        } else {
            if (year < 0) {
                if (month < 1
                        || month > 12
                        || day < 1
                        || day > CivilDates.daysInMonth(2000, month)) {
                    return -1;
                }
                year = resolver.inferYear(month, day, secondOfDay);
            }
            if (!CivilDates.isValid(year, month, day)) {
                return -1;
            }
            epochDay = CivilDates.epochDay(year, month, day);
        }
        long local = epochDay * 86400 + secondOfDay;
        if (!hasOffset) {
            offset = resolver.offsetOfLocal(local);
        }
        out.epochSecond = local - offset;
        out.nanos = nanos;
        out.offsetSeconds = offset;
        return pos;
    }

    private static final int[] POWERS_OF_TEN = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000
    };

    private static int parseEpoch(
            byte[] b,
            int pos,
            int end,
            boolean millis,
            LocalTimeResolver resolver,
            TimestampValue out) {
        int i = pos;
        long whole = 0;
        while (i < end && isDigit(b[i]) && i - pos < 15) {
            whole = whole * 10 + (b[i++] - '0');
        }
        if (i == pos) {
            return -1;
        }
        int nanos = 0;
        if (!millis && i + 1 < end && b[i] == '.' && isDigit(b[i + 1])) {
            int start = ++i;
            while (i < end && isDigit(b[i]) && i - start < 9) {
                nanos = nanos * 10 + (b[i++] - '0');
            }
            nanos *= POWERS_OF_TEN[9 - (i - start)];
        }
        out.epochSecond = millis ? Math.floorDiv(whole, 1000) : whole;
        out.nanos = millis ? (int) Math.floorMod(whole, 1000) * 1_000_000 : nanos;
        out.offsetSeconds = resolver.offsetOfInstant(out.epochSecond);
        return i;
    }

    private static int matchLiteral(
            byte[] b, int pos, int end, byte[] literal, boolean dateTimeSeparator) {
        if (dateTimeSeparator) {
            if (pos < end && b[pos] == 'T') {
                return pos + 1;
            }
            // Space-padded hours (MySQL's '240102  3:04:05') and apt's two blanks.
            int after = pos;
            while (after < end && b[after] == ' ') {
                after++;
            }
            return after > pos ? after : -1;
        }
        return Bytes.matchPadded(b, pos, end, literal);
    }

    /** End of an offset ({@code Z}, {@code +01}, {@code +0100}, {@code +01:00}) at pos, or -1. */
    private static int parseOffset(byte[] b, int pos, int end) {
        if (pos < end && b[pos] == 'Z') {
            return pos + 1;
        }
        if (pos + 3 > end || (b[pos] != '+' && b[pos] != '-')) {
            return -1;
        }
        if (!isDigit(b[pos + 1]) || !isDigit(b[pos + 2])) {
            return -1;
        }
        int i = pos + 3;
        if (i < end && b[i] == ':') {
            i++;
        }
        if (i + 2 <= end && isDigit(b[i]) && isDigit(b[i + 1])) {
            return b[i] <= '5' ? i + 2 : -1;
        }
        return b[i - 1] == ':' ? -1 : pos + 3;
    }

    private static int offsetValue(byte[] b, int pos, int end) {
        if (b[pos] == 'Z') {
            return 0;
        }
        int hours = (b[pos + 1] - '0') * 10 + (b[pos + 2] - '0');
        int minutes = end - pos > 3 ? (b[end - 2] - '0') * 10 + (b[end - 1] - '0') : 0;
        int seconds = hours * 3600 + minutes * 60;
        return b[pos] == '-' ? -seconds : seconds;
    }

    private static int monthOf(byte[] b, int pos) {
        int key = (b[pos] | 0x20) << 16 | (b[pos + 1] | 0x20) << 8 | (b[pos + 2] | 0x20);
        for (int i = 0; i < 12; i++) {
            if (MONTH_KEYS[i] == key) {
                return i + 1;
            }
        }
        return -1;
    }

    private static boolean isNumber(byte kind) {
        return kind <= SECOND && kind != MONTH_NAME || kind == FRACTION;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    @Override
    public String toString() {
        return pattern;
    }
}
