package dev.logslice.job;

import dev.logslice.connector.io.ByteSearch;
import dev.logslice.connector.io.LiteralSearch;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LinePrefilter;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Grep's regex, applied to one line at a time, with the literals a matching line holds for the
 * reader to search its buffer for; the empty regex matches without decoding.
 */
public final class LinePattern implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What of a line a match must take: any part, a whole word or the whole line. */
    public enum Extent {
        ANY,
        /** GNU grep's -w: not preceded or followed by a word character. */
        WORD,
        /** GNU grep's -x. */
        LINE
    }

    /** A word character, as GNU grep's -w tells them in a UTF-8 locale: letter, digit, _. */
    /** {@code \1} to {@code \9}, not after a backslash that quotes it. */
    private static final Pattern BACK_REFERENCE = Pattern.compile("(?<!\\\\)\\\\[1-9]");

    private static final String WORD_CHARACTER = "[\\p{L}\\p{N}_]";

    private final Pattern pattern;
    private final boolean matchesEverything;
    @Nullable private final LinePrefilter prefilter;

    /**
     * Literals whose presence in a line's bytes is a match and whose absence is none ({@link
     * LinePrefilter#matchesExactly}), in every line or, with {@link #decidesOnlyAscii}, in lines of
     * ASCII only; null when a regex is more than its literals.
     */
    @Nullable private final LinePrefilter deciding;

    /**
     * Whether {@link #deciding}'s absence decides only in lines of ASCII: {@code -i} with Unicode
     * case, where k also matches the Kelvin sign, s the long s and i the dotted capital I, none of
     * them ASCII. The literals are then the ones of ASCII case, whole.
     */
    private final boolean decidesOnlyAscii;

    /** {@link #deciding}'s searches, made in each task at the first use. */
    @Nullable private transient LiteralSearch[] decidingSearches;

    private LinePattern(Pattern pattern, int flags) {
        this.pattern = pattern;
        this.matchesEverything = pattern.pattern().isEmpty();
        // The compile flags, not pattern.flags(): that one takes in the top level's inline flags.
        this.prefilter =
                matchesEverything ? null : LinePrefilter.forRegex(pattern.pattern(), flags);
        LinePrefilter asciiCase =
                prefilter == null
                                || prefilter.matchesExactly()
                                || (flags & Pattern.UNICODE_CASE) == 0
                        ? prefilter
                        : LinePrefilter.forRegex(pattern.pattern(), flags & ~Pattern.UNICODE_CASE);
        this.deciding = asciiCase != null && asciiCase.matchesExactly() ? asciiCase : null;
        this.decidesOnlyAscii = deciding != null && deciding != prefilter;
    }

    /**
     * Compiles {@code regex} with {@code flags}, as {@link Pattern#compile(String, int)} does (and
     * throws), POSIX character classes ({@code [[:digit:]]}) read as grep reads them.
     */
    public static LinePattern compile(String regex, int flags) {
        return compile(regex, flags, Extent.ANY);
    }

    /**
     * {@link #compile(String, int)}, a match taking {@code extent} of the line: the regex inside
     * lookarounds or anchors, which the reader's literal search looks through.
     */
    public static LinePattern compile(String regex, int flags, Extent extent) {
        boolean literal = (flags & Pattern.LITERAL) != 0;
        if (!literal) {
            checkBackReferences(regex, Pattern.compile(PosixClasses.toJava(regex), flags));
        }
        if (extent == Extent.ANY) {
            return new LinePattern(
                    Pattern.compile(literal ? regex : PosixClasses.toJava(regex), flags), flags);
        }
        String inner = literal ? Pattern.quote(regex) : PosixClasses.toJava(regex);
        // \z, not $: the end of the content, as -x means it (a CRLF's CR is no content).
        String java =
                extent == Extent.LINE
                        ? "\\A(?:" + inner + ")\\z"
                        : "(?<!" + WORD_CHARACTER + ")(?:" + inner + ")(?!" + WORD_CHARACTER + ")";
        int wrappedFlags = flags & ~Pattern.LITERAL;
        return new LinePattern(Pattern.compile(java, wrappedFlags), wrappedFlags);
    }

    /**
     * Java takes {@code \2} without a second group as a reference that never matches: a line never
     * selected, exit 1, where GNU grep refuses the regex. Refused here too.
     */
    private static void checkBackReferences(String regex, Pattern compiled) {
        int groups = compiled.matcher("").groupCount();
        Matcher reference = BACK_REFERENCE.matcher(regex);
        while (reference.find()) {
            int group = regex.charAt(reference.end() - 1) - '0';
            if (group > groups) {
                throw new PatternSyntaxException(
                        "invalid back reference \\"
                                + group
                                + " (the regex has "
                                + groups
                                + (groups == 1 ? " group)" : " groups)"),
                        regex,
                        reference.start());
            }
        }
    }

    /** Whether the regex holds a back-reference ({@code \1} to {@code \9}). */
    public static boolean hasBackReference(String regex) {
        return BACK_REFERENCE.matcher(regex).find();
    }

    /** Whether the regex finds a match in the line's content (decoded as UTF-8). */
    boolean find(Line line) {
        return find(line.buffer(), line.start(), line.length());
    }

    /** Whether the regex finds a match in {@code b[start, start + length)} decoded as UTF-8. */
    boolean find(byte[] b, int start, int length) {
        if (matchesEverything) {
            return true;
        }
        if (deciding != null) {
            if (holdsLiteral(b, start, start + length)) {
                return true;
            }
            if (!decidesOnlyAscii || ByteSearch.isAscii(b, start, start + length)) {
                return false;
            }
        }
        return pattern.matcher(new String(b, start, length, StandardCharsets.UTF_8)).find();
    }

    /** No string and no regex: an alternation of literals is a search of the bytes. */
    private boolean holdsLiteral(byte[] b, int from, int to) {
        if (decidingSearches == null) {
            decidingSearches = deciding.searches();
        }
        for (LiteralSearch search : decidingSearches) {
            if (search.indexOf(b, from, to) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code -o}: the non-empty matches in the line's content, each as UTF-8 with LF after it, one
     * after the other (leftmost first, as Java's regex finds them); none for an empty regex.
     */
    byte[] matchedParts(Line line) {
        return matchedParts(line.buffer(), line.start(), line.length());
    }

    /** As {@link #matchedParts(Line)}, in {@code b[start, start + length)}. */
    byte[] matchedParts(byte[] b, int start, int length) {
        if (matchesEverything) {
            return new byte[0];
        }
        StringBuilder parts = new StringBuilder();
        Matcher matcher = pattern.matcher(new String(b, start, length, StandardCharsets.UTF_8));
        while (matcher.find()) {
            if (matcher.end() > matcher.start()) {
                parts.append(matcher.group()).append('\n');
            }
        }
        return parts.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A matcher of the regex over a line's content decoded as UTF-8. */
    Matcher matcher(CharSequence content) {
        return pattern.matcher(content);
    }

    /** The literals a line must hold to match, for the reader to search for; null when none. */
    @Nullable
    LinePrefilter prefilter() {
        return prefilter;
    }
}
