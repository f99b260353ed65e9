package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;

import static org.apache.flink.util.Preconditions.checkArgument;

/**
 * An immutable split: a range of one file, or several small files (and tails of files) packed
 * together so that many small files do not make as many splits. Segments are read in order, each
 * with the line contract of {@code SplitLineReader}; a packed split never holds two segments of one
 * file.
 *
 * @param splitId ids follow the input order (files in the order given, then by offset)
 * @param segments the byte ranges read, in order; one or more
 * @param hosts where the first segment's data lies, for locality-aware assignment; may be empty
 * @param position where a reader resumes, after a checkpoint; null for a split not begun
 */
@Internal
public record LogFileSplit(
        String splitId,
        List<FileSegment> segments,
        List<String> hosts,
        @Nullable SplitPosition position)
        implements SourceSplit {

    public LogFileSplit {
        segments = List.copyOf(segments);
        hosts = List.copyOf(hosts);
        checkArgument(!segments.isEmpty(), "a split needs a segment");
        checkArgument(
                position == null || position.segment() < segments.size(),
                "position outside the split");
    }

    /** A split of one byte range of one file, not begun. */
    public static LogFileSplit of(String splitId, FileSegment segment, List<String> hosts) {
        return new LogFileSplit(splitId, List.of(segment), hosts, null);
    }

    public Optional<SplitPosition> readerPosition() {
        return Optional.ofNullable(position);
    }

    /** This split, to be resumed at {@code resumeAt}. */
    public LogFileSplit withPosition(SplitPosition resumeAt) {
        return new LogFileSplit(splitId, segments, hosts, resumeAt);
    }

    /** Bytes of all segments. */
    public long length() {
        return segments.stream().mapToLong(FileSegment::length).sum();
    }

    @Override
    public String toString() {
        if (segments.size() == 1) {
            return segments.get(0).toString();
        }
        return segments.size()
                + " files from "
                + segments.get(0)
                + " to "
                + segments.get(segments.size() - 1);
    }
}
