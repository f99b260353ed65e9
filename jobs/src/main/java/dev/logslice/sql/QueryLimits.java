package dev.logslice.sql;

import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * The LIMIT and OFFSET of a query that Flink would not apply as written, refused before it runs.
 * Flink's planner reads both as an int ({@code SortUtil} uses {@code RexLiteral.intValue}), so that
 * a larger one wraps around silently; and its sort with a limit ({@code SortLimitOperator}) makes a
 * queue of OFFSET + LIMIT slots up front in every parallel task, and fails without a limit.
 */
final class QueryLimits {
    /** The largest LIMIT or OFFSET Flink applies exactly. */
    static final long MAX_LIMIT = Integer.MAX_VALUE;

    /**
     * The most rows (OFFSET + LIMIT) an ORDER BY ... LIMIT may keep: each parallel sort task
     * allocates an array of that many slots before the first row (8 MB at this bound), and holds as
     * many rows. A sort without a limit has no such bound: it spills to disk.
     */
    static final long MAX_SORT_LIMIT = 1_000_000;

    private QueryLimits() {}

    /**
     * Throws an {@link IllegalArgumentException} of one line for a LIMIT or OFFSET that Flink would
     * not apply as written; a query that does not parse is left to Flink, which says why.
     *
     * @return the statement as Flink's parser reads it, or null when it does not parse
     */
    @Nullable
    static SqlNode check(String query) {
        SqlNode statement = parse(query);
        if (statement == null) {
            return null;
        }
        statement.accept(
                new SqlBasicVisitor<Void>() {
                    @Override
                    public Void visit(SqlCall call) {
                        if (call instanceof SqlOrderBy orderBy) {
                            check(orderBy.orderList, orderBy.offset, orderBy.fetch);
                        } else if (call instanceof SqlSelect select) {
                            check(select.getOrderList(), select.getOffset(), select.getFetch());
                        }
                        return super.visit(call);
                    }
                });
        return statement;
    }

    /** The statement as Flink's parser reads it, or null when it does not parse. */
    @Nullable
    static SqlNode parse(String query) {
        try {
            return SqlParser.create(
                            query,
                            SqlParser.config()
                                    .withParserFactory(FlinkSqlParserImpl.FACTORY)
                                    .withConformance(FlinkSqlConformance.DEFAULT)
                                    .withLex(Lex.JAVA))
                    .parseStmt();
        } catch (SqlParseException e) {
            return null;
        }
    }

    private static void check(
            @Nullable SqlNodeList orderList, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
        BigDecimal offsetValue = value("OFFSET", offset);
        BigDecimal fetchValue = value("LIMIT", fetch);
        if (orderList == null || orderList.isEmpty() || (offset == null && fetch == null)) {
            return;
        }
        if (fetch == null) {
            throw new IllegalArgumentException(
                    "sql: ORDER BY ... OFFSET needs a LIMIT in Flink's sort (OFFSET + LIMIT at most "
                            + number(MAX_SORT_LIMIT)
                            + ")");
        }
        if (offsetValue != null
                && fetchValue != null
                && offsetValue.add(fetchValue).compareTo(BigDecimal.valueOf(MAX_SORT_LIMIT)) > 0) {
            throw new IllegalArgumentException(
                    "sql: ORDER BY ... LIMIT "
                            + fetchValue.toPlainString()
                            + (offsetValue.signum() > 0
                                    ? " OFFSET " + offsetValue.toPlainString()
                                    : "")
                            + " keeps that many rows in memory in Flink's sort: at most "
                            + number(MAX_SORT_LIMIT)
                            + " (OFFSET + LIMIT); for more, leave out the LIMIT (a sort without"
                            + " it spills to disk) and take the rows you need from its output");
        }
    }

    /**
     * A LIMIT or OFFSET's value: 0 when absent, null when it is no literal (left to Flink); refused
     * beyond what Flink applies.
     */
    @Nullable
    private static BigDecimal value(String clause, @Nullable SqlNode node) {
        if (node == null) {
            return BigDecimal.ZERO;
        }
        if (!(node instanceof SqlNumericLiteral literal)) {
            return null;
        }
        BigDecimal value = literal.bigDecimalValue();
        if (value != null && value.compareTo(BigDecimal.valueOf(MAX_LIMIT)) > 0) {
            throw new IllegalArgumentException(
                    "sql: "
                            + clause
                            + " "
                            + value.toPlainString()
                            + " is beyond what Flink applies exactly: at most "
                            + number(MAX_LIMIT)
                            + " (it reads LIMIT and OFFSET as an int)");
        }
        return value;
    }

    private static String number(long n) {
        return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
    }
}
