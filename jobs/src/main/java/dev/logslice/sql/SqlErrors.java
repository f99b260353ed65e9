package dev.logslice.sql;

import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Flink's answer to a query it cannot run, as one line for the user. */
public final class SqlErrors {
    /** Calcite's syntax error at a word, as in {@code Encountered "bytes" at line 1, column 8}. */
    private static final Pattern ENCOUNTERED =
            Pattern.compile("Encountered \"(\\w+)\" at line (\\d+), column (\\d+)");

    /** The end of a query's text just before an alias. */
    private static final Pattern BEFORE_ALIAS = Pattern.compile("(?is).*\\bAS\\s+");

    private SqlErrors() {}

    /**
     * The line for a query Flink refused (a syntax error, an unknown column, table or function), or
     * empty when the failure is not the query's.
     *
     * @param query the query, to tell a reserved word used as an alias
     * @param columns the columns of the logs table, named when a column is unknown
     */
    public static Optional<String> lineFor(Throwable failure, String query, List<String> columns) {
        for (Throwable e = failure; e != null; e = e.getCause()) {
            if (e instanceof SqlParserException
                    || e instanceof ValidationException
                    || isPlannerRefusal(e)) {
                return Optional.of(describe(e, failure, query, columns));
            }
        }
        return Optional.empty();
    }

    /** The optimizer's "cannot generate a valid execution plan", its reason further down. */
    private static boolean isPlannerRefusal(Throwable e) {
        return e instanceof TableException
                && e.getMessage() != null
                && e.getMessage().startsWith("Sql optimization:");
    }

    private static String describe(
            Throwable refusal, Throwable failure, String query, List<String> columns) {
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
            String word = encountered.group(1);
            String reserved =
                    columns.stream()
                            .filter(word::equalsIgnoreCase)
                            .findFirst()
                            .orElse(
                                    isAlias(
                                                    query,
                                                    Integer.parseInt(encountered.group(2)),
                                                    Integer.parseInt(encountered.group(3)))
                                            ? word
                                            : null);
            if (reserved != null) {
                line +=
                        "; "
                                + reserved
                                + " is a reserved word in Flink SQL: write `"
                                + reserved
                                + "`";
            }
        }
        return line;
    }

    /** Whether the word at {@code line}, {@code column} (from 1) of the query follows an AS. */
    private static boolean isAlias(String query, int line, int column) {
        List<String> lines = query.lines().toList();
        if (line < 1
                || line > lines.size()
                || column < 1
                || column > lines.get(line - 1).length()) {
            return false;
        }
        String before =
                String.join("\n", lines.subList(0, line - 1))
                        + (line > 1 ? "\n" : "")
                        + lines.get(line - 1).substring(0, column - 1);
        return BEFORE_ALIAS.matcher(before).matches();
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
