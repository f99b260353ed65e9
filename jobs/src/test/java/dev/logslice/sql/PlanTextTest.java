package dev.logslice.sql;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A plan's text as lines of its own, the query's controls in it made visible. */
class PlanTextTest {
    @Test
    void aPlanIsItsLinesWithItsControlsVisible() throws IOException {
        String plan =
                "== Abstract Syntax Tree ==\n"
                        + "LogicalFilter(condition=[LIKE($4, _UTF-16LE'%\u001b[2J%')])\n"
                        + "\n"
                        + "== Optimized Physical Plan ==\n";
        StringWriter out = new StringWriter();

        PlanText.write(List.<List<Object>>of(List.of(plan)).iterator(), out);

        assertThat(out.toString())
                .isEqualTo(
                        "== Abstract Syntax Tree ==\n"
                                + "LogicalFilter(condition=[LIKE($4, _UTF-16LE'%\\x1b[2J%')])\n"
                                + "\n"
                                + "== Optimized Physical Plan ==\n");
    }
}
