package dev.logslice.job;

import java.io.Serializable;

/**
 * GNU grep's output options, as {@code logslice grep} takes them.
 *
 * @param invert {@code -v}: the lines that do not match
 * @param maxCount {@code -m}: at most this many selected lines per file; negative: no limit
 * @param count {@code -c}: a count of selected lines per file instead of the lines
 * @param filesWithMatches {@code -l}: the names of the files with a selected line instead
 * @param lineNumbers {@code -n}: each line after its number in its file
 * @param fileNames each line (or count) after its file's name: {@code -H}, or several files
 */
public record GrepOptions(
        boolean invert,
        long maxCount,
        boolean count,
        boolean filesWithMatches,
        boolean lineNumbers,
        boolean fileNames)
        implements Serializable {

    /** Lines as in their files, nothing else: what grep did before these options. */
    public static final GrepOptions PLAIN = new GrepOptions(false, -1, false, false, false, false);

    /** Whether the client needs each match's file and line index, or counts per file. */
    boolean structured() {
        return maxCount >= 0 || count || filesWithMatches || lineNumbers || fileNames;
    }

    /** Whether only counts per file are needed, not the lines. */
    boolean countsOnly() {
        return count || filesWithMatches;
    }
}
