package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Gathers consecutive segments smaller than a split into one split while they fit in the split
 * size. The number of segments per split is capped too, since every split travels to its reader in
 * one message and sits in checkpoints whole.
 */
@Internal
final class SplitPacker {
    static final int MAX_SEGMENTS_PER_SPLIT = 4096;

    private final Supplier<String> ids;
    private final Consumer<LogFileSplit> target;
    private final List<FileSegment> segments = new ArrayList<>();
    private List<String> hosts = List.of();
    private long bytes;

    SplitPacker(Supplier<String> ids, Consumer<LogFileSplit> target) {
        this.ids = ids;
        this.target = target;
    }

    /** Adds a segment, first closing the split being packed if the segment does not fit. */
    void add(FileSegment segment, List<String> segmentHosts, long splitSize) {
        if (bytes + segment.length() > splitSize || segments.size() == MAX_SEGMENTS_PER_SPLIT) {
            flush();
        }
        if (segments.isEmpty()) {
            hosts = segmentHosts; // locality follows the first segment
        }
        segments.add(segment);
        bytes += segment.length();
    }

    /** Closes the split being packed, if any. */
    void flush() {
        if (!segments.isEmpty()) {
            target.accept(new LogFileSplit(ids.get(), segments, hosts, null));
            segments.clear();
            bytes = 0;
        }
    }
}
