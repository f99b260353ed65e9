package dev.logslice.sql;

import dev.logslice.report.Terminal;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Rows as an aligned table for a terminal: a header, numbers right-aligned, values cut with {@code
 * …} so that a row fits the terminal's width, all counted in the columns a terminal gives them.
 */
final class AlignedRows {
    private static final String GAP = "  ";
    private static final int NARROWEST = 4;

    private AlignedRows() {}

    static void write(List<String> columns, Iterator<List<Object>> rows, Writer out, int width)
            throws IOException {
        List<String[]> cells = new ArrayList<>();
        List<boolean[]> numeric = new ArrayList<>();
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = Terminal.width(CellText.of(columns.get(i)));
        }
        while (rows.hasNext()) {
            List<Object> row = rows.next();
            String[] texts = new String[widths.length];
            boolean[] numbers = new boolean[widths.length];
            for (int i = 0; i < widths.length; i++) {
                texts[i] = CellText.of(row.get(i));
                numbers[i] = CellText.isNumber(row.get(i));
                widths[i] = Math.max(widths[i], Terminal.width(texts[i]));
            }
            cells.add(texts);
            numeric.add(numbers);
        }
        fit(widths, width);
        String[] header = columns.stream().map(CellText::of).toArray(String[]::new);
        line(out, header, new boolean[widths.length], widths);
        String[] rule = new String[widths.length];
        for (int i = 0; i < widths.length; i++) {
            rule[i] = "-".repeat(widths[i]);
        }
        line(out, rule, new boolean[widths.length], widths);
        for (int r = 0; r < cells.size(); r++) {
            line(out, cells.get(r), numeric.get(r), widths);
        }
        out.write("(" + cells.size() + (cells.size() == 1 ? " row)" : " rows)") + "\n");
    }

    /** Narrows the widest columns until a row fits the terminal. */
    private static void fit(int[] widths, int terminalWidth) {
        while (total(widths) > terminalWidth) {
            int widest = 0;
            for (int i = 1; i < widths.length; i++) {
                if (widths[i] > widths[widest]) {
                    widest = i;
                }
            }
            if (widths[widest] <= NARROWEST) {
                return;
            }
            widths[widest]--;
        }
    }

    private static int total(int[] widths) {
        int total = GAP.length() * Math.max(0, widths.length - 1);
        for (int width : widths) {
            total += width;
        }
        return total;
    }

    private static void line(Writer out, String[] cells, boolean[] rightAligned, int[] widths)
            throws IOException {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            // In columns, not chars: 東 takes two, an accent none, and an emoji is two chars.
            String cell = Terminal.cut(cells[i], widths[i]);
            String pad = " ".repeat(widths[i] - Terminal.width(cell));
            boolean last = i == cells.length - 1;
            if (rightAligned[i]) {
                line.append(pad).append(cell);
            } else {
                line.append(cell).append(last ? "" : pad);
            }
            if (!last) {
                line.append(GAP);
            }
        }
        out.write(line.toString().stripTrailing());
        out.write('\n');
    }
}
