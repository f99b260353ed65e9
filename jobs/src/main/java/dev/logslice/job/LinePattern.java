package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LinePrefilter;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.regex.Pattern;

/**
 * Grep's regex, applied to one line at a time, with the literals a matching line holds for the
 * reader to search its buffer for; the empty regex matches without decoding.
 */
public final class LinePattern implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Pattern pattern;
    private final int flags;
    private final boolean matchesEverything;

    private LinePattern(Pattern pattern, int flags) {
        this.pattern = pattern;
        this.flags = flags;
        this.matchesEverything = pattern.pattern().isEmpty();
    }

    /**
     * Compiles {@code regex} with {@code flags}, as {@link Pattern#compile(String, int)} does (and
     * throws), POSIX character classes ({@code [[:digit:]]}) read as grep reads them.
     */
    public static LinePattern compile(String regex, int flags) {
        String java = (flags & Pattern.LITERAL) != 0 ? regex : PosixClasses.toJava(regex);
        return new LinePattern(Pattern.compile(java, flags), flags);
    }

    /** Whether the regex finds a match in the line's content (decoded as UTF-8). */
    boolean find(Line line) {
        return matchesEverything || pattern.matcher(line.toUtf8String()).find();
    }

    /** The literals a line must hold to match, for the reader to search for; null when none. */
    @Nullable
    LinePrefilter prefilter() {
        // The compile flags, not pattern.flags(): that one takes in the top level's inline flags.
        return matchesEverything ? null : LinePrefilter.forRegex(pattern.pattern(), flags);
    }
}
