package dev.logslice.sql;

import dev.logslice.format.Severity;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Comparisons with the logs table that would run and answer wrong without a word, refused before
 * the query runs:
 *
 * <ul>
 *   <li>a text column compared with TRUE or FALSE: Flink compares the column as text with the
 *       boolean's text, so {@code malformed = TRUE} counts 0 of the malformed lines and {@code
 *       malformed <> FALSE} every row;
 *   <li>{@code level} compared with a name it never holds: the column holds each level as logslice
 *       reports it ({@link Severity#reportedName}), so a JSON log's {@code "level":"error"} is
 *       {@code ERROR}, and {@code level = 'error'} would count 0.
 * </ul>
 */
final class MisleadingComparisons {
    private static final Set<SqlKind> COMPARISONS =
            EnumSet.of(
                    SqlKind.EQUALS,
                    SqlKind.NOT_EQUALS,
                    SqlKind.IS_DISTINCT_FROM,
                    SqlKind.IS_NOT_DISTINCT_FROM);

    private static final String LEVEL = "level";

    private MisleadingComparisons() {}

    /**
     * @param statement the query as Flink's parser reads it
     * @param textColumns the logs table's columns of a character type
     * @param textMaps its map columns of character values ({@code extra}), whose {@code
     *     extra['key']} is text too
     */
    static void check(SqlNode statement, List<String> textColumns, List<String> textMaps) {
        boolean level = textColumns.contains(LEVEL);
        statement.accept(
                new SqlBasicVisitor<Void>() {
                    @Override
                    public Void visit(SqlCall call) {
                        if (COMPARISONS.contains(call.getKind()) && call.operandCount() == 2) {
                            for (int side = 0; side < 2; side++) {
                                SqlNode operand = call.operand(side);
                                SqlNode value = call.operand(1 - side);
                                checkBoolean(operand, value, textColumns, textMaps);
                                if (level) {
                                    checkLevel(operand, value);
                                }
                            }
                        } else if (level
                                && (call.getKind() == SqlKind.IN
                                        || call.getKind() == SqlKind.NOT_IN)
                                && call.operand(1) instanceof SqlNodeList values) {
                            for (SqlNode value : values) {
                                checkLevel(call.operand(0), value);
                            }
                        }
                        return super.visit(call);
                    }
                });
    }

    private static void checkBoolean(
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

    private static void checkLevel(SqlNode operand, SqlNode value) {
        if (operand instanceof SqlIdentifier identifier
                && last(identifier).equals(LEVEL)
                && value instanceof SqlCharStringLiteral literal) {
            String name = literal.getValueAs(String.class);
            String reported = Severity.reportedName(name);
            if (!reported.equals(name)) {
                throw new IllegalArgumentException(
                        "sql: level is never '"
                                + name
                                + "': it holds each level as logslice reports it, in capitals"
                                + " ('error' and 'err' as ERROR, 'warning' as WARN): write '"
                                + reported
                                + "'");
            }
        }
    }

    private static String last(SqlIdentifier identifier) {
        return identifier.names.get(identifier.names.size() - 1);
    }
}
