package dev.logslice.stats;

import dev.logslice.connector.runtime.SketchMemory;

import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.memory.Memory;

import javax.annotation.Nullable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;

/**
 * The most frequent values of one field: a DataSketches frequent-items sketch, exact while the
 * distinct values fit its map, mergeable across readers. Beside it, for access logs, the {@link
 * RowTotals} (bytes, time served, visitors) of the heavy hitters: exact up to {@link #MAX_ROWS}
 * distinct values; beyond, the half of the rows with the fewest events is dropped, and a value gets
 * a row only once its count passes the smallest of the rows kept then. A report lists the most
 * frequent values, which keep their rows from the start; a row that was dropped or came late sums
 * only what came after ({@link #rowsExact()} is then false). Rows for every value cost as much as
 * the rest of the report: each reader's partial of each split carries them.
 */
public final class TopItems {
    static {
        SketchMemory.load();
    }

    /**
     * Map size of the sketch: exact up to ~24,000 distinct values (clients of a busy day), small
     * error beyond. The map grows only as distinct values come, so small inputs stay small.
     */
    private static final int MAX_MAP_SIZE = 1 << 15;

    private static final ArrayOfStringsSerDe SERDE = new ArrayOfStringsSerDe();

    /** Distinct values whose totals are kept; past it, the smaller half is dropped. */
    static final int MAX_ROWS = 1 << 11;

    private final ItemsSketch<String> sketch;

    /** Per value: events, then {@link RowTotals#WIDTH} longs; and its visitors. */
    private final Map<String, Row> rows = new HashMap<>();

    private boolean rowsExact = true;

    /** The events a value must pass to get a row when the rows are full: 0 until they are. */
    private long admission;

    /** For a panel {@link #derive}d from another, how far that one's counts may be off. */
    private long sourceError;

    /**
     * The events and the error of a sketch whose serial form lost them: DataSketches writes an
     * {@link ItemsSketch} whose purges left it no value (every value seen about once, more of them
     * than its map holds) as an empty one, without its stream length and offset, so a partial read
     * back counted no events and a merged unique-client estimate was capped at the others'.
     */
    private long lostEvents;

    private long lostError;

    /** A value's totals, as {@link ByteCounts#drainInto} adds to them. */
    static final class Row {
        long events;
        final long[] totals = new long[RowTotals.WIDTH];
        @Nullable Visitors visitors;

        /** Its times served: their tail is what a row's p99 tells. */
        @Nullable TimesServed times;

        void addTime(long micros) {
            times().add((float) (micros / 1e6));
        }

        private TimesServed times() {
            if (times == null) {
                times = new TimesServed();
            }
            return times;
        }

        /**
         * {@code events} more events, with their totals if any ({@code totals[at, at + WIDTH)}).
         */
        void add(long moreEvents, @Nullable long[] more, int at) {
            events += moreEvents;
            if (more != null) {
                RowTotals.merge(totals, 0, more, at);
            }
        }

        Visitors visitors() {
            if (visitors == null) {
                visitors = Visitors.forRow();
            }
            return visitors;
        }
    }

    public TopItems() {
        this(new ItemsSketch<>(MAX_MAP_SIZE));
    }

    private TopItems(ItemsSketch<String> sketch) {
        this.sketch = sketch;
    }

    /**
     * The row of a value (its events already in the sketch): made when it has none and there is
     * room or its count passes {@link #admission} (dropping the smaller rows to make room); null
     * when it gets none.
     */
    @Nullable
    Row row(String value) {
        Row row = rows.get(value);
        if (row == null) {
            if (rows.size() >= MAX_ROWS) {
                rowsExact = false;
                if (sketch.getEstimate(value) <= admission) {
                    return null;
                }
                dropSmallRows();
            }
            row = new Row();
            rows.put(value, row);
        }
        return row;
    }

    /** Keeps the half of the rows with the most events (ties by value, for a stable choice). */
    private void dropSmallRows() {
        List<Map.Entry<String, Row>> sorted = new ArrayList<>(rows.entrySet());
        sorted.sort(
                Comparator.comparingLong((Map.Entry<String, Row> e) -> -e.getValue().events)
                        .thenComparing(Map.Entry::getKey));
        admission = sorted.get(MAX_ROWS / 2 - 1).getValue().events;
        for (Map.Entry<String, Row> dropped : sorted.subList(MAX_ROWS / 2, sorted.size())) {
            rows.remove(dropped.getKey());
        }
    }

    /** A value's totals, or null when none were added (no access log, or dropped). */
    @Nullable
    public RowTotals totals(String value) {
        Row row = rows.get(value);
        return row == null ? null : RowTotals.of(row.events, row.totals, row.visitors, row.times);
    }

    /** Whether every row's totals are exact: no row was ever dropped. */
    public boolean rowsExact() {
        return rowsExact;
    }

    public void add(String value, long count) {
        sketch.update(value, count);
    }

    public void merge(TopItems other) {
        sketch.merge(other.sketch);
        lostEvents += other.lostEvents;
        lostError += other.lostError;
        rowsExact &= other.rowsExact;
        other.rows.forEach(this::addRow);
    }

    private void addRow(String value, Row theirs) {
        Row row = row(value);
        if (row == null) {
            return;
        }
        row.add(theirs.events, theirs.totals, 0);
        if (theirs.visitors != null) {
            row.visitors().merge(theirs.visitors);
        }
        if (theirs.times != null) {
            row.times().merge(theirs.times);
        }
    }

    /** Gives every value the sketch holds with its (estimated) count. */
    void forEachValue(ObjLongConsumer<String> consumer) {
        for (ItemsSketch.Row<String> row :
                sketch.getFrequentItems(0, ErrorType.NO_FALSE_NEGATIVES)) {
            consumer.accept(row.getItem(), row.getEstimate());
        }
    }

    /**
     * Another panel made from this one's values at report time: each value that {@code key} maps to
     * a non-null one counts there, with its row. Exact where this one is; past its exact range the
     * values it dropped are missing, which {@link #maxError()} then says (as this one's).
     */
    TopItems derive(Function<String, String> key) {
        TopItems derived = new TopItems();
        forEachValue(
                (value, count) -> {
                    String derivedValue = key.apply(value);
                    if (derivedValue != null) {
                        derived.add(derivedValue, count);
                        Row row = rows.get(value);
                        if (row != null) {
                            derived.addRow(derivedValue, row);
                        }
                    }
                });
        derived.rowsExact = rowsExact;
        derived.sourceError = maxError();
        return derived;
    }

    /**
     * A panel counted apart ({@code counts}, which stays as it is) with rows made from this one's:
     * each row here adds to the row of the value {@code key} maps its value to, if any.
     */
    TopItems rowsFor(TopItems counts, Function<String, String> key) {
        TopItems derived = new TopItems();
        derived.merge(counts);
        rows.forEach(
                (value, row) -> {
                    String derivedValue = key.apply(value);
                    if (derivedValue != null) {
                        derived.addRow(derivedValue, row);
                    }
                });
        derived.rowsExact &= rowsExact;
        return derived;
    }

    /** How far any count may be off: 0 while the values fit the sketch's map. */
    public long maxError() {
        return Math.max(sketch.getMaximumError() + lostError, sourceError);
    }

    public boolean isEmpty() {
        return sketch.isEmpty();
    }

    /** The events counted: the sum of every value's count. */
    long events() {
        return sketch.getStreamLength() + lostEvents;
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
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            Strings.writeBytes(out, sketch.toByteArray(SERDE));
            out.writeLong(events());
            out.writeLong(sketch.getMaximumError() + lostError);
            out.writeBoolean(rowsExact);
            out.writeLong(admission);
            out.writeInt(rows.size());
            for (Map.Entry<String, Row> entry : rows.entrySet()) {
                Row row = entry.getValue();
                Strings.write(out, entry.getKey());
                out.writeLong(row.events);
                for (long total : row.totals) {
                    out.writeLong(total);
                }
                out.writeBoolean(row.visitors != null);
                if (row.visitors != null) {
                    row.visitors.write(out);
                }
                out.writeBoolean(row.times != null);
                if (row.times != null) {
                    row.times.write(out);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    static TopItems fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            TopItems items =
                    new TopItems(
                            ItemsSketch.getInstance(Memory.wrap(Strings.readBytes(in)), SERDE));
            items.lostEvents = in.readLong() - items.sketch.getStreamLength();
            items.lostError = in.readLong() - items.sketch.getMaximumError();
            items.rowsExact = in.readBoolean();
            items.admission = in.readLong();
            int rows = in.readInt();
            for (int i = 0; i < rows; i++) {
                Row row = new Row();
                String value = Strings.read(in);
                row.events = in.readLong();
                for (int t = 0; t < RowTotals.WIDTH; t++) {
                    row.totals[t] = in.readLong();
                }
                if (in.readBoolean()) {
                    row.visitors = Visitors.readRow(in);
                }
                if (in.readBoolean()) {
                    row.times = TimesServed.read(in);
                }
                items.rows.put(value, row);
            }
            return items;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
