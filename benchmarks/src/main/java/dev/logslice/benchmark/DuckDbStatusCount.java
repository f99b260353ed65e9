package dev.logslice.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Status counts of a combined access log by DuckDB (in process, through JDBC), for {@code
 * compare.sh}: each line read as one column and the status taken by a regular expression, as {@link
 * StatusCodes} takes it. Usage: {@code DuckDbStatusCount FILE}. Prints the counts.
 */
public final class DuckDbStatusCount {
    // A delimiter no log line holds, so that each line is one value; no quoting, no header.
    private static final String QUERY =
            "SELECT coalesce(nullif(regexp_extract(line, '\\] \"[^\"]*\" (...)', 1), ''), '-'),"
                    + " count(*) FROM read_csv(?, columns = {'line': 'VARCHAR'},"
                    + " delim = '\\x01', quote = '', escape = '', header = false) GROUP BY 1";

    private DuckDbStatusCount() {}

    public static void main(String[] args) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                PreparedStatement statement = connection.prepareStatement(QUERY)) {
            statement.setString(1, args[0]);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    counts.put(rows.getString(1), rows.getLong(2));
                }
            }
        }
        System.out.println(StatusCodes.format(counts));
    }
}
