package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/**
 * Where a reader resumes a split: the index of the segment it was reading and the exact byte offset
 * of that file's next line, or, once the split's lines are all read, how far its last records got;
 * with what the split had counted up to there.
 *
 * @param segment the segment being read; the last one once the lines are all read
 * @param offset the next line's offset in {@code segment} while {@link Stage#READING}; that
 *     segment's end after
 */
@Internal
public record SplitPosition(int segment, long offset, Stage stage, LineCounts counted)
        implements Serializable {

    /** How far a split's read got. */
    public enum Stage {
        /** Lines are read on from {@code offset}. */
        READING,
        /**
         * Every line is read and only the records that finish the split are left (the decoder's
         * last event, the split's report): a restored reader reads nothing and finishes the split
         * again, with the counts of the whole split.
         */
        LINES_READ,
        /** The split's last record is out: a restored reader has nothing left to emit. */
        FINISHED
    }

    /** Reading on at {@code offset}, with nothing counted: what checkpoints before counts hold. */
    public SplitPosition(int segment, long offset) {
        this(segment, offset, Stage.READING, LineCounts.NONE);
    }
}
