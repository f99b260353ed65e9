package dev.logslice.sql;

import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.ValidationException;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Flink's answer to a query it cannot run, as one line for the user. */
public final class SqlErrors {
    /** Calcite's syntax error at a word, as in {@code Encountered "bytes" at line 1, column 8}. */
    private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"(\\w+)\" at line");

    private SqlErrors() {}

    /**
     * The line for a query Flink refused (a syntax error, an unknown column, table or function), or
     * empty when the failure is not the query's.
     *
     * @param columns the columns of the logs table, named when a column is unknown
     */
    public static Optional<String> lineFor(Throwable failure, List<String> columns) {
        for (Throwable e = failure; e != null; e = e.getCause()) {
            if (e instanceof SqlParserException || e instanceof ValidationException) {
                return Optional.of(describe(e, failure, columns));
            }
        }
        return Optional.empty();
    }

    private static String describe(Throwable refusal, Throwable failure, List<String> columns) {
        String message = deepest(failure);
        if (message == null) {
            message = String.valueOf(refusal.getMessage());
        }
        String line = message.strip().lines().findFirst().orElse("").strip();
        if (line.contains("not found in any table") || line.contains("Unknown identifier")) {
            line += "; the columns of logs: " + String.join(", ", columns);
        }
        Matcher encountered = ENCOUNTERED.matcher(line);
        if (encountered.find()) {
            for (String column : columns) {
                if (column.equalsIgnoreCase(encountered.group(1))) {
                    line +=
                            "; "
                                    + column
                                    + " is a reserved word in Flink SQL: write `"
                                    + column
                                    + "`";
                }
            }
        }
        return line;
    }

    /** The message nearest to the cause: Calcite's names the position, Flink's wraps it. */
    @Nullable
    private static String deepest(Throwable failure) {
        String message = null;
        for (Throwable e = failure; e != null; e = e.getCause()) {
            if (e.getMessage() != null && !e.getMessage().isBlank()) {
                message = e.getMessage();
            }
        }
        return message;
    }
}
