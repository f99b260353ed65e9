package dev.logslice.connector.reader;

import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The records one fetch found in one split, each with the segment and offset of the line after it
 * and the split's counts when it was found: the position a checkpoint taken after that record
 * resumes at, and what the split had counted up to there. The fetch thread reads ahead of the
 * records emitted, so the counts must be those of each record, not the reader's latest.
 */
@Internal
final class LineBatch<T> implements RecordsWithSplitIds<PositionedRecord<T>> {
    private final String splitId;
    private final List<T> records = new ArrayList<>();
    private int[] segments = new int[64];
    private long[] nextOffsets = new long[64];
    private long[] lines = new long[64];
    private long[] oversizedLines = new long[64];
    private List<Long> oversizedSample = List.of();
    private final PositionedRecord<T> current = new PositionedRecord<>();

    /** Index of the first record made once the split's lines were all read; -1 before. */
    private int firstAfterLines = -1;

    private boolean splitFinished;
    private boolean splitHandedOut;
    private int next;

    LineBatch(String splitId) {
        this.splitId = splitId;
    }

    /** Adds a record, the position after it, and what {@code counted} holds when it is made. */
    void add(T record, int segment, long nextOffset, SplitReadStats counted) {
        add(
                record,
                segment,
                nextOffset,
                counted.lines,
                counted.oversizedLines,
                counted.oversizedLineOffsets);
    }

    /**
     * Adds a record, the position after it and the split's counts up to there.
     *
     * @param sample the split's oversized-line offsets, at least those before the position
     */
    void add(
            T record,
            int segment,
            long nextOffset,
            long linesCounted,
            long oversizedCounted,
            List<Long> sample) {
        int index = records.size();
        if (index == nextOffsets.length) {
            segments = Arrays.copyOf(segments, index * 2);
            nextOffsets = Arrays.copyOf(nextOffsets, index * 2);
            lines = Arrays.copyOf(lines, index * 2);
            oversizedLines = Arrays.copyOf(oversizedLines, index * 2);
        }
        records.add(record);
        segments[index] = segment;
        nextOffsets[index] = nextOffset;
        lines[index] = linesCounted;
        oversizedLines[index] = oversizedCounted;
        // Only ever longer: the latest holds the samples of every record before it.
        oversizedSample = sample;
    }

    /** Records added from now on finish the split: its lines are all read. */
    void markLinesRead() {
        firstAfterLines = records.size();
    }

    void markSplitFinished() {
        splitFinished = true;
    }

    boolean isEmpty() {
        return records.isEmpty() && !splitFinished;
    }

    @Nullable
    @Override
    public String nextSplit() {
        if (splitHandedOut || records.isEmpty()) {
            return null;
        }
        splitHandedOut = true;
        return splitId;
    }

    @Nullable
    @Override
    public PositionedRecord<T> nextRecordFromSplit() {
        if (next == records.size()) {
            return null;
        }
        current.record = records.get(next);
        current.segment = segments[next];
        current.nextOffset = nextOffsets[next];
        current.stage = stage(next);
        current.lines = lines[next];
        current.oversizedLines = oversizedLines[next];
        current.oversizedSample = oversizedSample;
        next++;
        return current;
    }

    private SplitPosition.Stage stage(int index) {
        if (splitFinished && index == records.size() - 1) {
            return SplitPosition.Stage.FINISHED;
        }
        return firstAfterLines >= 0 && index >= firstAfterLines
                ? SplitPosition.Stage.LINES_READ
                : SplitPosition.Stage.READING;
    }

    @Override
    public Set<String> finishedSplits() {
        return splitFinished ? Set.of(splitId) : Collections.emptySet();
    }
}
