package dev.logslice.benchmark;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.job.ScanJob;
import dev.logslice.job.ScanResult;
import dev.logslice.job.SplitReportDecoder;

import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * {@code logslice scan} on a running MiniCluster, one job per operation, for each split size: small
 * splits balance the two readers, large ones cost less per split.
 */
@State(Scope.Thread)
public class ScanSplitSizeBenchmark extends BenchmarkBase {
    @Param({"4m", "16m", "32m", "64m", "128m", "256m"})
    public String splitSize;

    /** 2 by default; {@code -p parallelism=1,2} measures the speed-up too. */
    @Param({"2"})
    public int parallelism;

    /** What the last job did, reported by JMH next to its time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class ScanCounters {
        public long splits;
        public long readCalls;
    }

    public static void main(String[] args) throws Exception {
        run(ScanSplitSizeBenchmark.class, args);
    }

    @Benchmark
    public long scan(GeneratedLogFile file, MiniClusterState cluster, ScanCounters counters)
            throws Exception {
        LogFileSource<SplitReport> source =
                LogFileSource.builder()
                        .addPath(new Path(file.path.toUri()))
                        .setSplitSize(MemorySize.parse(splitSize))
                        .setLineDecoder(new SplitReportDecoder())
                        .build();
        ScanResult result = ScanJob.run(cluster.environment(parallelism), source);
        counters.splits = result.splits().size();
        counters.readCalls = result.readCalls();
        return file.check(result.lines());
    }
}
