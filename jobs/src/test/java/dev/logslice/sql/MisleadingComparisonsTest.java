package dev.logslice.sql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Text compared with TRUE or FALSE, which Flink runs as a comparison of text (a silent 0 for {@code
 * malformed = TRUE}), is refused wherever it stands; other comparisons pass.
 */
class MisleadingComparisonsTest {
    private static final List<String> TEXT = List.of("message", "malformed", "level");
    private static final List<String> TEXT_MAPS = List.of("extra");

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT COUNT(*) FROM logs WHERE malformed = TRUE",
                "SELECT COUNT(*) FROM logs WHERE malformed <> false",
                "SELECT COUNT(*) FROM logs WHERE FALSE = message",
                "SELECT COUNT(*) FROM logs WHERE logs.malformed IS NOT DISTINCT FROM TRUE",
                "SELECT COUNT(*) FROM logs WHERE extra['retry'] = TRUE",
                "SELECT level, COUNT(*) FROM logs GROUP BY level HAVING MAX(level = TRUE)",
                "SELECT COUNT(*) FROM (SELECT * FROM logs WHERE status > 0 AND malformed = TRUE)",
                "SELECT CASE WHEN message = TRUE THEN 1 END FROM logs"
            })
    void textComparedWithABooleanIsRefused(String query) {
        assertThatThrownBy(
                        () ->
                                MisleadingComparisons.check(
                                        QueryLimits.check(query), TEXT, TEXT_MAPS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sql: ")
                .hasMessageContaining("is text: Flink would compare it with")
                .hasMessageContaining("IS NOT NULL");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT COUNT(*) FROM logs WHERE level = 'error'",
                "SELECT COUNT(*) FROM logs WHERE 'Info' <> level",
                "SELECT COUNT(*) FROM logs WHERE logs.level IN ('ERROR', 'warning')",
                "SELECT COUNT(*) FROM logs WHERE level NOT IN ('err')",
                "SELECT message FROM logs WHERE status > 0 OR (level = 'fatal' AND pid = 1)"
            })
    void levelComparedWithANameItNeverHoldsIsRefused(String query) {
        assertThatThrownBy(
                        () ->
                                MisleadingComparisons.check(
                                        QueryLimits.check(query), TEXT, TEXT_MAPS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sql: level is never '")
                .hasMessageMatching(".*write '(ERROR|WARN|INFO|CRITICAL)'");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT COUNT(*) FROM logs WHERE level = 'ERROR'",
                "SELECT COUNT(*) FROM logs WHERE level IN ('WARN', 'ERROR', 'LOG', 'BOGUS')",
                "SELECT COUNT(*) FROM logs WHERE LOWER(level) = 'error'",
                "SELECT COUNT(*) FROM logs WHERE message = 'error'",
                "SELECT COUNT(*) FROM logs WHERE malformed IS NOT NULL",
                "SELECT COUNT(*) FROM logs WHERE message = 'true'",
                "SELECT COUNT(*) FROM logs WHERE (level = 'ERROR') = FALSE",
                "SELECT COUNT(*) FROM logs WHERE status = 500",
                "SELECT COUNT(*) FROM logs WHERE secure = TRUE",
                "SELECT COUNT(*) FROM logs WHERE extra['retry'] = 'true'",
                "EXPLAIN SELECT COUNT(*) FROM logs WHERE malformed IS NULL"
            })
    void otherComparisonsPass(String query) {
        assertThatCode(() -> MisleadingComparisons.check(QueryLimits.check(query), TEXT, TEXT_MAPS))
                .doesNotThrowAnyException();
    }
}
