package dev.logslice.report;

import dev.logslice.format.Severity;
import dev.logslice.report.Terminal.Tone;
import dev.logslice.stats.ValueCount;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A table of a report as people read it, in the terminal and on the page alike: one row per value
 * with its count, its share of a total and any further number columns the panel has (visitors,
 * bytes, time served). Both renderers take this model, so a panel or a column is added here once.
 *
 * @param id the anchor of the table on the page (and its key in the panel index)
 * @param title what the table shows
 * @param valueName the heading of the value column
 * @param total what the shares are of; 0 for no share column
 * @param columns the number columns after count and share
 * @param rows in the order to show
 * @param note why the table may be incomplete (estimated counts), or empty
 */
public record RankedTable(
        String id,
        String title,
        String valueName,
        long total,
        List<Column> columns,
        List<Row> rows,
        String note) {

    public RankedTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** What the numbers of a column are, which decides how they are written. */
    public enum Unit {
        COUNT,
        BYTES,
        SECONDS
    }

    /** A number column: its heading and unit. */
    public record Column(String name, Unit unit) {}

    /**
     * A number column computed from the items a table is made of.
     *
     * @param <T> the items
     */
    public record Extra<T>(Column column, ToDoubleFunction<T> cell) {
        public static <T> Extra<T> of(String name, Unit unit, ToDoubleFunction<T> cell) {
            return new Extra<>(new Column(name, unit), cell);
        }
    }

    /**
     * One row: {@code cells} holds a number per {@link #columns}, NaN where the value has none;
     * {@code tone} colours its bar (a level's severity, a status class), null for the default.
     */
    public record Row(String value, long count, double[] cells, @Nullable Tone tone) {}

    /** A table of counted values, with a share column when {@code total} is positive. */
    public static RankedTable of(
            String id, String title, String valueName, List<ValueCount> rows, long total) {
        return of(
                        id,
                        title,
                        valueName,
                        rows,
                        ValueCount::value,
                        ValueCount::count,
                        total,
                        List.of())
                .withTones(value -> null);
    }

    /** A table of any items, each a row with the extra columns given. */
    public static <T> RankedTable of(
            String id,
            String title,
            String valueName,
            List<T> items,
            Function<T, String> value,
            java.util.function.ToLongFunction<T> count,
            long total,
            List<Extra<T>> extras) {
        List<Row> rows = new ArrayList<>(items.size());
        for (T item : items) {
            double[] cells = new double[extras.size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = extras.get(i).cell().applyAsDouble(item);
            }
            rows.add(new Row(value.apply(item), count.applyAsLong(item), cells, null));
        }
        // A total below the rows' sum (error events without a time) would give shares over 100%.
        long counted = rows.stream().mapToLong(Row::count).sum();
        return new RankedTable(
                id,
                title,
                valueName,
                total > 0 ? Math.max(total, counted) : 0,
                extras.stream().map(Extra::column).toList(),
                rows,
                "");
    }

    /** A table of a breakdown (status codes, methods...) in the map's order. */
    public static RankedTable ofCounts(
            String id, String title, String valueName, Map<String, Long> counts, long total) {
        return of(
                id,
                title,
                valueName,
                counts.entrySet().stream()
                        .map(e -> new ValueCount(e.getKey(), e.getValue()))
                        .toList(),
                total);
    }

    /** This table with each row's bar in the tone {@code toneOf} gives its value. */
    public RankedTable withTones(Function<String, Tone> toneOf) {
        return new RankedTable(
                id,
                title,
                valueName,
                total,
                columns,
                rows.stream()
                        .map(r -> new Row(r.value(), r.count(), r.cells(), toneOf.apply(r.value())))
                        .toList(),
                note);
    }

    public RankedTable withNote(String note) {
        return new RankedTable(id, title, valueName, total, columns, rows, note);
    }

    /**
     * A level's tone by its severity: ERROR and worse red, WARNING amber, DEBUG and TRACE muted.
     */
    @Nullable
    public static Tone levelTone(String level) {
        Severity severity = Severity.of(level);
        if (severity == null) {
            return null;
        }
        if (severity.isAtLeast(Severity.CRITICAL)) {
            return Tone.WORST;
        }
        if (severity.isAtLeast(Severity.ERROR)) {
            return Tone.BAD;
        }
        if (severity.isAtLeast(Severity.WARNING)) {
            return Tone.WARN;
        }
        return severity.isAtLeast(Severity.INFO) ? Tone.NOTE : Tone.MUTED;
    }

    /** A status code's or class's tone: 2xx good, 3xx a note, 4xx a warning, 5xx bad. */
    @Nullable
    public static Tone statusTone(String status) {
        if (status.isEmpty()) {
            return null;
        }
        return switch (status.charAt(0)) {
            case '2' -> Tone.GOOD;
            case '3' -> Tone.NOTE;
            case '4' -> Tone.WARN;
            case '5' -> Tone.BAD;
            default -> null;
        };
    }
}
