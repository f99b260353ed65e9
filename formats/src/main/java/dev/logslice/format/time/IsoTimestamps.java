package dev.logslice.format.time;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Writes timestamps exactly as {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} does (fraction
 * without trailing zeros, {@code Z} for UTC), without building {@code java.time} objects.
 */
public final class IsoTimestamps {
    private IsoTimestamps() {}

    public static String format(long epochSecond, int nanos, int offsetSeconds) {
        char[] out = new char[40];
        return new String(out, 0, format(epochSecond, nanos, offsetSeconds, out));
    }

    /**
     * Writes the timestamp into {@code out} (40 chars suffice).
     *
     * @return the number of chars written
     */
    public static int format(long epochSecond, int nanos, int offsetSeconds, char[] out) {
        long local = epochSecond + offsetSeconds;
        long epochDay = Math.floorDiv(local, 86400);
        int secondOfDay = (int) Math.floorMod(local, 86400);
        int[] date = CivilDates.civilDate(epochDay, new int[3]);
        if (date[0] < 0 || date[0] > 9999) {
            String text =
                    OffsetDateTime.ofInstant(
                                    Instant.ofEpochSecond(epochSecond, nanos),
                                    ZoneOffset.ofTotalSeconds(offsetSeconds))
                            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            text.getChars(0, text.length(), out, 0);
            return text.length();
        }
        int n = digits(date[0], 4, out, 0);
        out[n++] = '-';
        n = digits(date[1], 2, out, n);
        out[n++] = '-';
        n = digits(date[2], 2, out, n);
        out[n++] = 'T';
        n = digits(secondOfDay / 3600, 2, out, n);
        out[n++] = ':';
        n = digits(secondOfDay / 60 % 60, 2, out, n);
        out[n++] = ':';
        n = digits(secondOfDay % 60, 2, out, n);
        if (nanos != 0) {
            out[n++] = '.';
            int fraction = nanos;
            int width = 9;
            while (fraction % 10 == 0) {
                fraction /= 10;
                width--;
            }
            n = digits(fraction, width, out, n);
        }
        return offset(offsetSeconds, out, n);
    }

    private static int offset(int offsetSeconds, char[] out, int n) {
        if (offsetSeconds == 0) {
            out[n++] = 'Z';
            return n;
        }
        int abs = Math.abs(offsetSeconds);
        out[n++] = offsetSeconds < 0 ? '-' : '+';
        n = digits(abs / 3600, 2, out, n);
        out[n++] = ':';
        n = digits(abs / 60 % 60, 2, out, n);
        if (abs % 60 != 0) {
            out[n++] = ':';
            n = digits(abs % 60, 2, out, n);
        }
        return n;
    }

    private static int digits(int value, int width, char[] out, int at) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }
}
