package dev.logslice.report;

/** A number of a {@link RankedTable} column as people read it, in every output alike. */
final class Cells {
    private Cells() {}

    /** Empty for NaN (a value the column has no number for). */
    static String text(RankedTable.Unit unit, double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        return switch (unit) {
            case COUNT -> String.format("%,d", Math.round(value));
            case BYTES -> Human.bytes(Math.round(value));
            case SECONDS -> String.format("%.3f s", value);
        };
    }
}
