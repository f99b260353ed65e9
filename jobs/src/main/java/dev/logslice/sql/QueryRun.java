package dev.logslice.sql;

import dev.logslice.table.functions.LogsliceFunctions;

import org.apache.flink.configuration.MemorySize;
import org.apache.flink.sql.parser.dql.SqlRichExplain;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorFactory;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.AggregatePhaseStrategy;
import org.apache.flink.table.api.config.OptimizerConfigOptions;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.apache.calcite.sql.SqlNode;

import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One query of {@code logslice sql}: the table made, the query run in batch mode, its rows written.
 * Apart from the command so that only a query loads the table API: other commands run where it is
 * not on the class path (a cluster without Flink's table jars).
 */
public final class QueryRun {
    private QueryRun() {}

    /**
     * @param maxLineLength the longest line the table reads
     * @param terminalWidth the terminal's width, or 0 when the rows go to no terminal
     * @return null, for {@code ExecutionTarget.run}
     */
    public static Void run(
            StreamExecutionEnvironment env,
            String createTable,
            String table,
            String query,
            RowOutput form,
            Writer out,
            MemorySize maxLineLength,
            int terminalWidth)
            throws Exception {
        SqlNode statement = QueryLimits.check(query);
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
        // Flink's collect fails on a row larger than its batch (2 MiB by default). A row of the
        // longest line holds it about twice (its columns, the line column): room for that with a
        // margin. The batch is a bound, not a buffer: small rows cost nothing more.
        long row = 4 * maxLineLength.getBytes() + (1 << 20);
        MemorySize batch = CollectSinkOperatorFactory.MAX_BATCH_SIZE.defaultValue();
        if (row > batch.getBytes()) {
            tables.getConfig().set(CollectSinkOperatorFactory.MAX_BATCH_SIZE, new MemorySize(row));
        }
        // Partial groups in the readers' tasks, whatever the planner estimates of the table's
        // size (it has no statistics of it): only they cross the network.
        tables.getConfig()
                .set(
                        OptimizerConfigOptions.TABLE_OPTIMIZER_AGG_PHASE_STRATEGY,
                        AggregatePhaseStrategy.TWO_PHASE);
        LogsliceFunctions.register(tables);
        tables.executeSql(createTable);
        ResolvedSchema schema = tables.from(table).getResolvedSchema();
        List<String> columns = schema.getColumnNames();
        if (statement != null) {
            MisleadingComparisons.check(
                    statement, columnsOf(schema, false), columnsOf(schema, true));
        }
        TableResult result = execute(tables, query, columns);
        try (CloseableIterator<Row> rows = result.collect()) {
            if (statement instanceof SqlRichExplain && form == RowOutput.TABLE) {
                PlanText.write(values(rows), out);
            } else {
                form.write(
                        result.getResolvedSchema().getColumnNames(),
                        values(rows),
                        out,
                        terminalWidth);
            }
        }
        return null;
    }

    /** The columns of text, or the maps with text values. */
    private static List<String> columnsOf(ResolvedSchema schema, boolean maps) {
        return schema.getColumns().stream()
                .filter(
                        column -> {
                            LogicalType type = column.getDataType().getLogicalType();
                            if (maps) {
                                return type instanceof MapType map
                                        && map.getValueType()
                                                .is(LogicalTypeFamily.CHARACTER_STRING);
                            }
                            return type.is(LogicalTypeFamily.CHARACTER_STRING);
                        })
                .map(Column::getName)
                .toList();
    }

    private static TableResult execute(
            StreamTableEnvironment tables, String query, List<String> columns) {
        try {
            return tables.executeSql(query);
        } catch (RuntimeException e) {
            throw SqlErrors.lineFor(e, query, columns)
                    .map(line -> new IllegalArgumentException("sql: " + line, e))
                    .orElseThrow(() -> e);
        }
    }

    private static Iterator<List<Object>> values(Iterator<Row> rows) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public List<Object> next() {
                Row row = rows.next();
                List<Object> values = new ArrayList<>(row.getArity());
                for (int i = 0; i < row.getArity(); i++) {
                    values.add(CellValues.plain(row.getField(i)));
                }
                return values;
            }
        };
    }
}
