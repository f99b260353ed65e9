package dev.logslice.connector.metrics;

import dev.logslice.connector.reader.SplitReadStats;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;

import java.util.function.LongSupplier;

/**
 * Every metric of a {@code LogFileSource} reader, registered in one place.
 *
 * <p>Below the reader's operator scope ({@code
 * <host>.taskmanager.<tm>.<job>.<operator>.<subtask>}):
 *
 * <ul>
 *   <li>Flink's standard source metrics: {@code numBytesIn} (bytes returned by read calls), {@code
 *       numRecordsIn} (counted by Flink), {@code numRecordsInErrors} (oversized lines skipped),
 *       {@code pendingBytes} (bytes of assigned splits not yet read);
 *   <li>{@code readCalls}: read system calls on input files, all splits together;
 *   <li>{@code splits}: the splits this reader started to read;
 *   <li>{@code split.<splitId>.readCalls}, {@code .bytesRead}, {@code .lines}, {@code
 *       .oversizedLines}, {@code .readNanos}: gauges per split, for the first {@value
 *       #SPLIT_GROUPS} splits this reader reads.
 * </ul>
 *
 * <p>A followed source's readers add {@code filesFollowed} (files this reader follows), {@code
 * bytesBehind} (their sizes minus the offsets read up to, as last looked at), {@code
 * secondsSinceLastLine} (since a followed file last gave a line, or since the reader started) and
 * {@code truncations} (followed files found shorter than read, read again from their start).
 *
 * <p>Each split group holds a handful of metrics and its split's figures for as long as the job
 * runs, and tiny split sizes make up to 10,000 splits: past {@value #SPLIT_GROUPS} a reader's
 * splits get no group of their own, and count only in the reader's totals ({@code readCalls},
 * {@code numBytesIn}, {@code numRecordsIn}, {@code numRecordsInErrors}, {@code splits}), which are
 * exact for every split.
 *
 * <p>A reader restored from a checkpoint counts its splits' {@code .lines} and {@code
 * .oversizedLines} on from the checkpoint, so they are the whole split's; the counters count what
 * this reader did, {@code numRecordsInErrors} the oversized lines it skipped after the checkpoint.
 *
 * <p>The enumerator adds Flink's {@code unassignedSplits} gauge under the coordinator scope.
 */
@Internal
public final class LogSourceReaderMetrics {
    public static final String READ_CALLS = "readCalls";
    public static final String SPLIT_GROUP = "split";
    public static final String SPLITS = "splits";
    public static final String FILES_FOLLOWED = "filesFollowed";
    public static final String BYTES_BEHIND = "bytesBehind";
    public static final String SECONDS_SINCE_LAST_LINE = "secondsSinceLastLine";
    public static final String TRUNCATIONS = "truncations";

    /** Splits per reader that get a metric group of their own. */
    public static final int SPLIT_GROUPS = 100;

    private final SourceReaderMetricGroup group;
    private final Counter readCalls;
    private final Counter bytesIn;
    private final Counter recordErrors;
    private final Counter splits;
    private volatile long pendingBytes;

    public LogSourceReaderMetrics(SourceReaderMetricGroup group) {
        this.group = group;
        this.readCalls = group.counter(READ_CALLS);
        this.bytesIn = group.getIOMetricGroup().getNumBytesInCounter();
        this.recordErrors = group.getNumRecordsInErrorsCounter();
        this.splits = group.counter(SPLITS);
        group.setPendingBytesGauge(() -> pendingBytes);
    }

    /** Bytes of the splits assigned to the reader that are not read yet. */
    public void setPendingBytes(long bytes) {
        pendingBytes = bytes;
    }

    /** Adds what a split's read did since the last call. */
    public void recordProgress(long readCallsDelta, long bytesDelta, long oversizedDelta) {
        readCalls.inc(readCallsDelta);
        bytesIn.inc(bytesDelta);
        recordErrors.inc(oversizedDelta);
    }

    /** The gauges of a reader that follows files. */
    public void registerFollow(
            LongSupplier filesFollowed,
            LongSupplier bytesBehind,
            LongSupplier secondsSinceLastLine,
            LongSupplier truncations) {
        group.gauge(FILES_FOLLOWED, (Gauge<Long>) filesFollowed::getAsLong);
        group.gauge(BYTES_BEHIND, (Gauge<Long>) bytesBehind::getAsLong);
        group.gauge(SECONDS_SINCE_LAST_LINE, (Gauge<Long>) secondsSinceLastLine::getAsLong);
        group.gauge(TRUNCATIONS, (Gauge<Long>) truncations::getAsLong);
    }

    /**
     * Counts a split that starts being read, and exposes its running figures if it is one of the
     * reader's first {@value #SPLIT_GROUPS}.
     */
    public void registerSplit(String splitId, SplitReadStats stats) {
        splits.inc();
        if (splits.getCount() > SPLIT_GROUPS) {
            return;
        }
        MetricGroup split = group.addGroup(SPLIT_GROUP, splitId);
        split.gauge("readCalls", (Gauge<Long>) stats::readCalls);
        split.gauge("bytesRead", (Gauge<Long>) stats::bytesRead);
        split.gauge("lines", (Gauge<Long>) stats::lines);
        split.gauge("oversizedLines", (Gauge<Long>) stats::oversizedLines);
        split.gauge("readNanos", (Gauge<Long>) stats::readNanos);
    }
}
