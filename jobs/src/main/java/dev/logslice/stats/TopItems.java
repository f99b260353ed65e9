package dev.logslice.stats;

import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.memory.Memory;

import java.util.ArrayList;
import java.util.List;

/**
 * The most frequent values of one field: a DataSketches frequent-items sketch, exact while the
 * distinct values fit its map, mergeable across readers.
 */
public final class TopItems {
    /**
     * Map size of the sketch: exact up to ~24,000 distinct values (clients of a busy day), small
     * error beyond. The map grows only as distinct values come, so small inputs stay small.
     */
    private static final int MAX_MAP_SIZE = 1 << 15;

    private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

    private final ItemsSketch<String> sketch;

    public TopItems() {
        this(new ItemsSketch<>(MAX_MAP_SIZE));
    }

    private TopItems(ItemsSketch<String> sketch) {
        this.sketch = sketch;
    }

    public void add(String value, long count) {
        sketch.update(value, count);
    }

    public void merge(TopItems other) {
        sketch.merge(other.sketch);
    }

    /** How far any count may be off: 0 while the values fit the sketch's map. */
    public long maxError() {
        return sketch.getMaximumError();
    }

    public boolean isEmpty() {
        return sketch.isEmpty();
    }

    /**
     * The {@code n} most frequent values, most frequent first, ties by value. Past the exact range
     * only values sure to be more frequent than {@link #maxError()} are listed (none when no value
     * stands out), with estimated counts.
     */
    public List<ValueCount> top(int n) {
        List<ValueCount> rows = new ArrayList<>();
        for (ItemsSketch.Row<String> row : sketch.getFrequentItems(ErrorType.NO_FALSE_POSITIVES)) {
            rows.add(new ValueCount(row.getItem(), row.getEstimate()));
        }
        rows.sort(
                (a, b) ->
                        a.count() != b.count()
                                ? Long.compare(b.count(), a.count())
                                : a.value().compareTo(b.value()));
        return rows.subList(0, Math.min(n, rows.size()));
    }

    byte[] toBytes() {
        return sketch.toByteArray(SERDE);
    }

    static TopItems fromBytes(byte[] bytes) {
        return new TopItems(ItemsSketch.getInstance(Memory.wrap(bytes), SERDE));
    }
}
