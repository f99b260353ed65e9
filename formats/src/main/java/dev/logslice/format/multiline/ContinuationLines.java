package dev.logslice.format.multiline;

import dev.logslice.format.Bytes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Which lines that start no event still belong to the event before them. A line that fails its
 * format's header is a continuation only when it looks like one, never merely because its header
 * failed: a header the layout does not read (a thread name it did not expect) must be reported, not
 * glued to the event before it.
 */
public enum ContinuationLines {
    /** Single-line formats: no line continues another. */
    NONE,

    /**
     * Stack traces and indented text: blank lines, lines starting with a space or tab ({@code \tat
     * a.B.run(B.java:12)}, {@code \t... 3 more}, an indented message), {@code Caused by:}, {@code
     * Suppressed:}, {@code ... N more}, the line that opens a Java trace ({@code
     * java.lang.IllegalStateException: boom}, {@code Exception in thread "main" ...}) and the
     * headings of a Python traceback.
     */
    STACK_TRACES,

    /**
     * {@link #STACK_TRACES}, and what {@code journalctl -x} writes below an entry from its message
     * catalog: lines starting with {@code ░░} (systemd 246 on) or {@code -- }, and a lone {@code
     * --}.
     */
    SYSLOG,

    /**
     * The lines of an apt {@code history.log} block after its {@code Start-Date:}: {@code
     * Commandline:}, {@code Requested-By:}, {@code Install:}, {@code Upgrade:}, {@code Remove:} and
     * the other package lists, {@code Error:}, {@code End-Date:}, and the blank line that ends it.
     */
    APT_HISTORY,

    /**
     * {@link #STACK_TRACES}, and the lines of the transaction table dnf logs below an entry: its
     * rules of {@code =}, its headings ({@code Installing:}, {@code Installing dependencies:},
     * {@code Transaction Summary}) and its counts ({@code Upgrade 3 Packages}); the package rows
     * are indented.
     */
    DNF_TRANSACTIONS,

    /**
     * Every line: a block opened by a header runs to the next header (apt's {@code term.log}, where
     * the output of maintainer scripts between {@code Log started:} and {@code Log ended:} can look
     * like anything).
     */
    ANY;

    private static final List<String> APT_FIELDS =
            List.of(
                    "Commandline:",
                    "Requested-By:",
                    "Install:",
                    "Reinstall:",
                    "Upgrade:",
                    "Downgrade:",
                    "Remove:",
                    "Purge:",
                    "Error:",
                    "End-Date:");

    private static final List<String> PREFIXES =
            List.of(
                    "Caused by: ",
                    "Suppressed: ",
                    "Exception in thread \"",
                    "Traceback (most recent call last):",
                    "During handling of the above exception",
                    "The above exception was the direct cause");

    /** Two light shades, U+2591, as journalctl -x marks its explanations. */
    private static final byte[] JOURNAL_CATALOG_PREFIX =
            "\u2591\u2591".getBytes(StandardCharsets.UTF_8);

    private static final List<String> THROWABLE_SUFFIXES =
            List.of("Exception", "Error", "Throwable");

    /** Whether {@code b[start, start + length)} continues the event before it. */
    public boolean continues(byte[] b, int start, int length) {
        if (this == NONE) {
            return false;
        }
        if (this == ANY) {
            return true;
        }
        int end = start + length;
        if (this == APT_HISTORY) {
            return Bytes.isBlank(b, start, end) || startsWithAny(b, start, end, APT_FIELDS);
        }
        if (length == 0 || b[start] == ' ' || b[start] == '\t' || b[start] == '\r') {
            return true;
        }
        if (this == SYSLOG && isJournalCatalogLine(b, start, end)) {
            return true;
        }
        if (this == DNF_TRANSACTIONS && isDnfTableLine(b, start, end)) {
            return true;
        }
        return startsWithAny(b, start, end, PREFIXES)
                || isMoreFrames(b, start, end)
                || isThrowableLine(b, start, end);
    }

    private static boolean startsWithAny(byte[] b, int start, int end, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (Bytes.startsWith(b, start, end, prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isJournalCatalogLine(byte[] b, int start, int end) {
        return Bytes.startsWith(b, start, end, "-- ")
                || (end - start == 2 && Bytes.startsWith(b, start, end, "--"))
                || (end - start >= JOURNAL_CATALOG_PREFIX.length
                        && Arrays.equals(
                                b,
                                start,
                                start + JOURNAL_CATALOG_PREFIX.length,
                                JOURNAL_CATALOG_PREFIX,
                                0,
                                JOURNAL_CATALOG_PREFIX.length));
    }

    /**
     * A rule ({@code ====}), {@code Transaction Summary}, a heading of words ending in a colon
     * ({@code Installing weak dependencies:}) or a count ({@code Install 1 Package}).
     */
    private static boolean isDnfTableLine(byte[] b, int start, int end) {
        if (Bytes.startsWith(b, start, end, "===")
                || Bytes.startsWith(b, start, end, "Transaction Summary")) {
            return true;
        }
        int i = start;
        while (i < end && (isLetter(b[i]) || b[i] == ' ' || b[i] == '/')) {
            i++;
        }
        if (i == end - 1 && i > start && b[i] == ':') {
            return true;
        }
        int word = start;
        while (word < end && isLetter(b[word])) {
            word++;
        }
        int count = Bytes.skipSpaces(b, word, end);
        int digits = count;
        while (digits < end && Bytes.isDigit(b[digits])) {
            digits++;
        }
        return word > start
                && count > word
                && digits > count
                && (Bytes.startsWith(b, digits, end, " Package")
                        && (end - digits == 8 || end - digits == 9 && b[end - 1] == 's'));
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** {@code ... 12 more}: a trace leaves out the frames it shares with the enclosing one. */
    private static boolean isMoreFrames(byte[] b, int start, int end) {
        if (!Bytes.startsWith(b, start, end, "... ")) {
            return false;
        }
        int digits = start + 4;
        int i = digits;
        while (i < end && Bytes.isDigit(b[i])) {
            i++;
        }
        return i > digits && Bytes.startsWith(b, i, end, " more");
    }

    /**
     * A throwable's class name, alone or before {@code ": "}: {@code java.io.IOException: closed},
     * {@code com.example.FatalError}.
     */
    private static boolean isThrowableLine(byte[] b, int start, int end) {
        int i = start;
        while (i < end && isNameChar(b[i])) {
            i++;
        }
        boolean nameOnly = i == end || Bytes.startsWith(b, i, end, ": ");
        if (i == start || !nameOnly) {
            return false;
        }
        for (String suffix : THROWABLE_SUFFIXES) {
            if (i - start >= suffix.length()
                    && Bytes.startsWith(b, i - suffix.length(), i, suffix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isNameChar(byte c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || Bytes.isDigit(c)
                || c == '_'
                || c == '$'
                || c == '.';
    }
}
