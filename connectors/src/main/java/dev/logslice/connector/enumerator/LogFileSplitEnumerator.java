package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SupportsBatchSnapshot;
import org.apache.flink.metrics.Gauge;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * Hands splits out lazily, one per request, so a fast reader takes more; tells the metric system
 * how many are left. Assignment order and locality come from the {@link LogFileSplitAssigner}.
 */
@Internal
public final class LogFileSplitEnumerator
        implements SplitEnumerator<LogFileSplit, PendingSplits>, SupportsBatchSnapshot {
    private static final Logger LOG = LoggerFactory.getLogger(LogFileSplitEnumerator.class);

    private final SplitEnumeratorContext<LogFileSplit> context;
    private final LogFileSplitAssigner assigner;
    private volatile long unassignedSplits;

    public LogFileSplitEnumerator(
            SplitEnumeratorContext<LogFileSplit> context, LogFileSplitAssigner assigner) {
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
        Optional<LogFileSplit> next = assigner.getNext(requesterHostname);
        if (next.isPresent()) {
            unassignedSplits--;
            context.assignSplit(next.get(), subtaskId);
            LOG.debug("Assigned {} to subtask {}", next.get(), subtaskId);
        } else {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public void addSplitsBack(List<LogFileSplit> splits, int subtaskId) {
        assigner.addSplits(splits);
        unassignedSplits += splits.size();
    }

    @Override
    public void addReader(int subtaskId) {}

    @Override
    public PendingSplits snapshotState(long checkpointId) {
        return new PendingSplits(assigner.remainingSplits());
    }

    @Override
    public void close() {}
}
