package dev.logslice.sql;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.Locale;

/**
 * Whether a query COUNTs the rows of a subquery or a join. Flink 2.3 pushes a local aggregate of
 * COUNTs alone into the scan through a projection that computes, with the computed column taken for
 * the one it reads; the source refuses that unless the keys are named as its own columns, which a
 * subquery's {@code status / 100 AS status} is. {@code logslice sql} then turns the pushdown off
 * for the query ({@code 'aggregate-pushdown' = 'false'}).
 */
public final class SubqueryCounts {
    private SubqueryCounts() {}

    /**
     * @param table the table's name: any other name in a FROM is a WITH query's
     */
    public static boolean in(String query, String table) {
        SqlNode statement = QueryLimits.parse(query);
        if (statement == null) {
            return false;
        }
        boolean[] found = {false};
        statement.accept(
                new SqlBasicVisitor<Void>() {
                    @Override
                    public Void visit(SqlCall call) {
                        if (call instanceof SqlSelect select
                                && !isTable(select.getFrom(), table)
                                && counts(select)) {
                            found[0] = true;
                        }
                        return super.visit(call);
                    }
                });
        return found[0];
    }

    /** The table's name, aliased or not; no FROM reads no rows of anything else either. */
    private static boolean isTable(SqlNode from, String table) {
        SqlNode named =
                from != null && from.getKind() == SqlKind.AS ? ((SqlCall) from).operand(0) : from;
        return named == null
                || (named instanceof SqlIdentifier identifier
                        && identifier.names.get(identifier.names.size() - 1).equals(table));
    }

    private static boolean counts(SqlSelect select) {
        boolean[] count = {false};
        SqlBasicVisitor<Void> finder =
                new SqlBasicVisitor<>() {
                    @Override
                    public Void visit(SqlCall call) {
                        if (call.getOperator().getName().toUpperCase(Locale.ROOT).equals("COUNT")) {
                            count[0] = true;
                        }
                        // A subquery's own counts are its own SELECT's to tell.
                        return call instanceof SqlSelect ? null : super.visit(call);
                    }
                };
        select.getSelectList().accept(finder);
        if (select.getHaving() != null) {
            select.getHaving().accept(finder);
        }
        return count[0];
    }
}
