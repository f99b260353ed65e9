package dev.logslice.sql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * LIMIT and OFFSET that Flink would wrap around as an int (LIMIT 4294967299 as 3) or not hold in
 * its sort's memory are refused; those it applies pass.
 */
class QueryLimitsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT path FROM logs LIMIT 3000000000",
                "SELECT path FROM logs LIMIT 2147483648",
                "SELECT path FROM logs LIMIT 4294967299",
                "SELECT path FROM logs LIMIT 2 OFFSET 4294967296",
                "SELECT path FROM logs FETCH FIRST 4294967299 ROWS ONLY",
                "SELECT COUNT(*) FROM (SELECT path FROM logs LIMIT 4294967298)",
                "SELECT path FROM logs ORDER BY path LIMIT 4294967299"
            })
    void aLimitOrOffsetBeyondAnIntIsRefused(String query) {
        assertThatThrownBy(() -> QueryLimits.check(query))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "is beyond what Flink applies exactly: at most 2,147,483,647");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT path FROM logs ORDER BY path LIMIT 1000001",
                "SELECT path FROM logs ORDER BY path LIMIT 2147483647",
                "SELECT path FROM logs ORDER BY path LIMIT 1000000 OFFSET 1",
                "SELECT * FROM (SELECT path FROM logs ORDER BY path LIMIT 1000000000) t"
            })
    void anOrderByLimitBeyondTheSortBoundIsRefusedNamingIt(String query) {
        assertThatThrownBy(() -> QueryLimits.check(query))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "keeps that many rows in memory in Flink's sort: at most 1,000,000")
                .hasMessageContaining("leave out the LIMIT");
    }

    @Test
    void anOrderByOffsetWithoutALimitIsRefused() {
        assertThatThrownBy(() -> QueryLimits.check("SELECT path FROM logs ORDER BY path OFFSET 20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "sql: ORDER BY ... OFFSET needs a LIMIT in Flink's sort (OFFSET + LIMIT at"
                                + " most 1,000,000)");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT path FROM logs LIMIT 2147483647",
                "SELECT path FROM logs LIMIT 2147483647 OFFSET 2147483647",
                "SELECT path FROM logs ORDER BY path LIMIT 999999 OFFSET 1",
                "SELECT path FROM logs ORDER BY path",
                "SELECT path FROM logs OFFSET 3",
                "SELECT COUNT(* FROM logs LIMIT 99999999999"
            })
    void limitsFlinkAppliesAndQueriesThatDoNotParsePass(String query) {
        assertThatCode(() -> QueryLimits.check(query)).doesNotThrowAnyException();
    }
}
