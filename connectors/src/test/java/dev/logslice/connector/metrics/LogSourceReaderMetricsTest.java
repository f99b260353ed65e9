package dev.logslice.connector.metrics;

import dev.logslice.connector.reader.SplitReadStats;

import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.MetricNames;
import org.apache.flink.runtime.metrics.groups.InternalSourceReaderMetricGroup;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link LogSourceReaderMetrics} on a reader metric group that keeps its metrics. */
class LogSourceReaderMetricsTest {
    private final MetricListener listener = new MetricListener();
    private final LogSourceReaderMetrics metrics =
            new LogSourceReaderMetrics(
                    InternalSourceReaderMetricGroup.mock(listener.getMetricGroup()));

    @Test
    void pendingBytesReadsTheLatestValue() {
        // Flink makes a split reader per fetcher, and a new fetcher each time splits arrive after
        // the previous one went idle; each split reader sets the value again.
        metrics.setPendingBytes(5);
        metrics.setPendingBytes(7);

        assertThat(listener.<Long>getGauge(MetricNames.PENDING_BYTES))
                .hasValueSatisfying(gauge -> assertThat(gauge.getValue()).isEqualTo(7));
    }

    @Test
    void addsProgressToReadCallsAndFlinkCounters() {
        metrics.recordProgress(3, 100, 1);
        metrics.recordProgress(2, 50, 0);

        assertThat(listener.getCounter(LogSourceReaderMetrics.READ_CALLS))
                .hasValueSatisfying(counter -> assertThat(counter.getCount()).isEqualTo(5));
        assertThat(listener.getCounter(MetricNames.NUM_RECORDS_IN_ERRORS))
                .hasValueSatisfying(counter -> assertThat(counter.getCount()).isEqualTo(1));
    }

    @Test
    void registersTheFiguresOfEachSplit() {
        metrics.registerSplit("0000000007", new SplitReadStats());

        for (String name :
                new String[] {"readCalls", "bytesRead", "lines", "oversizedLines", "readNanos"}) {
            assertThat(
                            listener.<Long>getGauge(
                                    LogSourceReaderMetrics.SPLIT_GROUP, "0000000007", name))
                    .as("gauge split.0000000007.%s", name)
                    .hasValueSatisfying(gauge -> assertThat(gauge.getValue()).isZero());
        }
    }

    @Test
    void aReaderOfManyTinySplitsKeepsGroupsForTheFirstOnlyAndCountsThemAll() {
        int splits = 20_000;
        for (int i = 0; i < splits; i++) {
            metrics.registerSplit(splitId(i), new SplitReadStats());
        }

        for (int i = 0; i < splits; i++) {
            boolean hasGroup = i < LogSourceReaderMetrics.SPLIT_GROUPS;
            assertThat(
                            listener.<Long>getGauge(
                                    LogSourceReaderMetrics.SPLIT_GROUP, splitId(i), "lines"))
                    .as("split %d", i)
                    .matches(gauge -> gauge.isPresent() == hasGroup);
        }
        assertThat(listener.getCounter(LogSourceReaderMetrics.SPLITS))
                .hasValueSatisfying(counter -> assertThat(counter.getCount()).isEqualTo(splits));
    }

    private static String splitId(int i) {
        return String.format("%010d", i);
    }
}
