package dev.logslice.format.time;

import java.util.List;

/**
 * Reads a timestamp of unknown form, as JSON and regex fields hold them: epoch numbers (seconds, or
 * milli-, micro- or nanoseconds by their number of digits) or one of the common text forms
 * (ISO-8601, access log, syslog, Apache error log, Log4j).
 */
public final class FlexibleTimestamps {
    private static final List<TimestampPattern> PATTERNS =
            List.of(
                    TimestampPattern.of("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX"),
                    TimestampPattern.of("dd/MMM/yyyy:HH:mm:ss.SSS Z"),
                    TimestampPattern.of("MMM d HH:mm:ss"),
                    TimestampPattern.of("EEE MMM dd HH:mm:ss.SSSSSS yyyy"),
                    TimestampPattern.of("yy/MM/dd HH:mm:ss"),
                    TimestampPattern.of("dd MMM yyyy HH:mm:ss,SSS"));
    private static final TimestampPattern EPOCH_SECONDS = TimestampPattern.epochSeconds();

    /** Integer digits from which an epoch number counts milliseconds, micros, nanos. */
    private static final int MILLIS_DIGITS = 12;

    private static final int MICROS_DIGITS = 15;
    private static final int NANOS_DIGITS = 18;

    /**
     * 2100-01-01: an epoch count of milli-, micro- or nanoseconds past it is no such count (17
     * digits are microseconds of the year 2510, or nanoseconds of 1970), and stays a number.
     */
    private static final long LAST_EPOCH_SECOND = 4_102_444_800L;

    private FlexibleTimestamps() {}

    /** Whether {@code b[start, end)}, all of it, is a timestamp; the value goes to {@code out}. */
    public static boolean parse(
            byte[] b, int start, int end, LocalTimeResolver resolver, TimestampValue out) {
        int digits = 0;
        while (start + digits < end && b[start + digits] >= '0' && b[start + digits] <= '9') {
            digits++;
        }
        if (digits > 0 && (start + digits == end || b[start + digits] == '.')) {
            return digits >= MILLIS_DIGITS && start + digits == end
                    ? epochInteger(b, start, end, digits, resolver, out)
                    : EPOCH_SECONDS.parse(b, start, end, resolver, out) == end;
        }
        for (TimestampPattern pattern : PATTERNS) {
            if (pattern.parse(b, start, end, resolver, out) == end) {
                return true;
            }
        }
        return false;
    }

    private static boolean epochInteger(
            byte[] b,
            int start,
            int end,
            int digits,
            LocalTimeResolver resolver,
            TimestampValue out) {
        long value = 0;
        for (int i = start; i < end; i++) {
            if (value > (Long.MAX_VALUE - 9) / 10) {
                return false;
            }
            value = value * 10 + (b[i] - '0');
        }
        long perSecond =
                digits >= NANOS_DIGITS
                        ? 1_000_000_000L
                        : digits >= MICROS_DIGITS ? 1_000_000L : 1_000L;
        if (value / perSecond >= LAST_EPOCH_SECOND) {
            return false;
        }
        out.epochSecond = value / perSecond;
        out.nanos = (int) (value % perSecond * (1_000_000_000L / perSecond));
        out.offsetSeconds = resolver.offsetOfInstant(out.epochSecond);
        return true;
    }
}
