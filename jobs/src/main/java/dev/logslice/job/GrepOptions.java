package dev.logslice.job;

import javax.annotation.Nullable;

import java.io.Serializable;

/**
 * GNU grep's output options, as {@code logslice grep} takes them.
 *
 * @param invert {@code -v}: the lines that do not match
 * @param maxCount {@code -m}: at most this many selected lines per file; negative: no limit
 * @param count {@code -c}: a count of selected lines per file instead of the lines
 * @param filesWithMatches {@code -l}: the names of the files with a selected line instead
 * @param filesWithoutMatch {@code -L}: the names of the files without one instead
 * @param lineNumbers {@code -n}: each line after its number in its file
 * @param fileNames each line (or count) after its file's name: {@code -H}, or several files
 * @param before {@code -B}: lines of context before each selected line; negative: not asked
 * @param after {@code -A}: lines of context after each selected line; negative: not asked
 * @param onlyMatching {@code -o}: the parts of a selected line that match, each on a line of its
 *     own, instead of the line
 * @param colors {@code --color}: the output in colours; null for none
 */
public record GrepOptions(
        boolean invert,
        long maxCount,
        boolean count,
        boolean filesWithMatches,
        boolean filesWithoutMatch,
        boolean lineNumbers,
        boolean fileNames,
        int before,
        int after,
        boolean onlyMatching,
        @Nullable GrepColors colors)
        implements Serializable {

    /** Lines as in their files, nothing else: what grep did before these options. */
    public static final GrepOptions PLAIN =
            new GrepOptions(false, -1, false, false, false, false, false, -1, -1, false, null);

    /** Whether the client needs each match's file and line index, or counts per file. */
    boolean structured() {
        // With -o a selected line may have no part to write: the status comes from the counts.
        return maxCount >= 0
                || count
                || filesWithMatches
                || filesWithoutMatch
                || lineNumbers
                || fileNames
                || context()
                || onlyMatching
                || colors != null;
    }

    /**
     * Whether lines around the selected ones are written ({@code -A}, {@code -B}, {@code -C}, even
     * of 0, which still puts {@code --} between groups), as GNU grep does; never with counts.
     */
    boolean context() {
        return (before >= 0 || after >= 0) && !countsOnly();
    }

    /** Whether only counts per file are needed, not the lines. */
    boolean countsOnly() {
        return count || filesWithMatches || filesWithoutMatch;
    }
}
