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

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.Queue;
import java.util.function.Predicate;

/**
 * Reads the splits assigned to one reader, one after the other; a fetch makes read calls until it
 * has a record or the split ends (one call, with lines of usual length), and decodes the lines in
 * this (the fetch) thread, where their bytes lie.
 *
 * <p>A compressed file is read through a {@link DecompressingReadChannel}; restored from a
 * checkpoint, it is decompressed again from its start up to the checkpointed uncompressed offset.
 * The file is checked against what was listed before and after each split ({@link InputFileCheck});
 * a missing file is skipped, with a report saying why, when so configured.
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
        if (lines == null) {
            FileSourceSplit next = pending.poll();
            if (next == null) {
                return new LineBatch<>("none");
            }
            String missing = open(next);
            if (missing != null) {
                return skipped(next, missing);
            }
        }
        FileSourceSplit current = split;
        LineBatch<T> batch = new LineBatch<>(current.splitId());
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
            long appended = InputFileCheck.appendedBytes(current, "while it was read");
            long splitEnd = lines.splitEnd();
            decoder.finishSplit(
                    lines.stats().toReport(current, appended),
                    record -> batch.add(record, splitEnd));
            batch.markSplitFinished();
            closeSplit();
        }
        return batch;
    }

    /**
     * Starts reading a split: its file checked, opened and, when compressed, decompressed.
     *
     * @return null, or why the split is skipped: its file is missing and missing files are skipped
     */
    @Nullable
    private String open(FileSourceSplit next) throws IOException {
        ReadChannel opened;
        try {
            InputFileCheck.appendedBytes(next, "before it was read");
            opened = openFile(next.path());
        } catch (FileNotFoundException | NoSuchFileException e) {
            if (settings.skipMissingFiles()) {
                return "deleted before it was read";
            }
            throw e instanceof FileNotFoundException
                    ? e
                    : new FileNotFoundException(
                            "Input file " + next.path() + " was deleted before it was read");
        }
        Compression compression = Compression.ofFileName(next.path().getName());
        if (compression.isCompressed()) {
            if (next.offset() != 0 || next.length() != next.fileSize()) {
                opened.close();
                throw new IllegalStateException(
                        "split " + next + " of compressed file " + next.path() + " is not whole");
            }
            opened =
                    new DecompressingReadChannel(
                            opened,
                            next.path().toString(),
                            compression,
                            next.fileSize(),
                            settings.bufferSize());
        }
        lines = lineReader(next, opened);
        lines.withSplitId(next.splitId());
        Predicate<Line> eventStarts = decoder.eventStarts();
        if (eventStarts != null) {
            lines.withEventStarts(eventStarts);
        }
        split = next;
        channel = opened;
        metrics.registerSplit(next.splitId(), lines.stats());
        return null;
    }

    /** A reader of the split's lines from its start, or from its checkpointed position. */
    private SplitLineReader lineReader(FileSourceSplit next, ReadChannel opened) {
        Optional<Long> position = next.getReaderPosition().map(CheckpointedPosition::getOffset);
        if (opened instanceof DecompressingReadChannel decompressing) {
            return SplitLineReader.forDecompressedFile(
                    decompressing,
                    next.path(),
                    position.orElse(0L),
                    settings.bufferSize(),
                    settings.maxLineLength());
        }
        long end = next.offset() + next.length();
        return position.isPresent()
                ? SplitLineReader.resumingAt(
                        opened,
                        next.path(),
                        position.get(),
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
    }

    /** A finished split with no lines: the decoder gets a report that says why it was skipped. */
    private LineBatch<T> skipped(FileSourceSplit skipped, String reason) {
        LineBatch<T> batch = new LineBatch<>(skipped.splitId());
        long end = skipped.offset() + skipped.length();
        decoder.finishSplit(
                SplitReadStats.skippedReport(skipped, reason), record -> batch.add(record, end));
        batch.markSplitFinished();
        updatePendingBytes();
        return batch;
    }

    private ReadChannel openFile(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            return new LocalFileReadChannel(Paths.get(path.toUri()), settings.bufferSize());
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
        long queued = pending.stream().mapToLong(FileSourceSplit::length).sum();
        long current = 0;
        if (lines != null && split != null) {
            // In file bytes, like the splits' lengths: compressed bytes for a compressed file.
            long done =
                    channel instanceof DecompressingReadChannel
                            ? lines.stats().fileBytesRead()
                            : lines.position() - split.offset();
            current = Math.max(0, split.length() - done);
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
