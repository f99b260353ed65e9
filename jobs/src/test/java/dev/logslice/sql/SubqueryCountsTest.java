package dev.logslice.sql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** COUNTs of a subquery's or a join's rows are told apart from COUNTs of the table's own. */
class SubqueryCountsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT status, COUNT(*) FROM (SELECT status / 100 AS status FROM logs) GROUP BY"
                        + " status",
                "SELECT COUNT(c) FROM (SELECT CASE WHEN status > 499 THEN 1 END AS c FROM logs) t",
                "SELECT a.path, COUNT(*) FROM logs a JOIN logs b ON a.path = b.path GROUP BY a.path",
                "SELECT s FROM (SELECT status AS s FROM logs) GROUP BY s HAVING COUNT(*) > 2",
                "WITH t AS (SELECT UPPER(path) AS path FROM logs) SELECT path, COUNT(*) FROM t"
                        + " GROUP BY path"
            })
    void countsOfASubqueryOrAJoinAreFound(String query) {
        assertThat(SubqueryCounts.in(query, "logs")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT status, COUNT(*) FROM logs GROUP BY status",
                "SELECT l.status, COUNT(*) FROM logs AS l GROUP BY l.status",
                "SELECT * FROM (SELECT status, COUNT(*) AS n FROM logs GROUP BY status) WHERE n > 1",
                "SELECT s, SUM(`bytes`) FROM (SELECT status AS s, `bytes` FROM logs) GROUP BY s",
                "SELECT COUNT(* FROM logs"
            })
    void countsOfTheTableItselfAreNot(String query) {
        assertThat(SubqueryCounts.in(query, "logs")).isFalse();
    }
}
