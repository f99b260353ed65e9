package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.Path;

import java.io.Serializable;

/**
 * Tells the lines of records that span lines where a record starts, so that the source keeps each
 * record in one split ({@link LineDecoder#eventStarts()}).
 */
@PublicEvolving
@FunctionalInterface
public interface EventStarts extends Serializable {

    /**
     * Whether the line starts a record, the line before it being whole ({@link
     * #leavesLineUnfinished}).
     */
    boolean startsRecord(Line line);

    /**
     * Whether the lines of the file may be cut short, each with its rest in the next line (a
     * container runtime cuts a program's long line): a split then also reads the line before its
     * first, and starts no record right after a line {@link #leavesLineUnfinished unfinished}.
     */
    default boolean cutsLines(Path file) {
        return false;
    }

    /**
     * Whether the line, of a file that {@link #cutsLines}, is cut short: the next line holds its
     * rest and starts no record.
     */
    default boolean leavesLineUnfinished(Line line) {
        return false;
    }
}
