package dev.logslice.report;

import dev.logslice.format.UnsafeText;

import org.apache.commons.text.StringEscapeUtils;

/**
 * Log text made safe for each output, the one place every writer escapes with. Log lines are
 * attacker-controlled: control characters would drive a terminal (escape sequences), bidi controls
 * would reorder what a reader sees (Trojan Source, CVE-2021-42574) and line separators would start
 * lines that are not there. All of them are shown as visible escapes, never sent: {@code \x1b}
 * below U+0100, a backslash, {@code u} and four hex digits above (U+202E as {@code \\u202e}); HTML
 * is escaped besides, and a CSV cell that a spreadsheet would run as a formula is neutralised as
 * OWASP advises (CWE-1236).
 */
public final class LogText {
    private LogText() {}

    /** For a terminal: control characters, bidi controls and line separators as escapes. */
    public static String forTerminal(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isUnsafe(text.charAt(i))) {
                return escaped(text, i);
            }
        }
        return text;
    }

    /**
     * For HTML text or an attribute value: as for a terminal, then HTML-escaped, the single quote
     * too (which HTML 4 escaping leaves), so that no attribute quoting can be broken out of.
     */
    public static String forHtml(String text) {
        String escaped = StringEscapeUtils.escapeHtml4(forTerminal(text));
        return escaped.indexOf('\'') < 0 ? escaped : escaped.replace("'", "&#39;");
    }

    /**
     * For a CSV cell (quoted by the CSV printer as needed): as for a terminal, and prefixed with
     * {@code '} when it begins with {@code = + - @}, a tab or a carriage return, which spreadsheets
     * take as the start of a formula.
     */
    public static String forCsv(String text) {
        String visible = forTerminal(text);
        return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + visible : visible;
    }

    /** Whether a character must not reach an output raw: {@link UnsafeText#isUnsafe}. */
    static boolean isUnsafe(char c) {
        return UnsafeText.isUnsafe(c);
    }

    private static String escaped(String text, int firstUnsafe) {
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, firstUnsafe);
        for (int i = firstUnsafe; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isUnsafe(c)) {
                out.append(c);
            } else if (c < 0x100) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.toString();
    }
}
