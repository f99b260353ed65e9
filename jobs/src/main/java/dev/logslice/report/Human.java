package dev.logslice.report;

/** Numbers for people: byte sizes and percentages. */
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

    public static String percent(long part, long whole) {
        return whole == 0 ? "0%" : String.format("%.1f%%", 100.0 * part / whole);
    }
}
