package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

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

    private final TestingSplitEnumeratorContext<LogFileSplit> context =
            new TestingSplitEnumeratorContext<>(2);
    private final MetricListener metrics = new MetricListener();
    private final List<LogFileSplit> splits = splitsOfOneFile(3);
    private LogFileSplitEnumerator enumerator;

    @BeforeEach
    void startEnumerator() {
        context.registerReader(0, HOST);
        context.registerReader(1, HOST);
        enumerator =
                new LogFileSplitEnumerator(
                        new MeteredEnumeratorContext(context, metrics),
                        new LogFileSplitAssigner(splits));
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
        assertThat(enumerator.snapshotState(1).splits()).hasSize(3);
    }

    @Test
    void handsOutSplitsAddedBackAgain() {
        enumerator.handleSplitRequest(0, HOST);
        List<LogFileSplit> failed = List.copyOf(assigned(0));

        enumerator.addSplitsBack(failed, 0);

        assertThat(ids(enumerator.snapshotState(1).splits()))
                .containsExactlyInAnyOrderElementsOf(ids(splits));
        IntStream.range(0, 3).forEach(i -> enumerator.handleSplitRequest(1, HOST));
        assertThat(ids(assigned(1))).containsExactlyInAnyOrderElementsOf(ids(splits));
    }

    @Test
    void snapshotHoldsTheSplitsNotYetAssigned() {
        enumerator.handleSplitRequest(0, HOST);

        List<LogFileSplit> remaining = new ArrayList<>(splits);
        remaining.removeIf(split -> split.splitId().equals(assigned(0).get(0).splitId()));
        assertThat(ids(enumerator.snapshotState(1).splits()))
                .containsExactlyInAnyOrderElementsOf(ids(remaining));
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

    private SplitAssignmentState<LogFileSplit> state(int subtask) {
        return context.getSplitAssignments().get(subtask);
    }

    private List<LogFileSplit> assigned(int subtask) {
        SplitAssignmentState<LogFileSplit> state = state(subtask);
        return state == null ? List.of() : state.getAssignedSplits();
    }

    private static List<LogFileSplit> splitsOfOneFile(int count) {
        List<LogFileSplit> splits = new ArrayList<>();
        long length = 4096;
        for (int i = 0; i < count; i++) {
            splits.add(
                    LogFileSplit.of(
                            String.valueOf(i + 1),
                            new FileSegment(
                                    new Path("file:/logs/app.log"),
                                    i * length,
                                    (i + 1) * length,
                                    count * length,
                                    1_700_000_000_000L,
                                    null),
                            List.of(HOST)));
        }
        return splits;
    }

    private static List<LogFileSplit> concat(List<LogFileSplit> a, List<LogFileSplit> b) {
        List<LogFileSplit> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<String> ids(java.util.Collection<LogFileSplit> splits) {
        return splits.stream().map(LogFileSplit::splitId).toList();
    }
}
