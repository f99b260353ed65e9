package dev.logslice.report;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The summary's terminal: width from COLUMNS or the tty, colour only on a tty without NO_COLOR. */
class TerminalTest {
    @Test
    void widthComesFromColumnsThenTheTtyThenTheUsual80() {
        assertThat(Terminal.of(true, Map.of("COLUMNS", "132"), "100").columns()).isEqualTo(132);
        assertThat(Terminal.of(true, Map.of(), "100").columns()).isEqualTo(100);
        assertThat(Terminal.of(false, Map.of(), "100").columns()).isEqualTo(80);
        assertThat(Terminal.of(false, Map.of("COLUMNS", "120"), null).columns()).isEqualTo(120);
        assertThat(Terminal.of(true, Map.of("COLUMNS", "wide"), null).columns()).isEqualTo(80);
        assertThat(Terminal.of(true, Map.of("COLUMNS", "3"), null).columns())
                .isEqualTo(Terminal.MIN_COLUMNS);
    }

    @Test
    void colourOnlyOnATerminalAndNeverWithNoColor() {
        assertThat(Terminal.of(true, Map.of(), null).colour()).isTrue();
        assertThat(Terminal.of(false, Map.of(), null).colour()).isFalse();
        assertThat(Terminal.of(true, Map.of("NO_COLOR", "1"), null).colour()).isFalse();
        // no-color.org: an empty NO_COLOR does not count.
        assertThat(Terminal.of(true, Map.of("NO_COLOR", ""), null).colour()).isTrue();
        assertThat(Terminal.of(true, Map.of("TERM", "dumb"), null).colour()).isFalse();
    }

    @Test
    void paintWrapsInAnsiOnlyWithColour() {
        assertThat(new Terminal(80, true).paint("ERROR", Terminal.Tone.BAD))
                .isEqualTo("\u001b[31mERROR\u001b[0m");
        assertThat(Terminal.PLAIN.paint("ERROR", Terminal.Tone.BAD)).isEqualTo("ERROR");
    }

    @Test
    void cutCountsColumnsNotChars() {
        assertThat(Terminal.cut("abcdef", 6)).isEqualTo("abcdef");
        assertThat(Terminal.cut("abcdefg", 6)).isEqualTo("abcde…");
        // Wide characters take two columns; a pair is never split.
        assertThat(Terminal.cut("日本語のログ", 7)).isEqualTo("日本語…");
        assertThat(Terminal.width(Terminal.cut("日本語のログ", 7))).isLessThanOrEqualTo(7);
        assertThat(Terminal.cut("a\uD83D\uDE00\uD83D\uDE00b", 4)).isEqualTo("a\uD83D\uDE00…");
        // A combining accent takes none.
        assertThat(Terminal.width("e\u0301te\u0301")).isEqualTo(3);
    }
}
