package dev.logslice.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A text column of the logs table compared with TRUE or FALSE, refused before it runs: Flink takes
 * {@code malformed = TRUE} and compares the column as text with the boolean's text, so the query
 * runs and no row matches (a silent 0 where the user asked for the malformed lines), and {@code
 * malformed <> FALSE} matches every row.
 */
final class BooleanComparisons {
    private static final Set<SqlKind> COMPARISONS =
            EnumSet.of(
                    SqlKind.EQUALS,
                    SqlKind.NOT_EQUALS,
                    SqlKind.IS_DISTINCT_FROM,
                    SqlKind.IS_NOT_DISTINCT_FROM);

    private BooleanComparisons() {}

    /**
     * @param statement the query as Flink's parser reads it
     * @param textColumns the logs table's columns of a character type
     * @param textMaps its map columns of character values ({@code extra}), whose {@code
     *     extra['key']} is text too
     */
    static void check(SqlNode statement, List<String> textColumns, List<String> textMaps) {
        statement.accept(
                new SqlBasicVisitor<Void>() {
                    @Override
                    public Void visit(SqlCall call) {
                        if (COMPARISONS.contains(call.getKind()) && call.operandCount() == 2) {
                            check(call.operand(0), call.operand(1), textColumns, textMaps);
                            check(call.operand(1), call.operand(0), textColumns, textMaps);
                        }
                        return super.visit(call);
                    }
                });
    }

    private static void check(
            SqlNode operand, SqlNode value, List<String> textColumns, List<String> textMaps) {
        if (!(value instanceof SqlLiteral literal)
                || literal.getTypeName() != SqlTypeName.BOOLEAN) {
            return;
        }
        String text = null;
        if (operand instanceof SqlIdentifier identifier && textColumns.contains(last(identifier))) {
            text = last(identifier);
        } else if (operand.getKind() == SqlKind.ITEM
                && ((SqlCall) operand).operand(0) instanceof SqlIdentifier map
                && textMaps.contains(last(map))) {
            text = operand.toString();
        }
        if (text != null) {
            String bool = String.valueOf(literal.getValue()).toUpperCase(Locale.ROOT);
            throw new IllegalArgumentException(
                    "sql: "
                            + text
                            + " is text: Flink would compare it with "
                            + bool
                            + " as text, which is not what it means; "
                            + (text.equals("malformed")
                                    ? "malformed is the reason a line is malformed (NULL for an"
                                            + " event): write malformed IS NOT NULL"
                                    : "compare it with a string ('true'), or write "
                                            + text
                                            + " IS NOT NULL"));
        }
    }

    private static String last(SqlIdentifier identifier) {
        return identifier.names.get(identifier.names.size() - 1);
    }
}
