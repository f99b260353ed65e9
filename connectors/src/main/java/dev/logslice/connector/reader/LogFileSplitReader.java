package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.DecompressingReadChannel;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.io.ReadCounts;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;
import dev.logslice.connector.split.SplitPosition.Stage;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Reads the splits assigned to one reader, one after the other, and the segments (files) of a split
 * in order; a fetch makes read calls until it has a record or the split ends (one call, with lines
 * of usual length), and decodes the lines in this (the fetch) thread, where their bytes lie. A
 * fetch goes on into the next small file of a packed split until it has read a buffer's worth, so
 * tiny files do not cost a fetch each.
 *
 * <p>Files are opened by {@link SegmentFiles} (checked against their listing, decompressed, or
 * skipped when missing and so configured), and checked again after they are read ({@link
 * InputFileCheck}).
 *
 * <p>A split restored from a checkpoint counts on from the counts its position carries, so its
 * report and gauges count the whole split; restored once its lines were all read, it reads nothing
 * and only finishes again, and restored after its last record, it emits nothing.
 */
@Internal
final class LogFileSplitReader<T> implements SplitReader<PositionedRecord<T>, LogFileSplit> {
    private static final Logger LOG = LoggerFactory.getLogger(LogFileSplitReader.class);

    private final LineDecoder<T> decoder;
    private final LogSourceSettings settings;
    private final LogSourceReaderMetrics metrics;
    private final Queue<LogFileSplit> pending = new ArrayDeque<>();
    private final SegmentFiles files;

    @Nullable private LogFileSplit split;
    private int segment;
    @Nullable private ReadChannel channel;
    @Nullable private SplitLineReader lines;
    private long reportedReadCalls;
    private long reportedBytes;
    private long reportedOversized;

    /** The current split's event starts, or null when every line is a record. */
    @Nullable private EventStarts eventStarts;

    /**
     * In a followed source (a backlog, an archive in a followed folder), for multi-line events:
     * where the current split's records put it, so that a restore reads the held event again (see
     * {@link FollowedResume}); null in a bounded source, whose splits a failure reads again whole.
     */
    @Nullable private FollowedResume resume;

    /**
     * Records decoded from lines by the source reader, all its splits together: taken from and kept
     * in {@link #emittedByReader}, which outlives this split reader.
     */
    private long emitted;

    private final AtomicLong emittedByReader;

    /** Whether the current split reads no further: the record limit was reached at a record end. */
    private boolean stoppedAtLimit;

    /** Past the record limit: whether the last line was cut short, its rest the next line. */
    private boolean afterCutLine;

    LogFileSplitReader(
            LineDecoder<T> decoder,
            LogSourceSettings settings,
            LogSourceReaderMetrics metrics,
            AtomicLong emittedByReader) {
        this.decoder = decoder;
        this.emittedByReader = emittedByReader;
        this.emitted = emittedByReader.get();
        this.settings = settings;
        this.metrics = metrics;
        this.files = new SegmentFiles(settings);
    }

    @Override
    public RecordsWithSplitIds<PositionedRecord<T>> fetch() throws IOException {
        if (lines == null) {
            LogFileSplit next = pending.poll();
            if (next == null) {
                return new LineBatch<>("none");
            }
            if (emitted >= settings.recordLimit()) {
                return unread(next);
            }
            Stage stage = next.readerPosition().map(SplitPosition::stage).orElse(Stage.READING);
            if (stage == Stage.FINISHED) {
                return finishedBefore(next);
            }
            List<SplitReport.FileRead> missing = new ArrayList<>();
            if (stage == Stage.LINES_READ || !open(next, missing)) {
                return next.position() == null
                        ? skipped(next, missing)
                        : finishWithoutLines(next, missing);
            }
        }
        LogFileSplit current = split;
        LineBatch<T> batch = new LineBatch<>(current.splitId());
        long bytesBefore = lines.stats().bytesRead();
        boolean more = readSegment(batch);
        while (!more) {
            int done = segment;
            long end = lines.splitEnd();
            finishSegment();
            if (stoppedAtLimit || !openSegmentAfter(done)) {
                break; // that was the split's last file that is there
            }
            if (resume != null) {
                resume.released(); // by finishFile, which emits what is held of the file done
            }
            decoder.finishFile(
                    current.splitId(), record -> batch.add(record, done, end, lines.stats()));
            boolean fetchedEnough =
                    !batch.isEmpty()
                            && lines.stats().bytesRead() - bytesBefore >= settings.bufferSize();
            // Enough for one fetch: the next fetch reads on in the file just opened.
            more = fetchedEnough || readSegment(batch);
        }
        reportProgress();
        if (!more) {
            finishSplit(current, lines.stats().toReport(current), lines.stats(), batch);
            closeSplit();
        }
        return batch;
    }

    /**
     * Hands the decoder the split's report; what it emits then finishes the split, each record with
     * the split's final counts.
     */
    private void finishSplit(
            LogFileSplit split, SplitReport report, SplitReadStats counted, LineBatch<T> batch) {
        int last = split.segments().size() - 1;
        long end = split.segments().get(last).end();
        batch.markLinesRead();
        decoder.finishSplit(report, record -> batch.add(record, last, end, counted));
        batch.markSplitFinished();
    }

    /**
     * Reads the current segment until the batch has a record or the segment ends, or the record
     * limit is reached: then at the next line that starts a record, so that the event the decoder
     * holds is whole.
     */
    private boolean readSegment(LineBatch<T> batch) throws IOException {
        int current = segment;
        SplitReadStats counted = lines.stats();
        long limit = settings.recordLimit();
        FollowedResume placing = resume;
        // Chosen once: a bounded source's lines take the first, as they did before follow mode.
        Consumer<Line> sink =
                placing == null
                        ? line -> {
                            if (stoppedAtLimit) {
                                return; // the rest of the read's lines
                            }
                            if (emitted >= limit
                                    && (eventStarts == null
                                            || (!afterCutLine && eventStarts.startsRecord(line)))) {
                                stoppedAtLimit = true;
                                return;
                            }
                            T record = decoder.decode(line);
                            if (record != null) {
                                emitted++;
                                batch.add(
                                        record,
                                        current,
                                        line.offset() + line.length() + line.terminator().length(),
                                        counted);
                            }
                            // Only near the limit: the record it stops at must be whole.
                            afterCutLine =
                                    emitted >= limit
                                            && lines.cutsLines()
                                            && eventStarts.leavesLineUnfinished(line);
                        }
                        // A followed source has no record limit.
                        : line -> placing.decode(decoder, line, batch, current, counted);
        boolean more;
        do {
            more = lines.readNext(sink);
            stoppedAtLimit |= emitted >= limit && eventStarts == null;
        } while (more && batch.isEmpty() && !stoppedAtLimit);
        emittedByReader.set(emitted);
        return more && !stoppedAtLimit;
    }

    /**
     * Starts reading a split at its first file there (or its checkpointed one): checked, opened
     * and, when compressed, decompressed.
     *
     * @param missing gets the files skipped because they are missing and missing files are skipped
     * @return false when no file of the split is there
     */
    private boolean open(LogFileSplit next, List<SplitReport.FileRead> missing) throws IOException {
        SplitPosition position = next.position();
        for (int i = position == null ? 0 : position.segment(); i < next.segments().size(); i++) {
            FileSegment file = next.segments().get(i);
            ReadChannel opened = files.openOrSkip(file, missing);
            if (opened != null) {
                boolean resumed = position != null && position.segment() == i;
                lines = files.lineReader(file, opened, resumed ? position.offset() : null);
                lines.withSplitId(next.splitId());
                eventStarts = decoder.eventStarts();
                resume =
                        settings.follow() != null && eventStarts != null
                                ? new FollowedResume(true)
                                : null;
                LinePrefilter prefilter = decoder.prefilter();
                if (eventStarts != null) {
                    lines.withEventStarts(eventStarts);
                } else if (prefilter != null) {
                    lines.withPrefilter(prefilter);
                }
                if (position != null) {
                    lines.stats().countOnFrom(position.counted());
                    // Flink's error counter counts what this reader skips, not the checkpoint's.
                    reportedOversized = position.counted().oversizedLines();
                }
                lines.stats().skipSegments(missing);
                split = next;
                segment = i;
                channel = opened;
                metrics.registerSplit(next.splitId(), lines.stats());
                return true;
            }
        }
        return false;
    }

    /** Opens the next file of the split after {@code done} that is there; false if none is. */
    private boolean openSegmentAfter(int done) throws IOException {
        List<SplitReport.FileRead> missing = new ArrayList<>();
        for (int i = done + 1; i < split.segments().size(); i++) {
            FileSegment file = split.segments().get(i);
            ReadChannel opened = files.openOrSkip(file, missing);
            lines.stats().skipSegments(missing);
            missing.clear();
            if (opened != null) {
                lines =
                        lines.followedBy(
                                opened, file.path(), file.start(), file.end(), file.fileSize());
                segment = i;
                channel = opened;
                return true;
            }
        }
        return false;
    }

    /** Checks the file read now against its listing, records its figures, and closes it. */
    private void finishSegment() throws IOException {
        FileSegment done = split.segments().get(segment);
        long appended = files.appendedAfterRead(done);
        String damage = lines.damage();
        if (damage != null) {
            LOG.warn("{}: {}; the lines before were read", done.path(), damage);
        }
        lines.stats().finishSegment(done, appended, damage);
        ReadChannel toClose = channel;
        channel = null;
        toClose.close();
    }

    /**
     * A restored split with no lines left to read (they were all read before the checkpoint, or its
     * files left are missing and skipped): the decoder gets the report of the whole split.
     */
    private LineBatch<T> finishWithoutLines(
            LogFileSplit restored, List<SplitReport.FileRead> missing) {
        FileSegment last = restored.segments().get(restored.segments().size() - 1);
        SplitReadStats stats =
                new SplitReadStats(Compression.ofFileName(last.path().getName()), new ReadCounts());
        stats.countOnFrom(restored.position().counted());
        stats.skipSegments(missing);
        metrics.registerSplit(restored.splitId(), stats);
        LineBatch<T> batch = new LineBatch<>(restored.splitId());
        finishSplit(restored, stats.toReport(restored), stats, batch);
        updatePendingBytes();
        return batch;
    }

    /** A restored split whose last record was out before the checkpoint: nothing is left. */
    private LineBatch<T> finishedBefore(LogFileSplit restored) {
        LineBatch<T> batch = new LineBatch<>(restored.splitId());
        batch.markSplitFinished();
        updatePendingBytes();
        return batch;
    }

    /** A finished split with no lines: the decoder gets a report that says why it was skipped. */
    private LineBatch<T> skipped(LogFileSplit skipped, List<SplitReport.FileRead> missing) {
        LineBatch<T> batch = new LineBatch<>(skipped.splitId());
        finishSplit(
                skipped,
                SplitReadStats.skippedReport(skipped, missing.get(0).skipReason(), missing),
                new SplitReadStats(),
                batch);
        updatePendingBytes();
        return batch;
    }

    /** A split given after the record limit was reached: finished, none of it read. */
    private LineBatch<T> unread(LogFileSplit split) {
        LineBatch<T> batch = new LineBatch<>(split.splitId());
        String reason =
                "not read: the reader had emitted its limit of "
                        + settings.recordLimit()
                        + " records";
        finishSplit(
                split,
                SplitReadStats.skippedReport(split, reason, List.of()),
                new SplitReadStats(),
                batch);
        updatePendingBytes();
        return batch;
    }

    private void reportProgress() {
        SplitReadStats stats = lines.stats();
        metrics.recordProgress(
                stats.readCalls() - reportedReadCalls,
                stats.fileBytesRead() - reportedBytes,
                stats.oversizedLines - reportedOversized);
        reportedReadCalls = stats.readCalls();
        reportedBytes = stats.fileBytesRead();
        reportedOversized = stats.oversizedLines;
        updatePendingBytes();
    }

    private void updatePendingBytes() {
        long queued = pending.stream().mapToLong(LogFileSplit::length).sum();
        long current = 0;
        if (lines != null && split != null) {
            List<FileSegment> segments = split.segments();
            FileSegment reading = segments.get(segment);
            // In file bytes, like the splits' lengths: compressed bytes for a compressed file.
            long done =
                    channel instanceof DecompressingReadChannel
                            ? lines.stats().fileBytesRead()
                            : lines.position() - reading.start();
            current = Math.max(0, reading.length() - done);
            for (int i = segment + 1; i < segments.size(); i++) {
                current += segments.get(i).length();
            }
        }
        metrics.setPendingBytes(queued + current);
    }

    /** Whether a split is being read or waits to be. */
    boolean hasSplits() {
        return lines != null || !pending.isEmpty();
    }

    @Override
    public void handleSplitsChanges(SplitsChange<LogFileSplit> splitsChanges) {
        if (!(splitsChanges instanceof SplitsAddition)) {
            throw new UnsupportedOperationException(
                    "Unsupported splits change: " + splitsChanges.getClass());
        }
        pending.addAll(splitsChanges.splits());
        updatePendingBytes();
    }

    @Override
    public void wakeUp() {
        // Nothing blocks: a fetch ends after a few read calls at most.
    }

    private void closeSplit() throws IOException {
        ReadChannel toClose = channel;
        channel = null;
        lines = null;
        split = null;
        resume = null;
        stoppedAtLimit = false;
        afterCutLine = false;
        reportedReadCalls = 0;
        reportedBytes = 0;
        reportedOversized = 0;
        if (toClose != null) {
            toClose.close();
        }
        updatePendingBytes();
    }

    @Override
    public void close() throws Exception {
        closeSplit();
    }
}
