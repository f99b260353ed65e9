package dev.logslice.connector.split;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;

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
 * @param followed for the split that follows a growing file (one segment, from where following
 *     starts; its position the offset of the next line), the file's identity; null for a split of
 *     fixed byte ranges
 * @param head for a followed file, the fingerprint of its first bytes as last read, which a
 *     restored reader checks (an inode may be given to a new file once the old one is deleted)
 */
@Internal
public record LogFileSplit(
        String splitId,
        List<FileSegment> segments,
        List<String> hosts,
        @Nullable SplitPosition position,
        @Nullable FileIdentity followed,
        @Nullable Fingerprint head)
        implements SourceSplit {

    public LogFileSplit {
        segments = List.copyOf(segments);
        hosts = List.copyOf(hosts);
        checkArgument(!segments.isEmpty(), "a split needs a segment");
        checkArgument(followed == null || segments.size() == 1, "a followed split has one file");
        checkArgument((followed == null) == (head == null), "a followed split has a head");
        checkArgument(
                position == null || position.segment() < segments.size(),
                "position outside the split");
    }

    /** A split of fixed byte ranges. */
    public LogFileSplit(
            String splitId,
            List<FileSegment> segments,
            List<String> hosts,
            @Nullable SplitPosition position) {
        this(splitId, segments, hosts, position, null, null);
    }

    /**
     * The split that follows a file as it grows, from {@code nextLineOffset}, a line start; the
     * segment records the file as it was when following started.
     */
    public static LogFileSplit following(
            String splitId,
            FileSegment startedAt,
            FileIdentity identity,
            Fingerprint head,
            long nextLineOffset) {
        return new LogFileSplit(
                splitId,
                List.of(startedAt),
                List.of(),
                new SplitPosition(0, nextLineOffset),
                identity,
                head);
    }

    /** This followed split, its file's start fingerprinted as {@code longer}. */
    public LogFileSplit withHead(Fingerprint longer) {
        return new LogFileSplit(splitId, segments, hosts, position, followed, longer);
    }

    public boolean isFollowing() {
        return followed != null;
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
        return new LogFileSplit(splitId, segments, hosts, resumeAt, followed, head);
    }

    /** Bytes of all segments. */
    public long length() {
        return segments.stream().mapToLong(FileSegment::length).sum();
    }

    @Override
    public String toString() {
        if (followed != null) {
            return segments.get(0).path() + " followed from " + position.offset();
        }
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
