package dev.logslice.job;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.List;

/** Reads every line of the input and gathers the per-split read reports. */
public final class ScanJob {
    private ScanJob() {}

    public static ScanResult run(StreamExecutionEnvironment env, LogFileSource<SplitReport> source)
            throws Exception {
        long start = System.nanoTime();
        List<SplitReport> reports = new ArrayList<>();
        try (CloseableIterator<SplitReport> results =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "log files")
                        .executeAndCollect("logslice scan")) {
            results.forEachRemaining(reports::add);
        }
        return new ScanResult(reports, System.nanoTime() - start);
    }
}
