package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.groups.InternalSplitEnumeratorMetricGroup;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/**
 * Flink's {@link TestingSplitEnumeratorContext}, whose metric group forgets every metric, with a
 * metric group that keeps them in a {@link MetricListener}: it delegates everything else.
 */
final class MeteredEnumeratorContext implements SplitEnumeratorContext<LogFileSplit> {
    private final TestingSplitEnumeratorContext<LogFileSplit> context;
    private final SplitEnumeratorMetricGroup metricGroup;

    MeteredEnumeratorContext(
            TestingSplitEnumeratorContext<LogFileSplit> context, MetricListener metrics) {
        this.context = context;
        this.metricGroup = new InternalSplitEnumeratorMetricGroup(metrics.getMetricGroup());
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
        return metricGroup;
    }

    @Override
    public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
        context.sendEventToSourceReader(subtaskId, event);
    }

    @Override
    public int currentParallelism() {
        return context.currentParallelism();
    }

    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
        return context.registeredReaders();
    }

    @Override
    public void assignSplits(SplitsAssignment<LogFileSplit> newSplitAssignments) {
        context.assignSplits(newSplitAssignments);
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
        context.callAsync(callable, handler);
    }

    @Override
    public <T> void callAsync(
            Callable<T> callable,
            BiConsumer<T, Throwable> handler,
            long initialDelay,
            long period) {
        context.callAsync(callable, handler, initialDelay, period);
    }

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
        context.runInCoordinatorThread(runnable);
    }
}
