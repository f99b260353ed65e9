package dev.logslice.connector.reader;

import dev.logslice.connector.io.LineTally;
import dev.logslice.connector.io.LiteralSearch;
import dev.logslice.connector.source.LinePrefilter;

import org.apache.flink.annotation.Internal;

import java.util.Arrays;

/**
 * Tells a reader which lines of its window hold one of a prefilter's literals. The reader skips the
 * lines without one in a pass that searches for the first literal and counts line feeds at once;
 * each other literal's next occurrence, where that pass must stop, is searched for once and kept
 * until the reader passes it, so the window is searched about once per literal.
 */
@Internal
final class CandidateLines {
    /** No occurrence in {@code [searchedFrom, searchedTo)}. */
    private static final int NONE = Integer.MAX_VALUE;

    private final LiteralSearch[] searches;

    /** Per literal after the first: its first occurrence at or after searchedFrom, or NONE. */
    private final int[] next;

    private final int[] searchedFrom;
    private final int[] searchedTo;

    CandidateLines(LinePrefilter prefilter) {
        this.searches = prefilter.searches();
        this.next = new int[searches.length];
        this.searchedFrom = new int[searches.length];
        this.searchedTo = new int[searches.length];
        Arrays.fill(searchedTo, -1);
    }

    /** Whether {@code window[start, end)}, a line's content, holds a literal. */
    boolean holdsLiteral(byte[] window, int start, int end) {
        for (LiteralSearch search : searches) {
            if (search.indexOf(window, start, end) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Skips the whole lines from {@code tally.lineStart} that hold no literal, as {@link
     * LiteralSearch#skipLinesWithout} does for one, reading only {@code window[0, to)} of the
     * {@code windowLength} valid bytes; asked in window order.
     *
     * @return where it stopped: no line feed lies in {@code [tally.lineStart, returned)}
     */
    int skipLinesWithout(
            byte[] window, int windowLength, int to, int maxLineLength, LineTally tally) {
        int bound = to;
        for (int k = 1; k < searches.length; k++) {
            // A line feed before another literal's occurrence ends a line without it.
            bound = Math.min(bound, next(k, window, windowLength, tally.lineStart));
        }
        return searches[0].skipLinesWithout(window, bound, maxLineLength, tally);
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
        for (int k = 1; k < searches.length; k++) {
            if (next[k] != NONE) {
                next[k] -= consumed;
            }
            searchedFrom[k] -= consumed;
            searchedTo[k] -= consumed;
        }
    }
}
