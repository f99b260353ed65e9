package dev.logslice.sql;

import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Flink's answer to a query it cannot run, as one line for the user. */
public final class SqlErrors {
    /** Calcite's syntax error at a word, as in {@code Encountered "bytes" at line 1, column 8}. */
    private static final Pattern ENCOUNTERED =
            Pattern.compile("Encountered \"(\\w+)\" at line (\\d+), column (\\d+)");

    /**
     * Calcite's validator's place of a mistake, as in {@code From line 1, column 8 to line 1,
     * column 13: }.
     */
    private static final Pattern POSITION =
            Pattern.compile("From line \\d+, column \\d+ to line \\d+, column \\d+: ");

    /** Flink's refusal of a number compared with text, which names neither the column nor where. */
    private static final Pattern IMPLICIT_CONVERSION =
            Pattern.compile("implicit type conversion between \\w+ and \\w+ is not supported");

    /** A function Flink does not know, in the words of its validator, optimizer or parser. */
    private static final Pattern UNKNOWN_FUNCTION =
            Pattern.compile(
                    "No match found for function signature (\\w+)"
                            + "|Unsupported Function: '(\\w+)'"
                            + "|Incorrect syntax near the keyword '(\\w+)'");

    /**
     * Functions of other SQL dialects (DuckDB, PostgreSQL, MySQL, SQLite, Spark) that users of them
     * write first, and what Flink SQL has for them; {@code s} a string, {@code ts} a time, {@code
     * x} a number, {@code p} a fraction, {@code cond} a condition (SqlCommandITCase runs every one
     * of them).
     */
    static final Map<String, String> FLINK_FORMS = flinkForms();

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

    /**
     * The optimizer's "cannot generate a valid execution plan" (an aggregate it has no code for),
     * its reason further down.
     */
    private static boolean isPlannerRefusal(Throwable e) {
        return e instanceof TableException
                && e.getMessage() != null
                && (e.getMessage().startsWith("Sql optimization:")
                        || e.getMessage().startsWith("Cannot generate a valid execution plan"));
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
        if (IMPLICIT_CONVERSION.matcher(line).find()) {
            line +=
                    "; compare like with like: a number without quotes (status = 500), text in"
                            + " quotes (level = 'ERROR')";
        }
        Matcher function = UNKNOWN_FUNCTION.matcher(line);
        if (function.find()) {
            String name = function.group(1) != null ? function.group(1) : function.group(2);
            name = name != null ? name : function.group(3);
            String form = FLINK_FORMS.get(name.toUpperCase(Locale.ROOT));
            if (form != null) {
                line += "; in Flink SQL: " + form;
            }
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

    private static Map<String, String> flinkForms() {
        Map<String, String> forms = new HashMap<>();
        String percentile = "PERCENTILE(x, p) (exact), or APPROX_PERCENTILE(x, p)";
        for (String name :
                List.of(
                        "QUANTILE",
                        "QUANTILE_CONT",
                        "QUANTILE_DISC",
                        "APPROX_QUANTILE",
                        "PERCENTILE_CONT",
                        "PERCENTILE_DISC",
                        "PERCENTILE_APPROX")) {
            forms.put(name, percentile);
        }
        forms.put("MEDIAN", "PERCENTILE(x, 0.5) (exact), or APPROX_PERCENTILE(x, 0.5)");
        forms.put("LENGTH", "CHAR_LENGTH(s)");
        forms.put("LEN", "CHAR_LENGTH(s)");
        forms.put("DATE_TRUNC", "FLOOR(ts TO HOUR), or TIME_BUCKET(ts, INTERVAL '15' MINUTE)");
        forms.put("DATE_PART", "EXTRACT(HOUR FROM ts)");
        forms.put("DATEPART", "EXTRACT(HOUR FROM ts)");
        forms.put("STRFTIME", "DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm')");
        forms.put("TO_CHAR", "DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm')");
        forms.put("DATEDIFF", "TIMESTAMPDIFF(SECOND, ts, ts)");
        forms.put("DATE_DIFF", "TIMESTAMPDIFF(SECOND, ts, ts)");
        forms.put("COUNT_IF", "COUNT(*) FILTER (WHERE cond)");
        forms.put("COUNTIF", "COUNT(*) FILTER (WHERE cond)");
        forms.put("SPLIT_PART", "SPLIT_INDEX(s, '/', 1) (its fields counted from 0)");
        forms.put("STRPOS", "POSITION('a' IN s), or INSTR(s, 'a')");
        forms.put("STARTS_WITH", "STARTSWITH(s, '/a')");
        forms.put("REGEXP_MATCHES", "REGEXP(s, 'a+')");
        forms.put("REGEXP_LIKE", "REGEXP(s, 'a+')");
        forms.put("STRING_AGG", "LISTAGG(s, ',')");
        forms.put("GROUP_CONCAT", "LISTAGG(s, ',')");
        forms.put("CONTAINS", "POSITION('a' IN s) > 0");
        forms.put("ILIKE", "LOWER(s) LIKE '%a%'");
        return Map.copyOf(forms);
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

    /**
     * The message nearest to the cause that says where in the query, else the nearest: Flink's
     * wraps Calcite's, whose validator puts the position in one message and the reason alone in its
     * cause.
     */
    @Nullable
    private static String deepest(Throwable failure) {
        String message = null;
        String positioned = null;
        for (Throwable e = failure; e != null; e = e.getCause()) {
            if (e.getMessage() != null && !e.getMessage().isBlank()) {
                message = e.getMessage();
                if (POSITION.matcher(message).lookingAt()) {
                    positioned = message;
                }
            }
        }
        return positioned != null ? positioned : message;
    }
}
