package dev.logslice.sql;

import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.ValidationException;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Calcite's syntax errors at a reserved word: the quoted form named where a name was meant; its
 * validator's errors with their place in the query.
 */
class SqlErrorsTest {
    private static final List<String> COLUMNS = List.of("status", "bytes", "path");

    @Test
    void aReservedAliasIsNamedWithItsQuotedForm() {
        String query = "SELECT COUNT(*) AS\n  groups FROM logs";

        assertThat(SqlErrors.lineFor(syntaxError("groups", 2, 3), query, COLUMNS))
                .hasValue(
                        "SQL parse failed. Encountered \"groups\" at line 2, column 3.; groups is a"
                                + " reserved word in Flink SQL: write `groups`");
    }

    @Test
    void aReservedColumnIsNamedWithItsQuotedForm() {
        String query = "SELECT SUM(bytes) FROM logs";

        assertThat(SqlErrors.lineFor(syntaxError("bytes", 1, 12), query, COLUMNS))
                .hasValueSatisfying(line -> assertThat(line).endsWith("write `bytes`"));
    }

    @Test
    void aKeywordOutOfPlaceIsNoName() {
        String query = "SELECT status FROM FROM logs";

        assertThat(SqlErrors.lineFor(syntaxError("FROM", 1, 20), query, COLUMNS))
                .hasValue("SQL parse failed. Encountered \"FROM\" at line 1, column 20.");
    }

    /** Flink's wrapper, Calcite's message with the place, its cause with the reason alone. */
    @Test
    void aValidationErrorSaysWhereInTheQuery() {
        String place = "From line 1, column 8 to line 1, column 13: ";
        String reason = "Column 'stauts' not found in any table";
        ValidationException failure =
                new ValidationException(
                        "SQL validation failed. " + place + reason,
                        new RuntimeException(place + reason, new RuntimeException(reason)));

        assertThat(SqlErrors.lineFor(failure, "SELECT stauts FROM logs", COLUMNS))
                .hasValue(place + reason + "; the columns of logs: status, bytes, path");
    }

    /** Flink's words for status = '500' name neither the column nor where: a hint follows. */
    @Test
    void aNumberComparedWithTextIsTheDeepestReasonWithAHint() {
        String reason = "implicit type conversion between INTEGER and CHAR is not supported now";
        ValidationException failure =
                new ValidationException(
                        "SQL validation failed. " + reason, new RuntimeException(reason));

        assertThat(SqlErrors.lineFor(failure, "SELECT 1 FROM logs WHERE status = '500'", COLUMNS))
                .hasValue(
                        reason
                                + "; compare like with like: a number without quotes (status ="
                                + " 500), text in quotes (level = 'ERROR')");
    }

    private static SqlParserException syntaxError(String word, int line, int column) {
        return new SqlParserException(
                "SQL parse failed. Encountered \""
                        + word
                        + "\" at line "
                        + line
                        + ", column "
                        + column
                        + ".\nWas expecting one of:\n    <IDENTIFIER> ...");
    }
}
