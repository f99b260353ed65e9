package dev.logslice.sql;

import dev.logslice.table.functions.LogsliceFunctions;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Every Flink SQL form that a refused function of another dialect is answered with is a query the
 * planner takes, over a logslice table and with logslice's functions: a hint that does not run
 * would send the user from one error to the next.
 */
class FlinkFormsITCase {
    @TempDir Path dir;

    @Test
    void everyFormNamedForAnotherDialectsFunctionIsPlanned() throws IOException {
        Path log =
                Files.writeString(
                        dir.resolve("access.log"),
                        "192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 503 12"
                                + " \"-\" \"curl/8\"\n");
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tables.executeSql(
                "CREATE TABLE logs (ts TIMESTAMP_LTZ(3), path STRING, status INT) WITH ("
                        + "'connector' = 'logslice', 'format' = 'combined', 'path' = '"
                        + log
                        + "')");
        LogsliceFunctions.register(tables);
        Set<String> expressions = new LinkedHashSet<>();
        for (String form : SqlErrors.FLINK_FORMS.values()) {
            for (String alternative : form.replaceAll(" \\([a-z][^)]*\\)", "").split(", or ")) {
                expressions.add(
                        alternative
                                .replaceAll("\\bcond\\b", "status >= 500")
                                .replaceAll("\\bs\\b", "path")
                                .replaceAll("\\bx\\b", "status")
                                .replaceAll("\\bp\\b", "0.9"));
            }
        }

        assertThat(expressions).hasSizeGreaterThan(15);
        for (String expression : expressions) {
            assertThatCode(() -> tables.explainSql("SELECT " + expression + " FROM logs"))
                    .as(expression)
                    .doesNotThrowAnyException();
        }
    }
}
