package dev.logslice.report;

import java.util.Map;

/**
 * Where the text summary goes: how many columns it may use and whether it may colour. The width is
 * {@code COLUMNS} when set, else the terminal's (the launcher passes it, Java cannot ask), else 80;
 * colour only on a terminal, never with {@code NO_COLOR} set (no-color.org) or {@code TERM=dumb}.
 *
 * @param columns the widest line the summary may print
 * @param colour whether lines may carry ANSI colours
 */
public record Terminal(int columns, boolean colour) {
    /** The usual terminal width, for output that is not a terminal and no {@code COLUMNS}. */
    public static final int DEFAULT_COLUMNS = 80;

    /** Narrower than this, no panel would fit at all; a silly {@code COLUMNS} gets this. */
    static final int MIN_COLUMNS = 40;

    /** Plain text of the usual width: for files, pipes and tests. */
    public static final Terminal PLAIN = new Terminal(DEFAULT_COLUMNS, false);

    /** The tones a line may be painted in, each meaning one thing in every output. */
    public enum Tone {
        TITLE("1"),
        GOOD("32"),
        NOTE("36"),
        WARN("33"),
        BAD("31"),
        WORST("1;31"),
        MUTED("2");

        private final String sgr;

        Tone(String sgr) {
            this.sgr = sgr;
        }
    }

    /**
     * The summary's terminal for standard output ({@code stderr} false) or standard error, from the
     * launcher's properties {@code logslice.stdout.tty}, {@code logslice.stderr.tty} and {@code
     * logslice.terminal.columns} and the environment.
     */
    public static Terminal forStandardStream(boolean stderr) {
        boolean tty = Boolean.getBoolean(stderr ? "logslice.stderr.tty" : "logslice.stdout.tty");
        return of(tty, System.getenv(), System.getProperty("logslice.terminal.columns"));
    }

    /** Whether standard output is a terminal, as the launcher found it. */
    public static boolean stdoutIsTerminal() {
        return Boolean.getBoolean("logslice.stdout.tty");
    }

    static Terminal of(boolean tty, Map<String, String> env, String ttyColumns) {
        Integer columns = number(env.get("COLUMNS"));
        if (columns == null && tty) {
            columns = number(ttyColumns);
        }
        String noColor = env.get("NO_COLOR");
        boolean colour =
                tty && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.get("TERM"));
        return new Terminal(
                columns == null ? DEFAULT_COLUMNS : Math.max(MIN_COLUMNS, columns), colour);
    }

    private static Integer number(String text) {
        if (text == null) {
            return null;
        }
        try {
            int value = Integer.parseInt(text.strip());
            return value > 0 ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code text} (already safe: {@link LogText#forTerminal}) in {@code tone}, if colour. */
    public String paint(String text, Tone tone) {
        return colour && tone != null && !text.isEmpty()
                ? "\u001b[" + tone.sgr + "m" + text + "\u001b[0m"
                : text;
    }

    /**
     * How many columns {@code text} takes: East Asian wide characters and emoji two, combining
     * marks none, other characters one.
     */
    public static int width(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            width += width(c);
            i += Character.charCount(c);
        }
        return width;
    }

    private static int width(int c) {
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK
                || type == Character.ENCLOSING_MARK
                || type == Character.FORMAT) {
            return 0;
        }
        boolean wide =
                (c >= 0x1100 && c <= 0x115f)
                        || (c >= 0x2e80 && c <= 0xa4cf && c != 0x303f)
                        || (c >= 0xac00 && c <= 0xd7a3)
                        || (c >= 0xf900 && c <= 0xfaff)
                        || (c >= 0xfe30 && c <= 0xfe4f)
                        || (c >= 0xff00 && c <= 0xff60)
                        || (c >= 0xffe0 && c <= 0xffe6)
                        || (c >= 0x1f300 && c <= 0x1faff)
                        || (c >= 0x20000 && c <= 0x3fffd);
        return wide ? 2 : 1;
    }

    /**
     * {@code text} cut to at most {@code columns} columns, ending with {@code …} when cut (never in
     * the middle of a surrogate pair).
     */
    public static String cut(String text, int columns) {
        if (width(text) <= columns) {
            return text;
        }
        int budget = Math.max(0, columns - 1);
        int used = 0;
        int end = 0;
        while (end < text.length()) {
            int c = text.codePointAt(end);
            int w = width(c);
            if (used + w > budget) {
                break;
            }
            used += w;
            end += Character.charCount(c);
        }
        return text.substring(0, end) + "…";
    }

    /** {@link #cut} to this terminal's width. */
    public String fit(String line) {
        return cut(line, columns);
    }
}
