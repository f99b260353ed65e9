package dev.logslice.benchmark;

import dev.logslice.job.EmbeddedFlink;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The questions of {@code sql-compare.sh} asked of a combined access log without logslice: stock
 * Flink 2.3 SQL (the {@code filesystem} connector, {@code raw} format, fields cut out with {@code
 * SPLIT_INDEX}, batch mode on the same embedded environment as logslice's jobs) and DuckDB (in
 * process, through JDBC, each line one {@code read_csv} value, fields by regular expression).
 * Usage: {@code SqlBaselines flink|duckdb status|top-5xx PARALLELISM FILE}. Prints the rows, tab
 * separated, as {@code logslice sql} prints them when piped (a NULL as {@code NULL}).
 */
public final class SqlBaselines {
    private static final String FLINK_TABLE =
            "CREATE TABLE access (line STRING) WITH ('connector' = 'filesystem', 'path' = '%s',"
                    + " 'format' = 'raw')";
    private static final String FLINK_STATUS =
            "SELECT TRY_CAST(SPLIT_INDEX(line, ' ', 8) AS INT) AS status, COUNT(*) FROM access"
                    + " GROUP BY TRY_CAST(SPLIT_INDEX(line, ' ', 8) AS INT)";
    private static final String FLINK_TOP_5XX =
            "SELECT SPLIT_INDEX(line, ' ', 6) AS path, COUNT(*) AS hits FROM access"
                    + " WHERE TRY_CAST(SPLIT_INDEX(line, ' ', 8) AS INT) >= 500"
                    + " GROUP BY SPLIT_INDEX(line, ' ', 6) ORDER BY hits DESC, path LIMIT 10";

    // A delimiter no log line holds, so that each line is one value; no quoting, no header.
    private static final String DUCKDB_LINES =
            "read_csv(?, columns = {'line': 'VARCHAR'}, delim = '\\x01', quote = '', escape = '',"
                    + " header = false)";
    private static final String DUCKDB_STATUS =
            "SELECT TRY_CAST(regexp_extract(line, '\\] \"[^\"]*\" (\\d{3}) ', 1) AS INTEGER),"
                    + " count(*) FROM "
                    + DUCKDB_LINES
                    + " GROUP BY 1";
    private static final String DUCKDB_TOP_5XX =
            "SELECT regexp_extract(line, '\\] \"[A-Z]+ ([^ \"]*)', 1) AS path, count(*) AS hits"
                    + " FROM "
                    + DUCKDB_LINES
                    + " WHERE TRY_CAST(regexp_extract(line, '\\] \"[^\"]*\" (\\d{3}) ', 1)"
                    + " AS INTEGER) >= 500 GROUP BY 1 ORDER BY hits DESC, path LIMIT 10";

    private SqlBaselines() {}

    public static void main(String[] args) throws Exception {
        boolean status =
                switch (args[1]) {
                    case "status" -> true;
                    case "top-5xx" -> false;
                    default -> throw new IllegalArgumentException("unknown question " + args[1]);
                };
        String file = args[3];
        List<List<Object>> rows =
                switch (args[0]) {
                    case "flink" ->
                            flink(
                                    status ? FLINK_STATUS : FLINK_TOP_5XX,
                                    Integer.parseInt(args[2]),
                                    file);
                    case "duckdb" -> duckDb(status ? DUCKDB_STATUS : DUCKDB_TOP_5XX, file);
                    default -> throw new IllegalArgumentException("unknown engine " + args[0]);
                };
        for (List<Object> row : rows) {
            List<String> cells = new ArrayList<>();
            row.forEach(value -> cells.add(value.toString()));
            System.out.println(String.join("\t", cells));
        }
    }

    private static List<List<Object>> flink(String query, int parallelism, String file)
            throws Exception {
        StreamExecutionEnvironment env = EmbeddedFlink.environment(parallelism);
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
        tables.executeSql(String.format(FLINK_TABLE, file.replace("'", "''")));
        List<List<Object>> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                rows.add(List.of(cell(row.getField(0)), cell(row.getField(1))));
            }
        }
        return rows;
    }

    private static List<List<Object>> duckDb(String query, String file) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setString(1, file);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    rows.add(List.of(cell(result.getObject(1)), cell(result.getObject(2))));
                }
            }
        }
        return rows;
    }

    /** A NULL as the text logslice prints for it; List.of takes no null. */
    private static Object cell(Object value) {
        return value == null ? "NULL" : value;
    }
}
