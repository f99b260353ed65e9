package dev.logslice.connector.reader;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.io.StreamReadChannel;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.Queue;
import java.util.function.Predicate;

/**
 * Reads the splits assigned to one reader, one after the other; a fetch makes read calls until it
 * has a record or the split ends (one call, with lines of usual length), and decodes the lines in
 * this (the fetch) thread, where their bytes lie.
 */
@Internal
final class LogFileSplitReader<T> implements SplitReader<RecordAndPosition<T>, FileSourceSplit> {
    private final LineDecoder<T> decoder;
    private final LogSourceSettings settings;
    private final LogSourceReaderMetrics metrics;
    private final Queue<FileSourceSplit> pending = new ArrayDeque<>();

    @Nullable private FileSourceSplit split;
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
    public RecordsWithSplitIds<RecordAndPosition<T>> fetch() throws IOException {
        if (lines == null && !openNextSplit()) {
            return new LineBatch<>("none");
        }
        FileSourceSplit current = split;
        LineBatch<T> batch = new LineBatch<>(current.splitId());
        long splitEnd = current.offset() + current.length();
        boolean more;
        do {
            more =
                    lines.readNext(
                            line -> {
                                T record = decoder.decode(line);
                                if (record != null) {
                                    batch.add(
                                            record,
                                            line.offset()
                                                    + line.length()
                                                    + line.terminator().length());
                                }
                            });
        } while (more && batch.isEmpty());
        reportProgress();
        if (!more) {
            checkUnchanged(current);
            decoder.finishSplit(
                    lines.stats().toReport(current), record -> batch.add(record, splitEnd));
            batch.markSplitFinished();
            closeSplit();
        }
        return batch;
    }

    private boolean openNextSplit() throws IOException {
        FileSourceSplit next = pending.poll();
        if (next == null) {
            return false;
        }
        checkUnchanged(next);
        long end = next.offset() + next.length();
        ReadChannel opened = open(next.path());
        Optional<CheckpointedPosition> position = next.getReaderPosition();
        lines =
                position.isPresent()
                        ? SplitLineReader.resumingAt(
                                opened,
                                next.path(),
                                position.get().getOffset(),
                                end,
                                next.fileSize(),
                                settings.bufferSize(),
                                settings.maxLineLength())
                        : SplitLineReader.forSplit(
                                opened,
                                next.path(),
                                next.offset(),
                                end,
                                next.fileSize(),
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

    private ReadChannel open(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            return new LocalFileReadChannel(Paths.get(path.toUri()), settings.bufferSize());
        }
        return new StreamReadChannel(path.getFileSystem().open(path, settings.bufferSize()));
    }

    /** Fails the split, naming the file, when the file is not the one that was enumerated. */
    private static void checkUnchanged(FileSourceSplit split) throws IOException {
        Path path = split.path();
        FileStatus status;
        try {
            status = FileSystem.get(path.toUri()).getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("Input file " + path + " was deleted during the job");
        }
        if (status.getLen() != split.fileSize()
                || status.getModificationTime() != split.fileModificationTime()) {
            throw new IOException(
                    String.format(
                            "Input file %s changed during the job: %d bytes modified at %d when"
                                    + " enumerated, now %d bytes modified at %d",
                            path,
                            split.fileSize(),
                            split.fileModificationTime(),
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
        long queued = pending.stream().mapToLong(FileSourceSplit::length).sum();
        long current = 0;
        if (lines != null && split != null) {
            current = Math.max(0, split.offset() + split.length() - lines.position());
        }
        metrics.setPendingBytes(queued + current);
    }

    @Override
    public void handleSplitsChanges(SplitsChange<FileSourceSplit> splitsChanges) {
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
