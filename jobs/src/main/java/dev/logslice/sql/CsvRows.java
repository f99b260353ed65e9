package dev.logslice.sql;

import dev.logslice.report.LogText;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Rows as CSV with a header row; text cells neutralised for spreadsheets ({@link LogText#forCsv}),
 * NULL as an empty cell.
 */
final class CsvRows {
    private CsvRows() {}

    static void write(List<String> columns, Iterator<List<Object>> rows, Writer out)
            throws IOException {
        CSVPrinter csv = new CSVPrinter(out, CSVFormat.RFC4180);
        csv.printRecord(columns.stream().map(LogText::forCsv).toList());
        List<Object> cells = new ArrayList<>();
        while (rows.hasNext()) {
            cells.clear();
            for (Object value : rows.next()) {
                cells.add(
                        value == null || value instanceof Number || value instanceof Boolean
                                ? value
                                : LogText.forCsv(String.valueOf(value)));
            }
            csv.printRecord(cells);
        }
        csv.flush();
    }
}
