package dev.logslice.connector.reader;

import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reader of a {@code LogFileSource}: asks for one split at a time, a new one when done; a
 * followed source's reader also keeps the splits that follow files, pushed to it.
 */
@Internal
public final class LogFileSourceReader<T>
        extends SingleThreadMultiplexSourceReaderBase<
                PositionedRecord<T>, T, LogFileSplit, LogFileSplitState> {

    /** The fingerprints of the followed files' starts, which the fetch thread keeps up to date. */
    private final Map<String, Fingerprint> heads;

    public LogFileSourceReader(
            SourceReaderContext context, LineDecoder<T> decoder, LogSourceSettings settings) {
        this(
                context,
                decoder,
                settings,
                new LogSourceReaderMetrics(context.metricGroup()),
                new AtomicLong(),
                new ConcurrentHashMap<>());
    }

    /**
     * @param emitted records this reader's split readers decoded: its fetcher makes a new split
     *     reader after idling between two splits, and the record limit counts across all of them
     * @param heads the fingerprints of the followed files' starts
     */
    private LogFileSourceReader(
            SourceReaderContext context,
            LineDecoder<T> decoder,
            LogSourceSettings settings,
            LogSourceReaderMetrics metrics,
            AtomicLong emitted,
            Map<String, Fingerprint> heads) {
        super(
                () ->
                        settings.follow() == null
                                ? new LogFileSplitReader<>(decoder, settings, metrics, emitted)
                                : new FollowingSplitReader<>(
                                        decoder,
                                        settings,
                                        metrics,
                                        FollowView.local(settings.bufferSize()),
                                        heads),
                new LogFileRecordEmitter<>(),
                context.getConfiguration(),
                context);
        this.heads = heads;
    }

    @Override
    public void start() {
        if (getNumberOfCurrentlyAssignedSplits() == 0) {
            context.sendSplitRequest();
        }
    }

    @Override
    protected void onSplitFinished(Map<String, LogFileSplitState> finished) {
        context.sendSplitRequest();
    }

    @Override
    protected LogFileSplitState initializedState(LogFileSplit split) {
        return new LogFileSplitState(split);
    }

    @Override
    protected LogFileSplit toSplitType(String splitId, LogFileSplitState splitState) {
        LogFileSplit split = splitState.toSplit();
        Fingerprint head = split.isFollowing() ? heads.get(splitId) : null;
        return head == null ? split : split.withHead(head);
    }
}
