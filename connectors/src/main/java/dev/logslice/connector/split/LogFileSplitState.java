package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;

/**
 * The mutable progress of a split being read: the position after the last record emitted, kept in
 * fields since it moves with every record.
 */
@Internal
public final class LogFileSplitState {
    private final LogFileSplit split;
    private boolean moved;
    private int segment;
    private long offset;

    public LogFileSplitState(LogFileSplit split) {
        this.split = split;
    }

    public void setPosition(int segment, long offset) {
        this.moved = true;
        this.segment = segment;
        this.offset = offset;
    }

    /** The split to resume from here, as a checkpoint stores it. */
    public LogFileSplit toSplit() {
        return moved ? split.withPosition(new SplitPosition(segment, offset)) : split;
    }
}
