package dev.logslice.sql;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/** The forms {@code logslice sql} writes a query's rows in. */
public enum RowOutput {
    /** Aligned columns on a terminal; tab-separated lines with a header when piped. */
    TABLE,
    /** A header row, then one row per line (RFC 4180, cells neutralised for spreadsheets). */
    CSV,
    /** One JSON array of objects. */
    JSON,
    /** One JSON object per line. */
    JSONL;

    /**
     * Writes the rows, each a list of values as Flink gives them (String, numbers, Boolean,
     * Instant, LocalDateTime, Map, null) once {@link CellValues#plain} (BYTES as text, ARRAY and
     * ROW as List).
     *
     * @param terminalWidth the terminal's width in characters, or 0 when the output is no terminal
     */
    public void write(
            List<String> columns, Iterator<List<Object>> rows, Writer out, int terminalWidth)
            throws IOException {
        switch (this) {
            case TABLE:
                if (terminalWidth > 0) {
                    AlignedRows.write(columns, rows, out, terminalWidth);
                } else {
                    TabSeparatedRows.write(columns, rows, out);
                }
                break;
            case CSV:
                CsvRows.write(columns, rows, out);
                break;
            default:
                JsonRows.write(columns, rows, out, this == JSONL);
                break;
        }
        out.flush();
    }
}
