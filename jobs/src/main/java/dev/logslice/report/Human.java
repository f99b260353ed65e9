package dev.logslice.report;

/** Numbers for people: byte sizes, percentages and durations. */
public final class Human {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Human() {}

    public static String bytes(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format("%.1f %s", value, UNITS[unit]);
    }

    /**
     * A duration in its largest whole unit: {@code 1 week}, {@code 2 weeks}, {@code 1 day}, {@code
     * 12 h}, {@code 90 min}, {@code 45 s}; never {@code 10080 min}.
     */
    public static String duration(long seconds) {
        if (seconds > 0 && seconds % (7 * 86_400) == 0) {
            long weeks = seconds / (7 * 86_400);
            return weeks + (weeks == 1 ? " week" : " weeks");
        }
        if (seconds > 0 && seconds % 86_400 == 0) {
            long days = seconds / 86_400;
            return days + (days == 1 ? " day" : " days");
        }
        if (seconds > 0 && seconds % 3600 == 0) {
            return seconds / 3600 + " h";
        }
        return seconds > 0 && seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }

    public static String percent(long part, long whole) {
        return whole == 0 ? "0%" : String.format("%.1f%%", 100.0 * part / whole);
    }
}
