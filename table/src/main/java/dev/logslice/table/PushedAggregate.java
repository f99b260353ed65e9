package dev.logslice.table;

import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.io.Serializable;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The local phase of a {@code GROUP BY} that the source computes itself, per split, as Flink's
 * local aggregate would: the group keys, and calls it computes exactly whatever order the rows come
 * in (so that partials merge to what Flink computes), COUNT, COUNT(*), SUM of whole numbers, MIN
 * and MAX of whole numbers, times and strings. Any other aggregate is left to Flink.
 *
 * <p>The rows it folds are those of the scan before the aggregate, with only the {@link #inputs()}
 * it reads: keys and arguments are positions in that narrower row.
 */
final class PushedAggregate implements Serializable {
    private static final long serialVersionUID = 1L;

    enum Kind {
        COUNT_ALL,
        COUNT,
        SUM,
        MIN,
        MAX
    }

    /** One aggregate call: {@code input} is its argument's position, -1 for COUNT(*). */
    record Call(Kind kind, int input, LogicalTypeRoot result) implements Serializable {}

    /** Types whose order is total and the same as Flink's, so MIN and MAX need no order. */
    private static final Set<LogicalTypeRoot> ORDERED =
            EnumSet.of(
                    LogicalTypeRoot.INTEGER,
                    LogicalTypeRoot.BIGINT,
                    LogicalTypeRoot.VARCHAR,
                    LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                    LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);

    /** Whole numbers: a sum wraps as Flink's does, so it is the same in any order. */
    private static final Set<LogicalTypeRoot> WHOLE =
            EnumSet.of(LogicalTypeRoot.INTEGER, LogicalTypeRoot.BIGINT);

    private final int[] inputs;
    private final int[] keys;
    private final Call[] calls;

    /** An aggregate of the given parts; {@link #of} checks what Flink offers. */
    PushedAggregate(int[] inputs, int[] keys, Call[] calls) {
        this.inputs = inputs;
        this.keys = keys;
        this.calls = calls;
    }

    /**
     * The aggregate Flink offers, if the source can compute all of it.
     *
     * @param grouping the key fields, positions in {@code scanType}
     * @param scanType the rows of the scan before the aggregate
     * @param producedType the rows Flink wants instead: the keys, then one field per call
     */
    static Optional<PushedAggregate> of(
            int[] grouping,
            List<AggregateExpression> aggregates,
            DataType scanType,
            DataType producedType) {
        List<DataType> scanFields = DataType.getFieldDataTypes(scanType);
        List<DataType> produced = DataType.getFieldDataTypes(producedType);
        if (produced.size() != grouping.length + aggregates.size()) {
            return Optional.empty(); // a call with more than one partial field (AVG)
        }
        TreeSet<Integer> read = new TreeSet<>();
        for (int key : grouping) {
            if (root(scanFields.get(key)) == LogicalTypeRoot.MAP) {
                return Optional.empty();
            }
            read.add(key);
        }
        Kind[] kinds = new Kind[aggregates.size()];
        int[] arguments = new int[aggregates.size()];
        for (int i = 0; i < kinds.length; i++) {
            AggregateExpression call = aggregates.get(i);
            kinds[i] = kind(call);
            if (kinds[i] == null
                    || call.isDistinct()
                    || call.isApproximate()
                    || call.getFilterExpression().isPresent()
                    || call.getArgs().size() != (kinds[i] == Kind.COUNT_ALL ? 0 : 1)) {
                return Optional.empty();
            }
            arguments[i] = -1;
            if (kinds[i] != Kind.COUNT_ALL) {
                FieldReferenceExpression argument = call.getArgs().get(0);
                LogicalTypeRoot type = root(argument.getOutputDataType());
                LogicalTypeRoot result = root(produced.get(grouping.length + i));
                boolean computable =
                        switch (kinds[i]) {
                            case SUM -> WHOLE.contains(type) && result == type;
                            case MIN, MAX -> ORDERED.contains(type) && result == type;
                            default -> true;
                        };
                if (!computable) {
                    return Optional.empty();
                }
                arguments[i] = argument.getFieldIndex();
                read.add(arguments[i]);
            }
        }
        if (Arrays.stream(kinds).allMatch(kind -> kind == Kind.COUNT || kind == Kind.COUNT_ALL)
                && !countsOfTheScanItself(grouping, kinds, scanType, producedType)) {
            return Optional.empty();
        }
        int[] inputs = read.stream().mapToInt(Integer::intValue).toArray();
        int[] keys = Arrays.stream(grouping).map(key -> Arrays.binarySearch(inputs, key)).toArray();
        Call[] calls = new Call[kinds.length];
        for (int i = 0; i < calls.length; i++) {
            calls[i] =
                    new Call(
                            kinds[i],
                            arguments[i] < 0 ? -1 : Arrays.binarySearch(inputs, arguments[i]),
                            root(produced.get(grouping.length + i)));
        }
        return Optional.of(new PushedAggregate(inputs, keys, calls));
    }

    /**
     * Whether an aggregate of COUNTs alone is of the scan's own rows. Flink 2.3 pushes such an
     * aggregate through a projection that computes ({@code GROUP BY FLOOR(ts TO MINUTE)}, {@code
     * COUNT(CASE WHEN status >= 500 THEN 1 END)}) with its keys and arguments turned into the
     * columns the projection reads, so that the source would count per second, or every row: it
     * checks that a projection is of columns only when some call is not a COUNT. So here only
     * COUNT(*) is taken, over keys whose names and types are the scan's own columns' (a computed
     * key is named by its alias or {@code $f0}).
     */
    private static boolean countsOfTheScanItself(
            int[] grouping, Kind[] kinds, DataType scanType, DataType producedType) {
        if (Arrays.stream(kinds).anyMatch(kind -> kind != Kind.COUNT_ALL)) {
            return false;
        }
        List<String> scanNames = DataType.getFieldNames(scanType);
        List<String> producedNames = DataType.getFieldNames(producedType);
        List<DataType> scanFields = DataType.getFieldDataTypes(scanType);
        List<DataType> produced = DataType.getFieldDataTypes(producedType);
        for (int k = 0; k < grouping.length; k++) {
            if (!producedNames.get(k).equals(scanNames.get(grouping[k]))
                    || !produced.get(k)
                            .getLogicalType()
                            .copy(true)
                            .equals(scanFields.get(grouping[k]).getLogicalType().copy(true))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The call's kind, from the name of the planner's function class (the planner is loaded apart
     * from the connector, so its classes cannot be named here); null for any other function.
     */
    private static Kind kind(AggregateExpression call) {
        for (Class<?> type = call.getFunctionDefinition().getClass();
                type != null;
                type = type.getSuperclass()) {
            switch (type.getName()) {
                case "org.apache.flink.table.planner.functions.aggfunctions.Count1AggFunction":
                    return Kind.COUNT_ALL;
                case "org.apache.flink.table.planner.functions.aggfunctions.CountAggFunction":
                    return Kind.COUNT;
                case "org.apache.flink.table.planner.functions.aggfunctions.SumAggFunction":
                    return Kind.SUM;
                case "org.apache.flink.table.planner.functions.aggfunctions.MinAggFunction":
                    return Kind.MIN;
                case "org.apache.flink.table.planner.functions.aggfunctions.MaxAggFunction":
                    return Kind.MAX;
                default:
                    break;
            }
        }
        return null;
    }

    private static LogicalTypeRoot root(DataType type) {
        return type.getLogicalType().getTypeRoot();
    }

    /** The scan's fields the aggregate reads, ascending: the row it folds has these only. */
    int[] inputs() {
        return inputs;
    }

    /** The key fields, positions in the folded row. */
    int[] keys() {
        return keys;
    }

    Call[] calls() {
        return calls;
    }
}
