package dev.logslice.connector.reader;

import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The split reader of a followed source: bounded splits (backlogs, compressed files) first, read as
 * a bounded source reads them, and otherwise the files it follows in turn, each fetch the next one
 * that grew. When none grew it waits for the poll interval, or until Flink wakes it (new splits,
 * shutdown), so that a reader with nothing to do costs a few stat calls per interval.
 *
 * <p>Records that span lines (multi-line events) are assembled per split by the decoder, which
 * tells what it holds ({@link LineDecoder#followedHeldFrom}): the records of a split put its
 * position at the first held line ({@link FollowedResume}), and what is held is flushed ({@link
 * LineDecoder#followedFlush}) once the file has been quiet for the event timeout, or is found
 * truncated.
 */
@Internal
final class FollowingSplitReader<T> implements SplitReader<PositionedRecord<T>, LogFileSplit> {
    private final LogFileSplitReader<T> bounded;
    private final LineDecoder<T> decoder;
    private final LogSourceSettings settings;
    private final FollowView view;
    private final List<FollowedFile> followed = new ArrayList<>();
    private final Queue<LogFileSplit> toOpen = new ArrayDeque<>();
    private final Object wakeUps = new Object();
    private final long pollNanos;
    private final long partialLineTimeoutNanos;
    private final long eventTimeoutNanos;

    /** Whether the decoder may hold lines without a record: records that span lines. */
    private final boolean holdsLines;

    private final FollowMetrics metrics;

    /**
     * The fingerprints of the followed files' starts, for the checkpoints the task thread takes.
     */
    private final Map<String, Fingerprint> heads;

    /** Per followed file, where its records put its position. */
    private final Map<String, FollowedResume> resumes = new HashMap<>();

    private boolean wokenUp;
    private int next;

    FollowingSplitReader(
            LineDecoder<T> decoder,
            LogSourceSettings settings,
            LogSourceReaderMetrics metrics,
            FollowView view,
            Map<String, Fingerprint> heads) {
        this.bounded = new LogFileSplitReader<>(decoder, settings, metrics, new AtomicLong());
        this.decoder = decoder;
        this.settings = settings;
        this.view = view;
        this.heads = heads;
        this.pollNanos = settings.follow().pollInterval().toNanos();
        this.partialLineTimeoutNanos = settings.follow().partialLineTimeout().toNanos();
        this.eventTimeoutNanos = settings.follow().eventTimeout().toNanos();
        this.holdsLines = decoder.eventStarts() != null;
        this.metrics = new FollowMetrics(view.nanoTime());
        metrics.registerFollow(
                () -> followed.size() + toOpen.size(),
                this.metrics::bytesBehind,
                () -> this.metrics.secondsSinceLastLine(view.nanoTime()),
                this.metrics::truncations);
    }

    @Override
    public RecordsWithSplitIds<PositionedRecord<T>> fetch() throws IOException {
        if (bounded.hasSplits()) {
            return bounded.fetch();
        }
        while (!toOpen.isEmpty()) {
            LogFileSplit split = toOpen.poll();
            followed.add(
                    FollowedFile.open(
                            split,
                            view,
                            settings.bufferSize(),
                            settings.maxLineLength(),
                            partialLineTimeoutNanos,
                            decoder.prefilter()));
        }
        boolean anyRead = false;
        for (int i = 0; i < followed.size(); i++) {
            int index = (next + i) % followed.size();
            FollowedFile file = followed.get(index);
            FollowedResume resume =
                    resumes.computeIfAbsent(file.splitId(), id -> new FollowedResume(holdsLines));
            LineBatch<T> batch = new LineBatch<>(file.splitId());
            long linesBefore = file.stats().lines;
            boolean read =
                    file.poll(
                            line -> resume.decode(decoder, line, batch, 0, file.stats()),
                            () -> {
                                // A held event ends with the content it was read from.
                                flushHeld(file, resume, batch);
                                resume.readAgainFromStart();
                            },
                            settings.bufferSize());
            long oversized = file.takeEndedOversizedLines();
            if (oversized > 0) {
                // Told with the position after them, so that a restore neither skips nor retells
                // them; unless an event is held from before them, which is read again with them.
                resume.oversizedTold(file.afterLastOversizedLine(), file.stats());
                decoder.followedOversizedLines(
                        file.splitId(),
                        oversized,
                        record -> resume.add(batch, record, 0, file.stats()));
            }
            if (file.quietFor(eventTimeoutNanos)) {
                flushHeld(file, resume, batch);
            }
            anyRead |= read;
            heads.put(file.splitId(), file.head());
            if (file.stats().lines > linesBefore) {
                metrics.lineRead(view.nanoTime());
            }
            if (file.isDone()) {
                followed.remove(index);
                heads.remove(file.splitId());
                resumes.remove(file.splitId());
                metrics.letGo(file);
                file.close();
                batch.markLinesRead();
                decoder.finishSplit(
                        file.finalReport(), record -> batch.add(record, 0, 0, file.stats()));
                batch.markSplitFinished();
                metrics.update(followed);
                return batch;
            }
            if (resume.positioned()) {
                decoder.followedPollDone(
                        file.splitId(), record -> resume.add(batch, record, 0, file.stats()));
            }
            if (!batch.isEmpty()) {
                next = index + 1;
                metrics.update(followed);
                return batch;
            }
        }
        metrics.update(followed);
        if (!anyRead) {
            awaitGrowth();
        }
        return new LineBatch<>("none");
    }

    /** Has the decoder emit what it holds of {@code file}, if anything, as it is. */
    private void flushHeld(FollowedFile file, FollowedResume resume, LineBatch<T> batch) {
        if (resume.holding()) {
            resume.released();
            decoder.followedFlush(
                    file.splitId(), record -> resume.add(batch, record, 0, file.stats()));
        }
    }

    /** Waits for the poll interval, or until woken up. */
    private void awaitGrowth() {
        synchronized (wakeUps) {
            long deadline = System.nanoTime() + pollNanos;
            long left = pollNanos;
            while (!wokenUp && left > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(wakeUps, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                left = deadline - System.nanoTime();
            }
            wokenUp = false;
        }
    }

    @Override
    public void handleSplitsChanges(SplitsChange<LogFileSplit> splitsChanges) {
        if (!(splitsChanges instanceof SplitsAddition)) {
            throw new UnsupportedOperationException(
                    "Unsupported splits change: " + splitsChanges.getClass());
        }
        List<LogFileSplit> fixed = new ArrayList<>();
        for (LogFileSplit split : splitsChanges.splits()) {
            if (split.isFollowing()) {
                toOpen.add(split);
            } else {
                fixed.add(split);
            }
        }
        if (!fixed.isEmpty()) {
            bounded.handleSplitsChanges(new SplitsAddition<>(fixed));
        }
    }

    @Override
    public void wakeUp() {
        synchronized (wakeUps) {
            wokenUp = true;
            wakeUps.notifyAll();
        }
    }

    @Override
    public void close() throws Exception {
        bounded.close();
        for (FollowedFile file : followed) {
            file.close();
        }
        followed.clear();
    }

    /** The follow gauges' figures, written by the fetch thread, read by the metric reporters. */
    private static final class FollowMetrics {
        private volatile long bytesBehind;
        private volatile long truncations;
        private volatile long lastLineNanos;
        private long truncationsOfFilesLetGo;

        FollowMetrics(long startNanos) {
            this.lastLineNanos = startNanos;
        }

        void update(List<FollowedFile> files) {
            long behind = 0;
            long truncated = 0;
            for (FollowedFile file : files) {
                behind += file.bytesBehind();
                truncated += file.truncations();
            }
            bytesBehind = behind;
            truncations = truncationsOfFilesLetGo + truncated;
        }

        void letGo(FollowedFile file) {
            truncationsOfFilesLetGo += file.truncations();
        }

        void lineRead(long nowNanos) {
            lastLineNanos = nowNanos;
        }

        long bytesBehind() {
            return bytesBehind;
        }

        long truncations() {
            return truncations;
        }

        long secondsSinceLastLine(long nowNanos) {
            return TimeUnit.NANOSECONDS.toSeconds(nowNanos - lastLineNanos);
        }
    }
}
