package dev.logslice.connector.reader;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.io.StreamReadChannel;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.function.Predicate;

/**
 * Reads the splits assigned to one reader, one after the other, and the segments (files) of a split
 * in order; a fetch makes read calls until it has a record or the split ends (one call, with lines
 * of usual length), and decodes the lines in this (the fetch) thread, where their bytes lie. A
 * fetch goes on into the next small file of a packed split until it has read a buffer's worth, so
 * tiny files do not cost a fetch each.
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
        if (lines == null && !openNextSplit()) {
            return new LineBatch<>("none");
        }
        LogFileSplit current = split;
        List<FileSegment> segments = current.segments();
        LineBatch<T> batch = new LineBatch<>(current.splitId());
        long bytesBefore = lines.stats().bytesRead();
        boolean more = readSegment(batch);
        while (!more && segment + 1 < segments.size()) {
            moveToNextFile(batch);
            boolean fetchedEnough =
                    !batch.isEmpty()
                            && lines.stats().bytesRead() - bytesBefore >= settings.bufferSize();
            // Enough for one fetch: the next fetch reads on in the file just opened.
            more = fetchedEnough || readSegment(batch);
        }
        reportProgress();
        if (!more) {
            finishSegment();
            int last = segment;
            long end = segments.get(last).end();
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

    /** Ends the current file of a packed split, emitting what the decoder holds of it. */
    private void moveToNextFile(LineBatch<T> batch) throws IOException {
        finishSegment();
        int done = segment;
        long end = split.segments().get(done).end();
        decoder.finishFile(split.splitId(), record -> batch.add(record, done, end));
        openSegment(done + 1);
    }

    private boolean openNextSplit() throws IOException {
        LogFileSplit next = pending.poll();
        if (next == null) {
            return false;
        }
        SplitPosition position = next.position();
        segment = position == null ? 0 : position.segment();
        FileSegment first = next.segments().get(segment);
        checkUnchanged(first);
        ReadChannel opened = open(first.path());
        lines =
                position != null
                        ? SplitLineReader.resumingAt(
                                opened,
                                first.path(),
                                position.offset(),
                                first.end(),
                                first.fileSize(),
                                settings.bufferSize(),
                                settings.maxLineLength())
                        : SplitLineReader.forSplit(
                                opened,
                                first.path(),
                                first.start(),
                                first.end(),
                                first.fileSize(),
                                settings.bufferSize(),
                                settings.maxLineLength());
        lines.withSplitId(next.splitId());
        Predicate<Line> eventStarts = decoder.eventStarts();
        if (eventStarts != null) {
            lines.withEventStarts(eventStarts);
        }
        split = next;
        channel = opened;
        metrics.registerSplit(next.splitId(), lines.stats());
        return true;
    }

    private void openSegment(int index) throws IOException {
        FileSegment next = split.segments().get(index);
        checkUnchanged(next);
        ReadChannel opened = open(next.path());
        lines = lines.followedBy(opened, next.path(), next.start(), next.end(), next.fileSize());
        segment = index;
        channel = opened;
    }

    private void finishSegment() throws IOException {
        FileSegment done = split.segments().get(segment);
        checkUnchanged(done);
        lines.stats().finishSegment(done);
        ReadChannel toClose = channel;
        channel = null;
        toClose.close();
    }

    private ReadChannel open(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            if (readBuffer == null) {
                readBuffer = LocalFileReadChannel.alignedBuffer(settings.bufferSize());
            }
            return new LocalFileReadChannel(Paths.get(path.toUri()), readBuffer);
        }
        return new StreamReadChannel(path.getFileSystem().open(path, settings.bufferSize()));
    }

    /** Fails the split, naming the file, when the file is not the one that was enumerated. */
    private static void checkUnchanged(FileSegment segment) throws IOException {
        Path path = segment.path();
        FileStatus status;
        try {
            status = FileSystem.get(path.toUri()).getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Input file " + path + " was deleted during the job");
        }
        if (status.getLen() != segment.fileSize()
                || status.getModificationTime() != segment.modificationTime()) {
            throw new IOException(
                    String.format(
                            "Input file %s changed during the job: %d bytes modified at %d when"
                                    + " enumerated, now %d bytes modified at %d",
                            path,
                            segment.fileSize(),
                            segment.modificationTime(),
                            status.getLen(),
                            status.getModificationTime()));
        }
    }

    private void reportProgress() {
        SplitReadStats stats = lines.stats();
        metrics.recordProgress(
                stats.readCalls - reportedReadCalls,
                stats.bytesRead - reportedBytes,
                stats.oversizedLines - reportedOversized);
        reportedReadCalls = stats.readCalls;
        reportedBytes = stats.bytesRead;
        reportedOversized = stats.oversizedLines;
        updatePendingBytes();
    }

    private void updatePendingBytes() {
        long queued = pending.stream().mapToLong(LogFileSplit::length).sum();
        long current = 0;
        if (lines != null && split != null) {
            List<FileSegment> segments = split.segments();
            current = Math.max(0, segments.get(segment).end() - lines.position());
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
