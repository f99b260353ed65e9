package dev.logslice.connector.reader;

import dev.logslice.connector.split.LogFileSplitState;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.annotation.Internal;

import java.util.List;

/**
 * A record with the position of the line after it (segment and byte offset, or how far the split's
 * finishing records got) and the split's counts up to there: where a checkpoint taken after the
 * record resumes. One instance is reused for all records of a batch.
 */
@Internal
final class PositionedRecord<T> {
    T record;
    int segment;
    long nextOffset;
    SplitPosition.Stage stage;
    long lines;
    long oversizedLines;

    /** The split's oversized-line sample; holds at least those before the position. */
    List<Long> oversizedSample;

    /** Moves {@code state} to this record's position, with the split's counts up to there. */
    void moveTo(LogFileSplitState state) {
        state.setPosition(segment, nextOffset, stage, lines, oversizedLines, oversizedSample);
    }
}
