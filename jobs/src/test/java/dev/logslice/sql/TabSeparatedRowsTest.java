package dev.logslice.sql;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sql's rows when piped: a pipe often ends on a terminal ({@code | head}), which a log's raw ESC (a
 * title or clipboard sequence) or NUL reached.
 */
class TabSeparatedRowsTest {
    @Test
    void controlsInAValueAreVisible() throws IOException {
        String written = write("Failed \u001b]52;c;cHdu\u0007 for\troot\u0000\u202e\\x1b");

        assertThat(written)
                .isEqualTo("message\nFailed \\x1b]52;c;cHdu\\x07 for\\troot\\x00\\u202e\\\\x1b\n");
    }

    /** Whatever a value holds, its cell is one line of safe characters that reads back as it. */
    @Property
    void everyValueIsOneSafeCellThatReadsBack(@ForAll("hostile") String value) throws IOException {
        String written = write(value);
        String cell = written.substring("message\n".length(), written.length() - 1);

        assertThat(cell.chars()).allMatch(c -> c >= 0x20 && c != 0x7f && (c < 0x80 || c >= 0xa0));
        assertThat(cell).doesNotContain("\u202e", "\u2028", "\u2066");
        assertThat(unescape(cell)).isEqualTo(value);
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.strings()
                .withChars("ab\\xu0\t\n\r\u0000\u001b\u0007\u007f\u0085\u009b\u202e\u2028\u2066é")
                .ofMaxLength(30);
    }

    private static String write(String value) throws IOException {
        List<List<Object>> rows = List.of(Collections.singletonList(value));
        StringWriter out = new StringWriter();
        TabSeparatedRows.write(List.of("message"), rows.iterator(), out);
        return out.toString();
    }

    /** The reading a consumer of the rows would do: backslash t, n, r, backslash, xNN, uNNNN. */
    private static String unescape(String cell) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char kind = cell.charAt(++i);
            switch (kind) {
                case 't' -> out.append('\t');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case '\\' -> out.append('\\');
                case 'x' -> {
                    out.append((char) Integer.parseInt(cell.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                case 'u' -> {
                    out.append((char) Integer.parseInt(cell.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> throw new AssertionError("unknown escape \\" + kind + " in " + cell);
            }
        }
        return out.toString();
    }
}
