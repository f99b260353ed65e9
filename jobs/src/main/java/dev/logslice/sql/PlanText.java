package dev.logslice.sql;

import dev.logslice.report.LogText;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/**
 * What {@code EXPLAIN} gives, in the table form: the plan's text as Flink's SQL Client prints it,
 * one line per line of the plan, where a table's cell would be one line cut at the terminal's width
 * with its line feeds as {@code \n}. Controls other than the line feed are made visible as
 * elsewhere ({@link LogText#forTerminal}): the plan holds the query's literals.
 */
final class PlanText {
    private PlanText() {}

    static void write(Iterator<List<Object>> rows, Writer out) throws IOException {
        while (rows.hasNext()) {
            for (Object value : rows.next()) {
                String text = value == null ? CellText.NULL : String.valueOf(value);
                for (String line : text.strip().split("\n", -1)) {
                    out.write(LogText.forTerminal(line));
                    out.write('\n');
                }
            }
        }
        out.flush();
    }
}
