package dev.logslice.sql;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/**
 * Rows as tab-separated lines with a header, for pipes ({@code cut -f}, {@code sort}): a tab, a
 * line feed, a carriage return or a backslash in a value is written as {@code \t}, {@code \n},
 * {@code \r}, {@code \\}.
 */
final class TabSeparatedRows {
    private TabSeparatedRows() {}

    static void write(List<String> columns, Iterator<List<Object>> rows, Writer out)
            throws IOException {
        line(out, List.copyOf(columns));
        while (rows.hasNext()) {
            line(out, rows.next());
        }
    }

    private static void line(Writer out, List<?> values) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append('\t');
            }
            Object value = values.get(i);
            String text = value == null ? CellText.NULL : String.valueOf(value);
            for (int c = 0; c < text.length(); c++) {
                char ch = text.charAt(c);
                switch (ch) {
                    case '\t' -> line.append("\\t");
                    case '\n' -> line.append("\\n");
                    case '\r' -> line.append("\\r");
                    case '\\' -> line.append("\\\\");
                    default -> line.append(ch);
                }
            }
        }
        out.write(line.append('\n').toString());
    }
}
