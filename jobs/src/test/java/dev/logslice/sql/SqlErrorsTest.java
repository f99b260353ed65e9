package dev.logslice.sql;

import org.apache.flink.table.api.SqlParserException;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Calcite's syntax errors at a reserved word: the quoted form named where a name was meant. */
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
