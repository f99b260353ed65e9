package dev.logslice.connector.reader;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The records one fetch found in one split, each with the segment and offset of the line after it:
 * the position a checkpoint taken after that record resumes at.
 */
@Internal
final class LineBatch<T> implements RecordsWithSplitIds<PositionedRecord<T>> {
    private final String splitId;
    private final List<T> records = new ArrayList<>();
    private int[] segments = new int[64];
    private long[] nextOffsets = new long[64];
    private final PositionedRecord<T> current = new PositionedRecord<>();
    private boolean splitFinished;
    private boolean splitHandedOut;
    private int next;

    LineBatch(String splitId) {
        this.splitId = splitId;
    }

    void add(T record, int segment, long nextOffset) {
        int index = records.size();
        if (index == nextOffsets.length) {
            segments = Arrays.copyOf(segments, index * 2);
            nextOffsets = Arrays.copyOf(nextOffsets, index * 2);
        }
        records.add(record);
        segments[index] = segment;
        nextOffsets[index] = nextOffset;
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
        next++;
        return current;
    }

    @Override
    public Set<String> finishedSplits() {
        return splitFinished ? Set.of(splitId) : Collections.emptySet();
    }
}
