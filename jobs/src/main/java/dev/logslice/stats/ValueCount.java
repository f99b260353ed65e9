package dev.logslice.stats;

/** One row of a top-N panel: a value and how often it was seen (exact or estimated). */
public record ValueCount(String value, long count) {
    /** Whether the value is the first 2 KiB of longer ones, ending with {@code …}. */
    public boolean truncated() {
        return ValueCut.isCut(value);
    }
}
