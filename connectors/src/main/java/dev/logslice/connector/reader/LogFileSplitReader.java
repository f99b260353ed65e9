package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.DecompressingReadChannel;
import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.io.StreamReadChannel;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.function.Predicate;

/**
 * Reads the splits assigned to one reader, one after the other, and the segments (files) of a split
 * in order; a fetch makes read calls until it has a record or the split ends (one call, with lines
 * of usual length), and decodes the lines in this (the fetch) thread, where their bytes lie. A
 * fetch goes on into the next small file of a packed split until it has read a buffer's worth, so
 * tiny files do not cost a fetch each.
 *
 * <p>A compressed file is read through a {@link DecompressingReadChannel}; restored from a
 * checkpoint, it is decompressed again from its start up to the checkpointed uncompressed offset.
 * Each file is checked against what was listed before and after it is read ({@link
 * InputFileCheck}); a missing file is skipped, with a report saying why, when so configured.
 */
@Internal
final class LogFileSplitReader<T> implements SplitReader<PositionedRecord<T>, LogFileSplit> {
    private final LineDecoder<T> decoder;
    private final LogSourceSettings settings;
    private final LogSourceReaderMetrics metrics;
    private final Queue<LogFileSplit> pending = new ArrayDeque<>();

    /** The direct buffer of every local file's channel, one file being open at a time. */
    @Nullable private ByteBuffer readBuffer;

    @Nullable private LogFileSplit split;
    private int segment;
    @Nullable private ReadChannel channel;
    @Nullable private SplitLineReader lines;
    private long reportedReadCalls;
    private long reportedBytes;
    private long reportedOversized;

    LogFileSplitReader(
            LineDecoder<T> decoder, LogSourceSettings settings, LogSourceReaderMetrics metrics) {
        this.decoder = decoder;
        this.settings = settings;
        this.metrics = metrics;
    }

    @Override
    public RecordsWithSplitIds<PositionedRecord<T>> fetch() throws IOException {
        if (lines == null) {
            LogFileSplit next = pending.poll();
            if (next == null) {
                return new LineBatch<>("none");
            }
            List<SplitReport.FileRead> missing = new ArrayList<>();
            if (!open(next, missing)) {
                return skipped(next, missing);
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
            if (!openSegmentAfter(done)) {
                break; // that was the split's last file that is there
            }
            decoder.finishFile(current.splitId(), record -> batch.add(record, done, end));
            boolean fetchedEnough =
                    !batch.isEmpty()
                            && lines.stats().bytesRead() - bytesBefore >= settings.bufferSize();
            // Enough for one fetch: the next fetch reads on in the file just opened.
            more = fetchedEnough || readSegment(batch);
        }
        reportProgress();
        if (!more) {
            int last = segment;
            long end = lines.splitEnd();
            decoder.finishSplit(
                    lines.stats().toReport(current), record -> batch.add(record, last, end));
            batch.markSplitFinished();
            closeSplit();
        }
        return batch;
    }

    /** Reads the current segment until the batch has a record or the segment ends. */
    private boolean readSegment(LineBatch<T> batch) throws IOException {
        int current = segment;
        boolean more;
        do {
            more =
                    lines.readNext(
                            line -> {
                                T record = decoder.decode(line);
                                if (record != null) {
                                    batch.add(
                                            record,
                                            current,
                                            line.offset()
                                                    + line.length()
                                                    + line.terminator().length());
                                }
                            });
        } while (more && batch.isEmpty());
        return more;
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
            ReadChannel opened = openOrSkip(file, missing);
            if (opened != null) {
                boolean resumed = position != null && position.segment() == i;
                lines = lineReader(file, opened, resumed ? position.offset() : null);
                lines.withSplitId(next.splitId());
                Predicate<Line> eventStarts = decoder.eventStarts();
                if (eventStarts != null) {
                    lines.withEventStarts(eventStarts);
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
            ReadChannel opened = openOrSkip(file, missing);
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

    /**
     * The file checked and opened, or null when it is missing and missing files are skipped, having
     * added why to {@code missing}.
     */
    @Nullable
    private ReadChannel openOrSkip(FileSegment file, List<SplitReport.FileRead> missing)
            throws IOException {
        try {
            InputFileCheck.appendedBytes(file, "before it was read");
            return openFile(file.path());
        } catch (FileNotFoundException | NoSuchFileException e) {
            if (settings.skipMissingFiles()) {
                missing.add(
                        SplitReport.FileRead.skipped(
                                file.path().toString(),
                                file.start(),
                                file.end(),
                                "deleted before it was read"));
                return null;
            }
            throw e instanceof FileNotFoundException
                    ? e
                    : new FileNotFoundException(
                            "Input file " + file.path() + " was deleted before it was read");
        }
    }

    /** A reader of a file's lines from its segment's start, or from {@code resumeAt}. */
    private SplitLineReader lineReader(
            FileSegment file, ReadChannel opened, @Nullable Long resumeAt) throws IOException {
        Compression compression = Compression.ofFileName(file.path().getName());
        if (compression.isCompressed()) {
            if (file.start() != 0 || file.end() != file.fileSize()) {
                opened.close();
                throw new IllegalStateException(
                        "split " + file + " of compressed file " + file.path() + " is not whole");
            }
            DecompressingReadChannel decompressing =
                    new DecompressingReadChannel(
                            opened,
                            file.path().toString(),
                            compression,
                            file.fileSize(),
                            settings.bufferSize());
            return SplitLineReader.forDecompressedFile(
                    decompressing,
                    file.path(),
                    resumeAt == null ? 0 : resumeAt,
                    settings.bufferSize(),
                    settings.maxLineLength());
        }
        return resumeAt != null
                ? SplitLineReader.resumingAt(
                        opened,
                        file.path(),
                        resumeAt,
                        file.end(),
                        file.fileSize(),
                        settings.bufferSize(),
                        settings.maxLineLength())
                : SplitLineReader.forSplit(
                        opened,
                        file.path(),
                        file.start(),
                        file.end(),
                        file.fileSize(),
                        settings.bufferSize(),
                        settings.maxLineLength());
    }

    /** Checks the file read now against its listing, records its figures, and closes it. */
    private void finishSegment() throws IOException {
        FileSegment done = split.segments().get(segment);
        long appended = InputFileCheck.appendedBytes(done, "while it was read");
        lines.stats().finishSegment(done, appended);
        ReadChannel toClose = channel;
        channel = null;
        toClose.close();
    }

    /** A finished split with no lines: the decoder gets a report that says why it was skipped. */
    private LineBatch<T> skipped(LogFileSplit skipped, List<SplitReport.FileRead> missing) {
        LineBatch<T> batch = new LineBatch<>(skipped.splitId());
        int last = skipped.segments().size() - 1;
        long end = skipped.segments().get(last).end();
        decoder.finishSplit(
                SplitReadStats.skippedReport(skipped, missing),
                record -> batch.add(record, last, end));
        batch.markSplitFinished();
        updatePendingBytes();
        return batch;
    }

    private ReadChannel openFile(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            if (readBuffer == null) {
                readBuffer = LocalFileReadChannel.alignedBuffer(settings.bufferSize());
            }
            return new LocalFileReadChannel(Paths.get(path.toUri()), readBuffer);
        }
        return new StreamReadChannel(path.getFileSystem().open(path, settings.bufferSize()));
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
