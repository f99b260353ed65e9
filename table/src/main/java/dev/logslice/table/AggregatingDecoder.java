package dev.logslice.table;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The local phase of a pushed {@code GROUP BY} in the reader: folds the rows a {@link RowDecoder}
 * makes of a split's lines (only the columns the keys and calls read, after the pushed conditions
 * and with malformed lines as it makes them) into partial groups, and emits one row per group when
 * the split ends.
 *
 * <p>A split of more groups than {@link #MAX_GROUPS} hands its groups on when it has that many:
 * Flink's global phase merges partial groups of one key anyway, so memory stays bounded however
 * many paths a log holds.
 */
final class AggregatingDecoder implements LineDecoder<RowData> {
    private static final long serialVersionUID = 1L;

    static final int MAX_GROUPS = 1 << 16;

    private final RowDecoder rows;
    private final PushedAggregate aggregate;
    private final TypeInformation<RowData> producedType;
    private final int maxGroups;

    private transient Map<Key, Partial> groups;

    /** The key of the row being folded, looked up with no key made per row; never put. */
    private transient Key probe;

    /** Groups handed on one per decoded line, since a line can emit only one record. */
    private transient Iterator<Partial> handingOn;

    AggregatingDecoder(
            RowDecoder rows,
            PushedAggregate aggregate,
            TypeInformation<RowData> producedType,
            int maxGroups) {
        this.rows = rows;
        this.aggregate = aggregate;
        this.producedType = producedType;
        this.maxGroups = maxGroups;
    }

    @Nullable
    @Override
    public RowData decode(Line line) {
        RowData row = rows.decode(line);
        if (row != null) {
            fold(row);
        }
        if (handingOn == null && groups != null && groups.size() >= maxGroups) {
            // At most maxGroups more lines fill the next map: this one is handed on by then.
            handingOn = groups.values().iterator();
            groups = new HashMap<>();
        }
        if (handingOn != null) {
            RowData partial = handingOn.next().row(aggregate.calls());
            if (!handingOn.hasNext()) {
                handingOn = null;
            }
            return partial;
        }
        return null;
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return rows.eventStarts();
    }

    @Override
    public void finishFile(String splitId, Consumer<RowData> output) {
        // The groups go on over the split's next file: only the rows are finished.
        rows.finishFile(splitId, this::fold);
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<RowData> output) {
        rows.finishSplit(report, this::fold);
        if (handingOn != null) {
            handingOn.forEachRemaining(partial -> output.accept(partial.row(aggregate.calls())));
            handingOn = null;
        }
        if (groups != null) {
            groups.values().forEach(partial -> output.accept(partial.row(aggregate.calls())));
            groups.clear();
        }
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }

    private void fold(RowData row) {
        if (groups == null) {
            groups = new HashMap<>();
        }
        GenericRowData fields = (GenericRowData) row;
        int[] keys = aggregate.keys();
        if (probe == null) {
            probe = new Key(new Object[keys.length]);
        }
        for (int i = 0; i < keys.length; i++) {
            probe.values[i] = fields.getField(keys[i]);
        }
        probe.rehash();
        Partial partial = groups.get(probe);
        if (partial == null) {
            partial = new Partial(probe.owned(), aggregate.calls().length);
            groups.put(partial.key, partial);
        }
        partial.add(aggregate.calls(), fields);
    }

    /** A group's key values; a string refers into its event's text until {@link #owned}. */
    private static final class Key {
        final Object[] values;
        int hash;

        Key(Object[] values) {
            this.values = values;
            rehash();
        }

        /** After {@link #values} changed: only the probe's do, and only before a lookup. */
        void rehash() {
            hash = Arrays.hashCode(values);
        }

        /** The key with copies of its strings, which no longer hold their whole line. */
        Key owned() {
            Object[] copies = values.clone();
            for (int i = 0; i < copies.length; i++) {
                copies[i] = owned(copies[i]);
            }
            return new Key(copies);
        }

        static Object owned(Object value) {
            return value instanceof StringData text ? StringData.fromBytes(text.toBytes()) : value;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Arrays.equals(values, key.values);
        }
    }

    /** One group's partial results: counts and sums, and each MIN or MAX so far. */
    private static final class Partial {
        final Key key;
        final long[] numbers;
        final Object[] values;

        Partial(Key key, int calls) {
            this.key = key;
            this.numbers = new long[calls];
            this.values = new Object[calls];
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        void add(PushedAggregate.Call[] calls, GenericRowData row) {
            for (int i = 0; i < calls.length; i++) {
                PushedAggregate.Call call = calls[i];
                if (call.kind() == PushedAggregate.Kind.COUNT_ALL) {
                    numbers[i]++;
                    continue;
                }
                Object value = row.getField(call.input());
                if (value == null) {
                    continue; // NULL counts for no aggregate but COUNT(*)
                }
                switch (call.kind()) {
                    case COUNT -> numbers[i]++;
                    case SUM -> {
                        numbers[i] += ((Number) value).longValue();
                        values[i] = Boolean.TRUE;
                    }
                    case MIN, MAX -> {
                        int order =
                                values[i] == null ? 0 : ((Comparable) value).compareTo(values[i]);
                        if (values[i] == null
                                || (call.kind() == PushedAggregate.Kind.MIN
                                        ? order < 0
                                        : order > 0)) {
                            values[i] = Key.owned(value);
                        }
                    }
                    default -> throw new IllegalStateException(call.kind().name());
                }
            }
        }

        /** The partial row Flink's global phase merges: the keys, then each call's result. */
        RowData row(PushedAggregate.Call[] calls) {
            GenericRowData row = new GenericRowData(key.values.length + calls.length);
            for (int i = 0; i < key.values.length; i++) {
                row.setField(i, key.values[i]);
            }
            for (int i = 0; i < calls.length; i++) {
                Object result =
                        switch (calls[i].kind()) {
                            case COUNT_ALL, COUNT -> numbers[i];
                            // A sum of INT wraps as Flink's int sum does.
                            case SUM ->
                                    values[i] == null
                                            ? null
                                            : calls[i].result() == LogicalTypeRoot.INTEGER
                                                    ? (Object) (int) numbers[i]
                                                    : (Object) numbers[i];
                            default -> values[i];
                        };
                row.setField(key.values.length + i, result);
            }
            return row;
        }
    }
}
