package dev.logslice.generate;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The time of the current log line: starts at a fixed instant, only moves forward, and renders
 * itself in each format's timestamp style, always in UTC so output is the same in every time zone.
 */
final class LogClock {
    /** 2026-03-01T00:00:00Z: a fixed start so that a seed alone determines the file. */
    static final long START_EPOCH_MILLIS = 1_772_323_200_000L;

    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

    private long millis = START_EPOCH_MILLIS;
    private long fieldsSecond = Long.MIN_VALUE;
    private int year;
    private int month;
    private int day;
    private int hour;
    private int minute;
    private int second;

    void advance(long deltaMillis) {
        millis += deltaMillis;
    }

    long millisSinceStart() {
        return millis - START_EPOCH_MILLIS;
    }

    /** {@code 01/Mar/2026:00:00:00 +0000}: Apache and nginx {@code $time_local}. */
    void writeCommonLog(LineBuffer out) {
        refreshFields();
        out.padded(day, 2).put('/').ascii(MONTHS[month - 1]).put('/').padded(year, 4).put(':');
        writeTimeOfDay(out);
        out.ascii(" +0000");
    }

    /** {@code 2026-03-01T00:00:00.000+00:00}: nginx {@code $time_iso8601} with milliseconds. */
    void writeIso8601(LineBuffer out) {
        writeDateTime(out, 'T', '.');
        out.ascii("+00:00");
    }

    /** {@code 2026-03-01T00:00:00,000}: Log4j 2's {@code %d{ISO8601}}. */
    void writeLog4j(LineBuffer out) {
        writeDateTime(out, 'T', ',');
    }

    /** {@code Mar 1 00:00:00}: RFC 3164, day padded with a space, no year. */
    void writeSyslog(LineBuffer out) {
        refreshFields();
        out.ascii(MONTHS[month - 1]).put(' ');
        if (day < 10) {
            out.put(' ');
        }
        out.decimal(day).put(' ');
        writeTimeOfDay(out);
    }

    private void writeDateTime(LineBuffer out, char dateTimeSeparator, char millisSeparator) {
        refreshFields();
        out.padded(year, 4).put('-').padded(month, 2).put('-').padded(day, 2);
        out.put(dateTimeSeparator);
        writeTimeOfDay(out);
        out.put(millisSeparator).padded((int) Math.floorMod(millis, 1000L), 3);
    }

    private void writeTimeOfDay(LineBuffer out) {
        out.padded(hour, 2).put(':').padded(minute, 2).put(':').padded(second, 2);
    }

    /** Calendar fields change once a second at most, so they are computed once a second. */
    private void refreshFields() {
        long epochSecond = Math.floorDiv(millis, 1000L);
        if (epochSecond == fieldsSecond) {
            return;
        }
        fieldsSecond = epochSecond;
        LocalDateTime time = LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.UTC);
        year = time.getYear();
        month = time.getMonthValue();
        day = time.getDayOfMonth();
        hour = time.getHour();
        minute = time.getMinute();
        second = time.getSecond();
    }
}
