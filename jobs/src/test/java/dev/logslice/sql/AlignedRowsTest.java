package dev.logslice.sql;

import dev.logslice.report.Terminal;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** sql's rows on a terminal: columns line up whatever script or emoji the values hold. */
class AlignedRowsTest {
    @Test
    void wideCharactersAndCombiningMarksLineUp() throws IOException {
        // 東 and 😀 take two columns each, the combining acute accent none.
        assertThat(
                        write(
                                80,
                                List.of("東京東京", "a"),
                                List.of("😀x\u0301y", "bb"),
                                List.of("plain", "ccc")))
                .containsExactly(
                        "message   user",
                        "--------  ----",
                        "東京東京  a",
                        "😀x\u0301y      bb",
                        "plain     ccc",
                        "(3 rows)");
    }

    @Test
    void aValueCutToTheTerminalKeepsItsEmojiWholeAndTheRowWithinTheWidth() throws IOException {
        String row = write(20, List.of("😀".repeat(20), "x"))[2];

        assertThat(row).endsWith("  x");
        assertThat(Terminal.width(row)).isLessThanOrEqualTo(20);
        assertThat(row.codePoints()).noneMatch(c -> c >= 0xd800 && c <= 0xdfff);
    }

    @SafeVarargs
    private static String[] write(int width, List<Object>... rows) throws IOException {
        StringWriter out = new StringWriter();
        AlignedRows.write(List.of("message", "user"), Arrays.asList(rows).iterator(), out, width);
        return out.toString().split("\n");
    }
}
