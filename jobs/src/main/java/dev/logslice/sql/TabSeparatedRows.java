package dev.logslice.sql;

import dev.logslice.report.LogText;

import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/**
 * Rows as tab-separated lines with a header, for pipes ({@code cut -f}, {@code sort}): a tab, a
 * line feed, a carriage return or a backslash in a value is written as {@code \t}, {@code \n},
 * {@code \r}, {@code \\}, and the other controls and bidi marks as the terminal shows them ({@code
 * \x1b}, {@code \u202e}: {@link LogText#forTerminal}).
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
            StringBuilder cell = new StringBuilder(text.length());
            for (int c = 0; c < text.length(); c++) {
                char ch = text.charAt(c);
                switch (ch) {
                    case '\t' -> cell.append("\\t");
                    case '\n' -> cell.append("\\n");
                    case '\r' -> cell.append("\\r");
                    case '\\' -> cell.append("\\\\");
                    default -> cell.append(ch);
                }
            }
            // A pipe often ends on a terminal (| head, | less -R): the other controls are made
            // visible as there (\x1b), which the escaped backslash keeps telling apart.
            line.append(LogText.forTerminal(cell.toString()));
        }
        out.write(line.append('\n').toString());
    }
}
