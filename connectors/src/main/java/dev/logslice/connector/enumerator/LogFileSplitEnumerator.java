package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SupportsBatchSnapshot;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.assigners.FileSplitAssigner;
import org.apache.flink.metrics.Gauge;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * Hands splits out lazily, one per request, so a fast reader takes more; tells the metric system
 * how many are left. Assignment order and locality come from Flink's {@link FileSplitAssigner}.
 */
@Internal
public final class LogFileSplitEnumerator
        implements SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>,
                SupportsBatchSnapshot {
    private static final Logger LOG = LoggerFactory.getLogger(LogFileSplitEnumerator.class);

    private final SplitEnumeratorContext<FileSourceSplit> context;
    private final FileSplitAssigner assigner;
    private volatile long unassignedSplits;

    public LogFileSplitEnumerator(
            SplitEnumeratorContext<FileSourceSplit> context, FileSplitAssigner assigner) {
        this.context = context;
        this.assigner = assigner;
        this.unassignedSplits = assigner.remainingSplits().size();
        context.metricGroup().setUnassignedSplitsGauge((Gauge<Long>) () -> unassignedSplits);
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        if (!context.registeredReaders().containsKey(subtaskId)) {
            return; // the reader failed after asking
        }
        Optional<FileSourceSplit> next = assigner.getNext(requesterHostname);
        if (next.isPresent()) {
            unassignedSplits--;
            context.assignSplit(next.get(), subtaskId);
            LOG.debug("Assigned {} to subtask {}", next.get(), subtaskId);
        } else {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public void addSplitsBack(List<FileSourceSplit> splits, int subtaskId) {
        assigner.addSplits(splits);
        unassignedSplits += splits.size();
    }

    @Override
    public void addReader(int subtaskId) {}

    @Override
    public PendingSplitsCheckpoint<FileSourceSplit> snapshotState(long checkpointId) {
        return PendingSplitsCheckpoint.fromCollectionSnapshot(assigner.remainingSplits());
    }

    @Override
    public void close() {}
}
