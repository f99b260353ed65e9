package dev.logslice.job;

import dev.logslice.connector.source.Line;

import java.io.Serializable;
import java.util.regex.Pattern;

/** Grep's regex, applied to one line at a time; the empty regex matches without decoding. */
final class LinePattern implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Pattern pattern;
    private final boolean matchesEverything;

    LinePattern(Pattern pattern) {
        this.pattern = pattern;
        this.matchesEverything = pattern.pattern().isEmpty();
    }

    /** Whether the regex finds a match in the line's content (decoded as UTF-8). */
    boolean find(Line line) {
        return matchesEverything || pattern.matcher(line.toUtf8String()).find();
    }
}
