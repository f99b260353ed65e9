package dev.logslice.connector.reader;

import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitState;
import org.apache.flink.connector.file.src.util.RecordAndPosition;

import java.util.Map;

/** The reader of a {@code LogFileSource}: asks for one split at a time, a new one when done. */
@Internal
public final class LogFileSourceReader<T>
        extends SingleThreadMultiplexSourceReaderBase<
                RecordAndPosition<T>, T, FileSourceSplit, FileSourceSplitState<FileSourceSplit>> {

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
    protected void onSplitFinished(Map<String, FileSourceSplitState<FileSourceSplit>> finished) {
        context.sendSplitRequest();
    }

    @Override
    protected FileSourceSplitState<FileSourceSplit> initializedState(FileSourceSplit split) {
        return new FileSourceSplitState<>(split);
    }

    @Override
    protected FileSourceSplit toSplitType(
            String splitId, FileSourceSplitState<FileSourceSplit> splitState) {
        return splitState.toFileSourceSplit();
    }
}
