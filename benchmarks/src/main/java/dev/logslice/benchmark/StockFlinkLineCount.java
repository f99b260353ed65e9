package dev.logslice.benchmark;

import dev.logslice.job.EmbeddedFlink;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * The stock way to count lines with Flink 2.3, for {@code compare.sh}: {@code FileSource} with
 * {@code TextLineInputFormat}, on the same embedded batch environment as logslice's jobs. Usage:
 * {@code StockFlinkLineCount keyed|partition PARALLELISM FILE}: {@code keyed} sums through {@code
 * keyBy}, {@code partition} counts per subtask and the client adds the counts. Prints the count.
 */
public final class StockFlinkLineCount {
    private StockFlinkLineCount() {}

    public static void main(String[] args) throws Exception {
        String form = args[0];
        StreamExecutionEnvironment env = EmbeddedFlink.environment(Integer.parseInt(args[1]));
        FileSource<String> source =
                FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(args[2]))
                        .build();
        DataStream<Long> ones =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "file source")
                        .map(line -> 1L)
                        .returns(Types.LONG);
        DataStream<Long> counts =
                switch (form) {
                    case "keyed" -> ones.keyBy(one -> 0).reduce(Long::sum);
                    case "partition" -> ones.fullWindowPartition().reduce(Long::sum);
                    default -> throw new IllegalArgumentException("unknown form " + form);
                };
        long lines = 0;
        try (CloseableIterator<Long> results = counts.executeAndCollect("stock line count")) {
            while (results.hasNext()) {
                lines += results.next();
            }
        }
        System.out.println(lines);
        // The embedded cluster leaves non-daemon threads behind; the result is out.
        System.exit(0);
    }
}
