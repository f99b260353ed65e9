package dev.logslice.connector.reader;

import dev.logslice.connector.io.LiteralSearch;
import dev.logslice.connector.source.LinePrefilter;

import org.apache.flink.annotation.Internal;

/**
 * Tells a reader which lines of its window hold one of a prefilter's literals. Each literal's next
 * occurrence is searched for once and kept until a line passes it, so the window is searched about
 * once per literal however many lines it holds.
 */
@Internal
final class CandidateLines {
    /** No occurrence in {@code [searchedFrom, searchedTo)}. */
    private static final int NONE = Integer.MAX_VALUE;

    private final LiteralSearch[] searches;

    /** Per literal: the window index of its first occurrence at or after searchedFrom, or NONE. */
    private final int[] next;

    private final int[] searchedFrom;
    private final int[] searchedTo;

    CandidateLines(LinePrefilter prefilter) {
        this.searches = prefilter.searches();
        this.next = new int[searches.length];
        this.searchedFrom = new int[searches.length];
        this.searchedTo = new int[searches.length];
        java.util.Arrays.fill(searchedTo, -1);
    }

    /**
     * Whether {@code window[start, end)}, a line's content, holds a literal; {@code windowLength}
     * bytes of the window are valid and lines are asked about in window order.
     */
    boolean holdsLiteral(byte[] window, int windowLength, int start, int end) {
        for (int k = 0; k < searches.length; k++) {
            // A literal holds no LF, so one that starts before the line's end lies in the line
            // (or in its CR: a spare candidate, which the decoder then drops).
            if (next(k, window, windowLength, start) < end) {
                return true;
            }
        }
        return false;
    }

    /**
     * The window index of the first occurrence of a literal at or after {@code from}, or {@code
     * windowLength} when none lies wholly in the window; asked in window order, as {@link
     * #holdsLiteral}, whose searches it shares. A literal holds no LF, so a line that ends in the
     * window before the returned index holds none.
     */
    int nextOccurrence(byte[] window, int windowLength, int from) {
        int first = windowLength;
        for (int k = 0; k < searches.length; k++) {
            first = Math.min(first, next(k, window, windowLength, from));
        }
        return first;
    }

    /** Literal {@code k}'s first occurrence at or after {@code from}, or NONE. */
    private int next(int k, byte[] window, int windowLength, int from) {
        boolean known =
                next[k] == NONE
                        ? searchedFrom[k] <= from && searchedTo[k] == windowLength
                        : next[k] >= from && searchedFrom[k] <= from;
        if (!known) {
            int found = searches[k].indexOf(window, from, windowLength);
            next[k] = found < 0 ? NONE : found;
            searchedFrom[k] = from;
            searchedTo[k] = windowLength;
        }
        return next[k];
    }

    /** The window dropped its first {@code consumed} bytes. */
    void shift(int consumed) {
        for (int k = 0; k < searches.length; k++) {
            if (next[k] != NONE) {
                next[k] -= consumed;
            }
            searchedFrom[k] -= consumed;
            searchedTo[k] -= consumed;
        }
    }
}
