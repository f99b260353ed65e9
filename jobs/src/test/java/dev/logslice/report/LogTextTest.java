package dev.logslice.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Named hostile cases of {@link LogText}, one per output. */
class LogTextTest {
    private static final String ESC = "\u001b";
    private static final String RLO = String.valueOf((char) 0x202e);
    private static final String LINE_SEPARATOR = String.valueOf((char) 0x2028);

    @Test
    void terminalShowsEscapeSequencesBidiOverridesAndLineSeparators() {
        assertThat(LogText.forTerminal(ESC + "[2J" + RLO + "gpj.exe" + LINE_SEPARATOR + "x\u0085"))
                .isEqualTo("\\x1b[2J\\u202egpj.exe\\u2028x\\x85");
        assertThat(LogText.forTerminal("\u2066a\u2069\u200e\u200f\u061c"))
                .isEqualTo("\\u2066a\\u2069\\u200e\\u200f\\u061c");
    }

    @Test
    void terminalKeepsOtherTextAsItIs() {
        String text = "/caf\u00e9/\u65e5\u672c?q=1 \"x\" \ud83d\ude00";

        assertThat(LogText.forTerminal(text)).isSameAs(text);
    }

    @Test
    void htmlShowsControlCharactersAsTheTerminalDoesAndEscapesMarkup() {
        assertThat(LogText.forHtml("<b>" + ESC + "]0;title\u0007" + RLO + "</b>"))
                .isEqualTo("&lt;b&gt;\\x1b]0;title\\x07\\u202e&lt;/b&gt;");
    }

    @Test
    void csvNeutralisesCellsThatSpreadsheetsRunAsFormulas() {
        assertThat(LogText.forCsv("=cmd|' /C calc'!A0")).isEqualTo("'=cmd|' /C calc'!A0");
        assertThat(LogText.forCsv("+1+1")).isEqualTo("'+1+1");
        assertThat(LogText.forCsv("-2+3")).isEqualTo("'-2+3");
        assertThat(LogText.forCsv("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(LogText.forCsv("\t=1")).isEqualTo("'\\x09=1");
        assertThat(LogText.forCsv("\r=1")).isEqualTo("'\\x0d=1");
        assertThat(LogText.forCsv("/a=b+c")).isEqualTo("/a=b+c");
        assertThat(LogText.forCsv("")).isEmpty();
    }
}
