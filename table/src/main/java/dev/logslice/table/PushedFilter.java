package dev.logslice.table;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * A condition of a query's WHERE clause that the source evaluates on each event before it builds a
 * row: a comparison of a number or time column with a constant, a string column equal to one, or a
 * string column {@code LIKE 'prefix%'}. Only conditions it decides exactly as Flink would are
 * taken; a NULL field (and so a malformed line) fails them, as in SQL.
 */
final class PushedFilter implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final Map<FunctionDefinition, Comparison> COMPARISONS =
            Map.of(
                    BuiltInFunctionDefinitions.EQUALS, Comparison.EQUAL,
                    BuiltInFunctionDefinitions.NOT_EQUALS, Comparison.NOT_EQUAL,
                    BuiltInFunctionDefinitions.GREATER_THAN, Comparison.GREATER,
                    BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL, Comparison.GREATER_OR_EQUAL,
                    BuiltInFunctionDefinitions.LESS_THAN, Comparison.LESS,
                    BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL, Comparison.LESS_OR_EQUAL);

    enum Comparison {
        EQUAL,
        NOT_EQUAL,
        GREATER,
        GREATER_OR_EQUAL,
        LESS,
        LESS_OR_EQUAL,
        PREFIX;

        boolean holds(int order) {
            return switch (this) {
                case EQUAL, PREFIX -> order == 0;
                case NOT_EQUAL -> order != 0;
                case GREATER -> order > 0;
                case GREATER_OR_EQUAL -> order >= 0;
                case LESS -> order < 0;
                case LESS_OR_EQUAL -> order <= 0;
            };
        }

        /**
         * The comparison with its two sides swapped: {@code 500 <= status} is {@code status >=
         * 500}.
         */
        Comparison swapped() {
            return switch (this) {
                case GREATER -> LESS;
                case GREATER_OR_EQUAL -> LESS_OR_EQUAL;
                case LESS -> GREATER;
                case LESS_OR_EQUAL -> GREATER_OR_EQUAL;
                default -> this;
            };
        }
    }

    private final EventColumn column;
    private final Comparison comparison;
    private final long number;
    private final int nanosOfMilli;
    private final byte[] text;
    private final String summary;

    private PushedFilter(
            EventColumn column,
            Comparison comparison,
            long number,
            int nanosOfMilli,
            byte[] text,
            String summary) {
        this.column = column;
        this.comparison = comparison;
        this.number = number;
        this.nanosOfMilli = nanosOfMilli;
        this.text = text;
        this.summary = summary;
    }

    /** The column the condition reads. */
    EventColumn column() {
        return column;
    }

    /**
     * The filter for a condition, if the source can decide it exactly; {@code columnTypes} are the
     * declared types of the table's physical columns, by name.
     */
    static Optional<PushedFilter> of(
            ResolvedExpression condition, Map<String, LogicalTypeRoot> columnTypes) {
        if (!(condition instanceof CallExpression call) || call.getResolvedChildren().size() != 2) {
            return Optional.empty();
        }
        ResolvedExpression left = call.getResolvedChildren().get(0);
        ResolvedExpression right = call.getResolvedChildren().get(1);
        Comparison comparison = COMPARISONS.get(call.getFunctionDefinition());
        if (call.getFunctionDefinition() == BuiltInFunctionDefinitions.LIKE) {
            comparison = Comparison.PREFIX;
        } else if (comparison == null) {
            return Optional.empty();
        }
        if (left instanceof ValueLiteralExpression && right instanceof FieldReferenceExpression) {
            if (comparison == Comparison.PREFIX) {
                return Optional.empty();
            }
            ResolvedExpression field = right;
            right = left;
            left = field;
            comparison = comparison.swapped();
        }
        if (!(left instanceof FieldReferenceExpression reference)
                || !(right instanceof ValueLiteralExpression literal)) {
            return Optional.empty();
        }
        EventColumn column = EventColumn.named(reference.getName());
        LogicalTypeRoot declared = columnTypes.get(reference.getName());
        if (column == null || declared == null || literal.isNull()) {
            return Optional.empty();
        }
        String summary = condition.asSummaryString();
        Comparison op = comparison;
        switch (column.field().kind()) {
            case INTEGER:
                if (declared == LogicalTypeRoot.VARCHAR || op == Comparison.PREFIX) {
                    return Optional.empty();
                }
                return wholeNumber(literal)
                        .map(n -> new PushedFilter(column, op, n, 0, null, summary));
            case TIMESTAMP:
                if (declared != LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                        || op == Comparison.PREFIX) {
                    return Optional.empty();
                }
                return literal.getValueAs(Instant.class)
                        .map(
                                time ->
                                        new PushedFilter(
                                                column,
                                                op,
                                                time.toEpochMilli(),
                                                time.getNano() % 1_000_000,
                                                null,
                                                summary));
            case STRING:
                return text(literal, op)
                        .map(bytes -> new PushedFilter(column, op, 0, 0, bytes, summary));
            default:
                return Optional.empty();
        }
    }

    private static Optional<Long> wholeNumber(ValueLiteralExpression literal) {
        Optional<BigDecimal> decimal = literal.getValueAs(BigDecimal.class);
        if (decimal.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(decimal.get().longValueExact());
        } catch (ArithmeticException e) {
            // 499.5: compared as a decimal by Flink; left to Flink.
            return Optional.empty();
        }
    }

    /** The bytes to compare with: the literal, or for LIKE the prefix of {@code 'prefix%'}. */
    private static Optional<byte[]> text(ValueLiteralExpression literal, Comparison comparison) {
        Optional<String> value = literal.getValueAs(String.class);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        String text = value.get();
        if (comparison == Comparison.PREFIX) {
            String prefix = text.endsWith("%") ? text.substring(0, text.length() - 1) : null;
            if (prefix == null
                    || prefix.contains("%")
                    || prefix.contains("_")
                    || prefix.contains("\\")) {
                return Optional.empty();
            }
            text = prefix;
        } else if (comparison != Comparison.EQUAL && comparison != Comparison.NOT_EQUAL) {
            // Flink orders strings by their code points, not by UTF-8 bytes: left to Flink.
            return Optional.empty();
        }
        return Optional.of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the event passes; {@code span} is scratch space, {@code levels} the reader's. */
    boolean test(LogEvent event, ByteSpan span, ReportedLevel levels) {
        Field field = column.field();
        if (!event.hasValue(field)) {
            return false;
        }
        switch (field.kind()) {
            case INTEGER:
                long value = (Long) event.value(field);
                if (column == EventColumn.STATUS) {
                    value = Math.min(Integer.MAX_VALUE, value);
                }
                return comparison.holds(Long.compare(value, number));
            case TIMESTAMP:
                long millis = event.epochSecond() * 1000 + event.nanos() / 1_000_000;
                int order = Long.compare(millis, number);
                if (order == 0) {
                    order = Integer.compare(event.nanos() % 1_000_000, nanosOfMilli);
                }
                return comparison.holds(order);
            default:
                if (column == EventColumn.LEVEL) {
                    // The column's value: the level's reported name, as the row has it.
                    byte[] name = levels.bytesOf(event);
                    return holds(name, 0, name.length);
                }
                event.span(field, span);
                return holds(span.bytes(), span.start(), span.end());
        }
    }

    private boolean holds(byte[] value, int start, int end) {
        if (comparison == Comparison.PREFIX) {
            return end - start >= text.length
                    && Arrays.equals(value, start, start + text.length, text, 0, text.length);
        }
        boolean equal = Arrays.equals(value, start, end, text, 0, text.length);
        return comparison.holds(equal ? 0 : 1);
    }

    @Override
    public String toString() {
        return summary;
    }
}
