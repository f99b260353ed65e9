package dev.logslice.cli;

/** Byte counts for people. */
final class Sizes {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Sizes() {}

    static String human(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format("%.1f %s", value, UNITS[unit]);
    }
}
