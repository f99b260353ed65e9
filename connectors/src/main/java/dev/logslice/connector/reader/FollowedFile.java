package dev.logslice.connector.reader;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The state machine of one followed file, in a reader: it reads whole lines from the offset of the
 * next one as the file grows, through the file it opened, so a file renamed by rotation is read to
 * its end under any name.
 *
 * <ul>
 *   <li>Appended: the new complete lines are handed out; a last line without its LF waits, and is
 *       taken as it is once the file has not grown for the partial-line timeout.
 *   <li>Smaller than what was read, or its last bytes read changed (copytruncate, written again
 *       past the offset between two looks): read again from 0; counted and logged.
 *   <li>No longer at its path (renamed, or deleted): read to its end, and let go once it has not
 *       grown for the partial-line timeout (a writer may go on writing into a renamed file until it
 *       reopens its log). A new file at the path is another file, which the enumerator finds.
 *   <li>Restored from a checkpoint: opened by its identity, at its path or, renamed meanwhile, in
 *       its directory, and checked by the fingerprint of its start (a new file may have the inode
 *       of one deleted meanwhile); gone, it is let go with a warning.
 * </ul>
 */
@Internal
final class FollowedFile {
    private static final Logger LOG = LoggerFactory.getLogger(FollowedFile.class);

    /** Bytes compared to tell a rewritten file from one appended to. */
    private static final int LAST_BYTES = 64;

    private final LogFileSplit split;
    private final FileIdentity identity;
    private final FollowView view;
    private final int bufferSize;
    private final int maxLineLength;
    private final long partialLineTimeoutNanos;
    @Nullable private final LinePrefilter prefilter;
    @Nullable private FollowView.OpenFile file;
    @Nullable private SplitLineReader lines;
    private Path path;
    private long lastGrowthNanos;
    private long size;
    private long truncations;
    private boolean detached;

    /** The fingerprint of the file's start, up to what was read: checked when reopened. */
    private Fingerprint head;

    /** The last bytes read, before {@code lines.position()}: still there if only appended to. */
    private byte[] lastBytes = new byte[0];

    private boolean done;

    /**
     * Oversized lines told by {@link #takeEndedOversizedLines}: those a restored split counted were
     * told by the run that counted them.
     */
    private long oversizedLinesTold;

    private FollowedFile(
            LogFileSplit split,
            FollowView view,
            int bufferSize,
            int maxLineLength,
            long partialLineTimeoutNanos,
            @Nullable LinePrefilter prefilter) {
        this.split = split;
        this.identity = split.followed();
        this.view = view;
        this.bufferSize = bufferSize;
        this.maxLineLength = maxLineLength;
        this.partialLineTimeoutNanos = partialLineTimeoutNanos;
        this.prefilter = prefilter;
        this.path = LocalPaths.of(split.segments().get(0).path());
        this.head = split.head();
        this.lastGrowthNanos = view.nanoTime();
    }

    /** Opens the split's file by its identity, at the split's position. */
    static FollowedFile open(
            LogFileSplit split,
            FollowView view,
            int bufferSize,
            int maxLineLength,
            long partialLineTimeoutNanos,
            @Nullable LinePrefilter prefilter)
            throws IOException {
        FollowedFile followed =
                new FollowedFile(
                        split, view, bufferSize, maxLineLength, partialLineTimeoutNanos, prefilter);
        followed.openByIdentity();
        return followed;
    }

    private void openByIdentity() throws IOException {
        Path at = findByIdentity();
        if (at == null) {
            LOG.warn(
                    "Followed file {} ({}) is gone: nothing more of it is read",
                    path,
                    split.splitId());
            done = true;
            return;
        }
        FollowView.OpenFile opened = view.open(at);
        if (!opened.identity().equals(identity)) {
            opened.close(); // replaced since it was found: look at it on the next poll
            return;
        }
        if (!head.isPrefixOf(start(opened, head.length()))) {
            // Its inode went to a new file once it was deleted, while the job was down.
            opened.close();
            LOG.warn(
                    "Followed file {} ({}) is gone, its inode taken by {}: nothing more of it is"
                            + " read",
                    path,
                    split.splitId(),
                    at);
            done = true;
            return;
        }
        path = at;
        file = opened;
        long offset = split.position().offset();
        size = opened.size();
        if (size < offset) {
            countTruncation(offset);
            offset = 0;
            head = Fingerprint.NONE;
        }
        lines = newReader(offset);
        lines.stats().countOnFrom(split.position().counted());
        oversizedLinesTold = split.position().counted().oversizedLines();
        // What was read before the offset, to tell a rewrite from here on as well as in one run.
        int before = (int) Math.min(LAST_BYTES, offset);
        lastBytes = bytesAt(opened, offset - before, before);
    }

    @Nullable
    private Path findByIdentity() throws IOException {
        FileIdentity.Stat at = view.stat(path);
        if (at != null && at.identity().equals(identity)) {
            return path;
        }
        for (Path sibling : view.siblings(path)) {
            FileIdentity.Stat stat = view.stat(sibling);
            if (stat != null && stat.identity().equals(identity)) {
                return sibling;
            }
        }
        return null;
    }

    private SplitLineReader newReader(long offset) {
        SplitLineReader reader =
                SplitLineReader.following(
                        file,
                        split.segments().get(0).path(),
                        offset,
                        size,
                        bufferSize,
                        maxLineLength);
        reader.withSplitId(split.splitId());
        if (prefilter != null) {
            reader.withPrefilter(prefilter);
        }
        return reader;
    }

    private void countTruncation(long readUpTo) {
        truncations++;
        LOG.warn(
                "Followed file {} was truncated ({} bytes, {} read): read again from its start",
                path,
                size,
                readUpTo);
    }

    /**
     * Reads what was appended, up to about {@code budget} bytes, handing every complete line to
     * {@code sink}; takes a last line that waited long enough as it is; lets the file go when it
     * was rotated away or deleted and is read. Found truncated, it calls {@code truncated} before
     * it hands out lines from the start again.
     *
     * @return whether anything was read or handed out: if not, the file has nothing new
     */
    boolean poll(Consumer<Line> sink, Runnable truncated, long budget) throws IOException {
        if (done) {
            return false;
        }
        if (file == null) {
            openByIdentity();
            if (file == null) {
                return false;
            }
        }
        long now = view.nanoTime();
        long latest = file.size();
        // Smaller than it was seen is a truncation, also when still past the next line (a last
        // line pending, a read cut at its budget, a restore), whose bytes before look the same.
        if (latest < size || latest < lines.position() || rewritten()) {
            size = latest;
            countTruncation(lines.position());
            truncated.run();
            SplitReadStats before = lines.stats();
            lines = newReader(0);
            lastBytes = new byte[0];
            head = Fingerprint.NONE;
            lines.stats()
                    .countOnFrom(
                            new LineCounts(
                                    before.lines,
                                    before.oversizedLines,
                                    before.oversizedLineOffsets));
        }
        if (latest > lines.position()) {
            size = latest;
            long from = lines.position();
            lines.growTo(latest);
            long before = lines.stats().bytesRead();
            while (lines.readNext(sink) && lines.stats().bytesRead() - before < budget) {
                // read on up to the budget, so that other files get their turn
            }
            lastBytes = lastBytesBefore(lines.position(), from);
            lastGrowthNanos = now;
            if (head.length() < Math.min(Fingerprint.BYTES, lines.position())) {
                byte[] start = start(file, (int) Math.min(Fingerprint.BYTES, lines.position()));
                head = Fingerprint.of(start, start.length);
            }
            return true;
        }
        boolean idle = now - lastGrowthNanos >= partialLineTimeoutNanos;
        if (idle && lines.holdsPendingLine()) {
            lines.takePendingLine(sink);
            return true;
        }
        if (!detached) {
            FileIdentity.Stat at = view.stat(path);
            detached = at == null || !at.identity().equals(identity);
        }
        if (detached && idle) {
            LOG.info("Followed file {} was rotated away or deleted, and is read", path);
            done = true;
        }
        return false;
    }

    /**
     * Whether the file has not grown for {@code nanos} and holds no last line waiting for its LF:
     * nothing more of what was read is on its way.
     */
    boolean quietFor(long nanos) {
        return view.nanoTime() - lastGrowthNanos >= nanos
                && (lines == null || !lines.holdsPendingLine());
    }

    /**
     * The last {@link #LAST_BYTES} bytes read, up to {@code position}: the reader's window holds
     * fewer after it handed its lines out, so the bytes known before {@code from} (where this read
     * began) make up the rest. Kept short, a rewrite of the same size would pass for the file read.
     */
    private byte[] lastBytesBefore(long position, long from) {
        byte[] window = lines.lastBytesRead(LAST_BYTES);
        int wanted = (int) Math.min(LAST_BYTES, position);
        long windowStart = position - window.length;
        if (window.length >= wanted || windowStart > from) {
            return window;
        }
        // lastBytes covers [from - lastBytes.length, from); take what lies before the window.
        long keptStart = Math.max(position - wanted, from - lastBytes.length);
        int keptFrom = (int) (keptStart - (from - lastBytes.length));
        int keptTo = (int) (windowStart - (from - lastBytes.length));
        byte[] kept = Arrays.copyOfRange(lastBytes, keptFrom, keptTo);
        byte[] joined = Arrays.copyOf(kept, kept.length + window.length);
        System.arraycopy(window, 0, joined, kept.length, window.length);
        return joined;
    }

    /** Up to {@code length} of the first bytes of {@code opened}. */
    private static byte[] start(FollowView.OpenFile opened, int length) throws IOException {
        return bytesAt(opened, 0, length);
    }

    /** Up to {@code length} bytes of {@code opened} from {@code from}: fewer where it ends. */
    private static byte[] bytesAt(FollowView.OpenFile opened, long from, int length)
            throws IOException {
        byte[] bytes = new byte[length];
        int got = 0;
        while (got < length) {
            int n = opened.read(from + got, bytes, got, length - got);
            if (n < 0) {
                return Arrays.copyOf(bytes, got);
            }
            got += n;
        }
        return bytes;
    }

    /**
     * The oversized lines whose end was read since the last call, each told once: a line being
     * dropped is told when its end comes, so that what tells of it can resume after it ({@link
     * #afterLastOversizedLine}).
     */
    long takeEndedOversizedLines() {
        if (lines == null) {
            return 0;
        }
        long ended = lines.stats().oversizedLines - (lines.dropsOversizedLine() ? 1 : 0);
        long fresh = ended - oversizedLinesTold;
        oversizedLinesTold = ended;
        return fresh;
    }

    /**
     * The offset after the last oversized line that ended; 0 when none did since the file was last
     * read from 0 (a line being dropped when it was truncated ends there).
     */
    long afterLastOversizedLine() {
        return lines == null ? 0 : Math.max(0, lines.afterLastOversizedLine());
    }

    /**
     * The report of the split once its file is let go, counting no oversized lines: they were told
     * as they ended.
     */
    SplitReport finalReport() {
        return stats().toFollowedReport(split);
    }

    /** The fingerprint of the file's start, as far as it was read. */
    Fingerprint head() {
        return head;
    }

    /**
     * Whether the bytes before the read position are no longer those read: the file was truncated
     * and written again past the position between two looks (copytruncate while the writer goes
     * on).
     */
    private boolean rewritten() throws IOException {
        if (lastBytes.length == 0) {
            return false;
        }
        byte[] now = bytesAt(file, lines.position() - lastBytes.length, lastBytes.length);
        return !Arrays.equals(now, lastBytes);
    }

    boolean isDone() {
        return done;
    }

    String splitId() {
        return split.splitId();
    }

    LogFileSplit split() {
        return split;
    }

    /** The figures of the current read (counted on over truncations and restores). */
    SplitReadStats stats() {
        return lines == null ? new SplitReadStats() : lines.stats();
    }

    /** Bytes of the file not yet read, as of the last look at its size. */
    long bytesBehind() {
        return lines == null ? 0 : Math.max(0, size - lines.position());
    }

    long truncations() {
        return truncations;
    }

    void close() throws IOException {
        if (file != null) {
            file.close();
            file = null;
        }
    }
}
