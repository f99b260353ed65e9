package dev.logslice.job;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bytes the sources of an embedded job have read so far, from their {@code numBytesIn} metrics: a
 * metric reporter registered in the embedded cluster hands the counters to this JVM's progress
 * display.
 */
public final class SourceProgress {
    /** The reporter's name in the embedded cluster's configuration. */
    static final String REPORTER = "logslice_progress";

    private static final Set<Counter> BYTES_IN = ConcurrentHashMap.newKeySet();

    private SourceProgress() {}

    /** Bytes read by the sources of the running embedded job. */
    public static long bytesRead() {
        return BYTES_IN.stream().mapToLong(Counter::getCount).sum();
    }

    /** Keeps the numBytesIn counters of source operators. */
    public static final class Reporter implements MetricReporter {
        @Override
        public void open(MetricConfig config) {}

        @Override
        public void close() {
            BYTES_IN.clear();
        }

        @Override
        public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
            if (isSourceBytesIn(metric, name, group)) {
                BYTES_IN.add((Counter) metric);
            }
        }

        @Override
        public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
            // Finished sources keep counting towards the job's progress until the job ends.
        }

        private static boolean isSourceBytesIn(Metric metric, String name, MetricGroup group) {
            return metric instanceof Counter
                    && name.equals("numBytesIn")
                    && group.getAllVariables()
                            .getOrDefault("<operator_name>", "")
                            .startsWith("Source");
        }
    }

    /** Made by Flink's metric registry through the service loader. */
    public static final class ReporterFactory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new Reporter();
        }
    }
}
