package dev.logslice.connector.enumerator;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.assigners.LocalityAwareSplitAssigner;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext.SplitAssignmentState;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.MetricNames;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link LogFileSplitEnumerator} in Flink's {@link TestingSplitEnumeratorContext}. */
class LogFileSplitEnumeratorTest {
    private static final String HOST = "localhost";

    private final TestingSplitEnumeratorContext<FileSourceSplit> context =
            new TestingSplitEnumeratorContext<>(2);
    private final MetricListener metrics = new MetricListener();
    private final List<FileSourceSplit> splits = splitsOfOneFile(3);
    private LogFileSplitEnumerator enumerator;

    @BeforeEach
    void startEnumerator() {
        context.registerReader(0, HOST);
        context.registerReader(1, HOST);
        enumerator =
                new LogFileSplitEnumerator(
                        new MeteredEnumeratorContext(context, metrics),
                        new LocalityAwareSplitAssigner(splits));
        enumerator.start();
    }

    @Test
    void assignsNothingUntilAReaderAsks() {
        enumerator.addReader(0);
        enumerator.addReader(1);

        assertThat(context.getSplitAssignments()).isEmpty();
        assertThat(unassignedSplits()).isEqualTo(3);
    }

    @Test
    void handsOutOneSplitPerRequestThenSignalsNoMoreSplits() {
        enumerator.handleSplitRequest(0, HOST);
        enumerator.handleSplitRequest(1, HOST);
        enumerator.handleSplitRequest(0, HOST);

        assertThat(assigned(0)).hasSize(2);
        assertThat(assigned(1)).hasSize(1);
        assertThat(ids(concat(assigned(0), assigned(1))))
                .containsExactlyInAnyOrderElementsOf(ids(splits));
        assertThat(state(0).hasReceivedNoMoreSplitsSignal()).isFalse();

        enumerator.handleSplitRequest(1, HOST);

        assertThat(assigned(1)).hasSize(1);
        assertThat(state(1).hasReceivedNoMoreSplitsSignal()).isTrue();
        assertThat(state(0).hasReceivedNoMoreSplitsSignal()).isFalse();
    }

    @Test
    void ignoresARequestFromAReaderThatIsGone() {
        enumerator.handleSplitRequest(7, HOST);

        assertThat(context.getSplitAssignments()).isEmpty();
        assertThat(unassignedSplits()).isEqualTo(3);
        assertThat(enumerator.snapshotState(1).getSplits()).hasSize(3);
    }

    @Test
    void handsOutSplitsAddedBackAgain() {
        enumerator.handleSplitRequest(0, HOST);
        List<FileSourceSplit> failed = List.copyOf(assigned(0));

        enumerator.addSplitsBack(failed, 0);

        assertThat(ids(enumerator.snapshotState(1).getSplits()))
                .containsExactlyInAnyOrderElementsOf(ids(splits));
        IntStream.range(0, 3).forEach(i -> enumerator.handleSplitRequest(1, HOST));
        assertThat(ids(assigned(1))).containsExactlyInAnyOrderElementsOf(ids(splits));
    }

    @Test
    void snapshotHoldsTheSplitsNotYetAssigned() {
        enumerator.handleSplitRequest(0, HOST);

        List<FileSourceSplit> remaining = new ArrayList<>(splits);
        remaining.removeIf(split -> split.splitId().equals(assigned(0).get(0).splitId()));
        assertThat(ids(enumerator.snapshotState(1).getSplits()))
                .containsExactlyInAnyOrderElementsOf(ids(remaining));
        assertThat(enumerator.snapshotState(2).getAlreadyProcessedPaths()).isEmpty();
    }

    @Test
    void unassignedSplitsGaugeFollowsAssignmentsAndReturns() {
        assertThat(unassignedSplits()).isEqualTo(3);

        enumerator.handleSplitRequest(0, HOST);
        enumerator.handleSplitRequest(1, HOST);
        assertThat(unassignedSplits()).isEqualTo(1);

        enumerator.addSplitsBack(List.copyOf(assigned(0)), 0);
        assertThat(unassignedSplits()).isEqualTo(2);

        IntStream.range(0, 3).forEach(i -> enumerator.handleSplitRequest(0, HOST));
        assertThat(unassignedSplits()).isZero();
        assertThat(state(0).hasReceivedNoMoreSplitsSignal()).isTrue();
    }

    private long unassignedSplits() {
        // Flink's enumerator metric group puts its metrics in an "enumerator" group.
        Gauge<Long> gauge =
                metrics.<Long>getGauge("enumerator", MetricNames.UNASSIGNED_SPLITS)
                        .orElseThrow(() -> new AssertionError("no unassignedSplits gauge"));
        return gauge.getValue();
    }

    private SplitAssignmentState<FileSourceSplit> state(int subtask) {
        return context.getSplitAssignments().get(subtask);
    }

    private List<FileSourceSplit> assigned(int subtask) {
        SplitAssignmentState<FileSourceSplit> state = state(subtask);
        return state == null ? List.of() : state.getAssignedSplits();
    }

    private static List<FileSourceSplit> splitsOfOneFile(int count) {
        List<FileSourceSplit> splits = new ArrayList<>();
        long length = 4096;
        for (int i = 0; i < count; i++) {
            splits.add(
                    new FileSourceSplit(
                            String.valueOf(i + 1),
                            new Path("file:/logs/app.log"),
                            i * length,
                            length,
                            1_700_000_000_000L,
                            count * length,
                            HOST));
        }
        return splits;
    }

    private static List<FileSourceSplit> concat(List<FileSourceSplit> a, List<FileSourceSplit> b) {
        List<FileSourceSplit> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<String> ids(java.util.Collection<FileSourceSplit> splits) {
        return splits.stream().map(FileSourceSplit::splitId).toList();
    }
}
