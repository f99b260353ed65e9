package dev.logslice.stats;

import javax.annotation.Nullable;

/**
 * What a row of a top-N panel adds up beside its count: response bytes and time served, and its
 * distinct visitors ({@link Visitors}). Each is present only where the format has the field.
 *
 * @param bytes response bytes, or -1 when no event of the row had a size
 * @param visitors distinct visitors (client, day and user agent), or -1 when no event had a client
 * @param visitorsExact whether {@code visitors} is an exact count (not a sketch's estimate)
 * @param avgSeconds mean time served, or NaN when no event had a request time
 * @param p99Seconds the 99th percentile of time served (a sketch's, exact for small rows), or NaN
 * @param maxSeconds longest time served, or NaN
 */
public record RowTotals(
        long bytes,
        long visitors,
        boolean visitorsExact,
        double avgSeconds,
        double p99Seconds,
        double maxSeconds) {
    /** Longs per row in a flat array: bytes, events with bytes, timed events, µs sum, µs max. */
    static final int WIDTH = 5;

    static void add(long[] totals, int at, long responseBytes, long timeMicros) {
        if (responseBytes >= 0) {
            totals[at] += responseBytes;
            totals[at + 1]++;
        }
        if (timeMicros >= 0) {
            totals[at + 2]++;
            totals[at + 3] += timeMicros;
            totals[at + 4] = Math.max(totals[at + 4], timeMicros);
        }
    }

    static void merge(long[] totals, int at, long[] other, int otherAt) {
        for (int i = 0; i < WIDTH - 1; i++) {
            totals[at + i] += other[otherAt + i];
        }
        totals[at + 4] = Math.max(totals[at + 4], other[otherAt + 4]);
    }

    /**
     * The report's view of a row of {@code events} events: its totals and visitors (null when it
     * had none). An estimate of visitors is never more than the row's events.
     */
    static RowTotals of(
            long events, long[] totals, @Nullable Visitors visitors, @Nullable TimesServed times) {
        boolean timed = totals[2] > 0;
        double max = timed ? totals[4] / 1e6 : Double.NaN;
        return new RowTotals(
                totals[1] > 0 ? totals[0] : -1,
                visitors == null ? -1 : Math.min(events, visitors.count()),
                visitors == null || visitors.exact(),
                timed ? totals[3] / 1e6 / totals[2] : Double.NaN,
                // A row that came late (or back) may have times in its totals and none here.
                timed && times != null && !times.isEmpty() ? p99(times, max) : Double.NaN,
                max);
    }

    /** To the µs the times came in: they are held as floats. */
    private static double p99(TimesServed times, double max) {
        return Math.min(max, Math.round(times.p99() * 1e6) / 1e6);
    }

    public boolean hasBytes() {
        return bytes >= 0;
    }

    public boolean hasVisitors() {
        return visitors >= 0;
    }

    public boolean hasTime() {
        return !Double.isNaN(avgSeconds);
    }

    public boolean hasP99() {
        return !Double.isNaN(p99Seconds);
    }
}
