package dev.logslice.stats;

import dev.logslice.connector.source.LogFileSource;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * The stats job: readers fold lines into per-split partials, each reader merges its partials into
 * one, and the client merges the few that remain, each come back in pieces of bounded size. Nothing
 * is shuffled per line.
 */
public final class StatsJob {
    /** The job's name, as the cluster's REST API shows it. */
    public static final String JOB_NAME = "logslice stats";

    private StatsJob() {}

    public static LogStats run(StreamExecutionEnvironment env, LogFileSource<byte[]> source)
            throws Exception {
        LogStats total = new LogStats();
        PartialAssembler partials = new PartialAssembler();
        try (CloseableIterator<byte[]> pieces =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "log files")
                        .transform(
                                "merge partials per reader",
                                PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                                new MergePartials())
                        .executeAndCollect(JOB_NAME)) {
            pieces.forEachRemaining(
                    piece -> {
                        LogStats partial = partials.add(piece);
                        if (partial != null) {
                            total.merge(partial);
                        }
                    });
        }
        partials.checkComplete();
        return total;
    }
}
