package dev.logslice.table;

import org.apache.flink.annotation.PublicEvolving;

/** What a table does with a line no event can be made of. */
@PublicEvolving
public enum MalformedRows {
    /** A row with NULL event columns and the reason in the {@code malformed} metadata column. */
    INCLUDE,
    /** No row. */
    SKIP,
    /** The query fails, naming the file and offset of the line. */
    FAIL
}
