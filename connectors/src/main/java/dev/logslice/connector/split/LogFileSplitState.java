package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;

import java.util.List;

/**
 * The mutable progress of a split being read: the position after the last record emitted and the
 * split's counts up to there, kept in fields since they move with every record.
 */
@Internal
public final class LogFileSplitState {
    private final LogFileSplit split;
    private boolean moved;
    private int segment;
    private long offset;
    private SplitPosition.Stage stage;
    private long lines;
    private long oversizedLines;
    private List<Long> oversizedSample;

    public LogFileSplitState(LogFileSplit split) {
        this.split = split;
    }

    /**
     * Moves to the position after a record.
     *
     * @param oversizedSample offsets of the split's first oversized lines, at least those before
     *     the position (it may hold later ones); never changed afterwards
     */
    public void setPosition(
            int segment,
            long offset,
            SplitPosition.Stage stage,
            long lines,
            long oversizedLines,
            List<Long> oversizedSample) {
        this.moved = true;
        this.segment = segment;
        this.offset = offset;
        this.stage = stage;
        this.lines = lines;
        this.oversizedLines = oversizedLines;
        this.oversizedSample = oversizedSample;
    }

    /** The split to resume from here, as a checkpoint stores it. */
    public LogFileSplit toSplit() {
        if (!moved) {
            return split;
        }
        int sampled = (int) Math.min(oversizedLines, oversizedSample.size());
        LineCounts counted =
                new LineCounts(lines, oversizedLines, oversizedSample.subList(0, sampled));
        return split.withPosition(new SplitPosition(segment, offset, stage, counted));
    }
}
