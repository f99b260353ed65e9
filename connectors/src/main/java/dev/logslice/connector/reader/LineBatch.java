package dev.logslice.connector.reader;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The records one fetch found in one split, each with the offset of the line after it: the position
 * a checkpoint taken after that record resumes at.
 */
@Internal
final class LineBatch<T> implements RecordsWithSplitIds<RecordAndPosition<T>> {
    private final String splitId;
    private final List<T> records = new ArrayList<>();
    private long[] nextOffsets = new long[64];
    private final MutableRecordAndPosition<T> current = new MutableRecordAndPosition<>();
    private boolean splitFinished;
    private boolean splitHandedOut;
    private int next;

    LineBatch(String splitId) {
        this.splitId = splitId;
    }

    void add(T record, long nextOffset) {
        int index = records.size();
        if (index == nextOffsets.length) {
            nextOffsets = Arrays.copyOf(nextOffsets, index * 2);
        }
        records.add(record);
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
    public RecordAndPosition<T> nextRecordFromSplit() {
        if (next == records.size()) {
            return null;
        }
        current.set(records.get(next), nextOffsets[next], 0);
        next++;
        return current;
    }

    @Override
    public Set<String> finishedSplits() {
        return splitFinished ? Set.of(splitId) : Collections.emptySet();
    }
}
