package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

/**
 * What a pass that skips whole lines found: how many line feeds it passed and where the first line
 * it did not skip starts. Reused by its reader from pass to pass, so that a pass allocates nothing.
 */
@Internal
public final class LineTally {
    /** Line feeds passed, added to by each pass. */
    public long lines;

    /**
     * Index of the first byte after the last line feed passed: the start of the line not skipped.
     */
    public int lineStart;
}
