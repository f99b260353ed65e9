package dev.logslice.format.columns;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.time.CivilDates;
import dev.logslice.format.time.FlexibleTimestamps;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampValue;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the lines of one file of a {@link ColumnFormat}: {@code #} lines are directives (a columns
 * line sets the columns), the others values, one per column. A parser that meets values before any
 * columns line (it reads a later split of the file) looks the header up in the file's head, and
 * takes the dialect's default columns when there is none.
 */
final class ColumnParser implements LogParser {
    private final ColumnDialect dialect;
    private final byte[] fieldsDirective;
    private final LocalTimeResolver zone;
    private final TimestampValue time = new TimestampValue();

    /** Per column: its name, its field (null for extra), or null before a header. */
    @Nullable private String[] columns;

    private Field[] fields;
    private int dateColumn;
    private int timeColumn;
    private boolean headerLookedUp;
    private String failure = "";

    ColumnParser(ColumnDialect dialect, ParserContext context) {
        this.dialect = dialect;
        this.fieldsDirective = dialect.fieldsDirective().getBytes(StandardCharsets.US_ASCII);
        // W3C dates and times are UTC by the standard; Zeek writes epoch seconds.
        this.zone = new LocalTimeResolver(ZoneOffset.UTC, context.referenceTime());
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        int end = start + length;
        if (length > 0 && b[start] == '#') {
            return directive(b, start, end, file, offset);
        }
        if (columns == null && !headerLookedUp) {
            headerLookedUp = true;
            byte[] header = FileHeader.find(file, offset, dialect.fieldsDirective());
            if (header == null && dialect.defaultColumns() != null) {
                header = dialect.defaultColumns().getBytes(StandardCharsets.US_ASCII);
            }
            if (header != null) {
                setColumns(header, 0, header.length);
            }
        }
        if (columns == null) {
            failure =
                    "no " + dialect.fieldsDirective() + " line before this line names its columns";
            return null;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, length);
        int column = 0;
        int valueStart = start;
        long dateSeconds = -1;
        for (int i = start; i <= end; i++) {
            if (i < end && !dialect.isSeparator(b[i])) {
                continue;
            }
            if (column == columns.length) {
                failure = "more values than the " + columns.length + " columns";
                return null;
            }
            if (column == dateColumn) {
                dateSeconds = dateSeconds(b, valueStart, i);
            } else if (column == timeColumn) {
                if (dateSeconds < 0 || !setTime(event, dateSeconds, b, valueStart, i)) {
                    failure = "no date and time in the date and time columns";
                    return null;
                }
            } else if (!bind(event, column, b, valueStart, i)) {
                failure =
                        "the " + columns[column] + " column holds no " + fields[column].jsonName();
                return null;
            }
            column++;
            valueStart = i + 1;
        }
        if (column < columns.length) {
            failure = column + " values for " + columns.length + " columns";
            return null;
        }
        return event;
    }

    @Nullable
    private LogEvent directive(byte[] b, int start, int end, String file, long offset) {
        int nameEnd = start + 1;
        while (nameEnd < end && b[nameEnd] != ':' && b[nameEnd] != ' ' && b[nameEnd] != '\t') {
            nameEnd++;
        }
        String name = Bytes.text(b, start + 1, nameEnd);
        if (!dialect.isDirective(name)) {
            failure = "'#" + name + "' is no directive of this format";
            return null;
        }
        if (FileHeader.startsWith(b, start, end, fieldsDirective)) {
            setColumns(b, start, end);
            headerLookedUp = true;
        }
        LogEvent event = LogEvent.ofLine(file, offset, b, start, end - start);
        event.putExtra("directive", name);
        event.setSpan(Field.MESSAGE, start, end);
        return event;
    }

    private void setColumns(byte[] b, int start, int end) {
        List<String> names = new ArrayList<>();
        int i = start + fieldsDirective.length;
        while (i < end) {
            while (i < end && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            int nameStart = i;
            while (i < end && b[i] != ' ' && b[i] != '\t') {
                i++;
            }
            if (i > nameStart) {
                names.add(Bytes.text(b, nameStart, i));
            }
        }
        columns = names.toArray(new String[0]);
        fields = new Field[columns.length];
        dateColumn = names.indexOf("date");
        timeColumn = names.indexOf("time");
        for (int c = 0; c < columns.length; c++) {
            fields[c] = dialect.fieldOf(columns[c]);
        }
    }

    /** Puts one value in its field or in extra; false when it does not fit its field. */
    private boolean bind(LogEvent event, int column, byte[] b, int start, int end) {
        Field field = fields[column];
        boolean none = dialect.isNone(b, start, end);
        if (field == null) {
            event.putExtra(columns[column], none ? null : Bytes.text(b, start, end));
            return true;
        }
        if (none) {
            event.setNull(field);
            return true;
        }
        switch (field.kind()) {
            case STRING:
                event.setSpan(field, start, end);
                return true;
            case TIMESTAMP:
                if (!FlexibleTimestamps.parse(b, start, end, zone, time)) {
                    return false;
                }
                event.setTimestamp(time.epochSecond, time.nanos, time.offsetSeconds);
                return true;
            case DECIMAL:
                return setRequestTime(event, b, start, end);
            default:
                if (!Bytes.isNumber(b, start, end) || (field == Field.STATUS && end - start != 3)) {
                    return false;
                }
                event.setInteger(field, Bytes.number(b, start, end));
                return true;
        }
    }

    /** IIS writes {@code time-taken} in milliseconds, CloudFront in seconds with a fraction. */
    private static boolean setRequestTime(LogEvent event, byte[] b, int start, int end) {
        int dot = Bytes.indexOf(b, start, end, (byte) '.');
        if (dot < 0) {
            if (!Bytes.isNumber(b, start, end)) {
                return false;
            }
            event.setRequestTime(Bytes.number(b, start, end) / 1000.0);
            return true;
        }
        if (dot == start || !Bytes.isNumber(b, start, dot) || !Bytes.isNumber(b, dot + 1, end)) {
            return false;
        }
        event.setRequestTime(Double.parseDouble(Bytes.text(b, start, end)));
        return true;
    }

    /** Seconds since the epoch of a {@code yyyy-MM-dd} date, or -1. */
    private static long dateSeconds(byte[] b, int start, int end) {
        if (end - start != 10 || b[start + 4] != '-' || b[start + 7] != '-') {
            return -1;
        }
        int year = digits(b, start, 4);
        int month = digits(b, start + 5, 2);
        int day = digits(b, start + 8, 2);
        if (year < 0 || month < 0 || day < 0 || !CivilDates.isValid(year, month, day)) {
            return -1;
        }
        return CivilDates.epochDay(year, month, day) * 86400;
    }

    /** Sets the timestamp from a date and a {@code HH:mm:ss[.fraction]} time; false if none. */
    private static boolean setTime(LogEvent event, long dateSeconds, byte[] b, int start, int end) {
        if (end - start < 8 || b[start + 2] != ':' || b[start + 5] != ':') {
            return false;
        }
        int hour = digits(b, start, 2);
        int minute = digits(b, start + 3, 2);
        int second = digits(b, start + 6, 2);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
            return false;
        }
        int nanos = 0;
        if (end - start > 8) {
            if (b[start + 8] != '.' || end - start == 9 || end - start > 18) {
                return false;
            }
            int fraction = digits(b, start + 9, end - start - 9);
            if (fraction < 0) {
                return false;
            }
            nanos = fraction;
            for (int i = end - start - 9; i < 9; i++) {
                nanos *= 10;
            }
        }
        event.setTimestamp(dateSeconds + hour * 3600L + minute * 60L + second, nanos, 0);
        return true;
    }

    /** The value of {@code count} digits at {@code start}, or -1. */
    private static int digits(byte[] b, int start, int count) {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            if (!Bytes.isDigit(b[i])) {
                return -1;
            }
            value = value * 10 + (b[i] - '0');
        }
        return value;
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
