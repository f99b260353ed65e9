package dev.logslice.connector.reader;

import dev.logslice.connector.enumerator.SplitPrefetchRequest;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;

import java.util.List;
import java.util.Map;

/**
 * The reader of a {@code LogFileSource}: asks for a split when it starts and when one is done, and
 * for one more ahead while nothing is queued behind the split it reads.
 */
@Internal
public final class LogFileSourceReader<T>
        extends SingleThreadMultiplexSourceReaderBase<
                PositionedRecord<T>, T, LogFileSplit, LogFileSplitState> {

    public LogFileSourceReader(
            SourceReaderContext context, LineDecoder<T> decoder, LogSourceSettings settings) {
        this(context, decoder, settings, new LogSourceReaderMetrics(context.metricGroup()));
    }

    private LogFileSourceReader(
            SourceReaderContext context,
            LineDecoder<T> decoder,
            LogSourceSettings settings,
            LogSourceReaderMetrics metrics) {
        super(
                () -> new LogFileSplitReader<>(decoder, settings, metrics),
                new LogFileRecordEmitter<>(),
                context.getConfiguration(),
                context);
    }

    @Override
    public void start() {
        if (getNumberOfCurrentlyAssignedSplits() == 0) {
            context.sendSplitRequest();
        }
    }

    @Override
    public void addSplits(List<LogFileSplit> splits) {
        super.addSplits(splits);
        // With nothing queued behind this split, ask for the next one now: its round trip to the
        // enumerator then overlaps reading instead of leaving the reader idle between splits.
        if (getNumberOfCurrentlyAssignedSplits() == 1) {
            context.sendSourceEventToCoordinator(new SplitPrefetchRequest());
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
        return splitState.toSplit();
    }
}
