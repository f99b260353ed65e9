package dev.logslice.benchmark;

import dev.logslice.job.EmbeddedFlink;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.legacy.io.TextInputFormat;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;

import java.util.HashMap;
import java.util.Map;

/**
 * The stock ways to count status codes with Flink 2.3, for {@code compare.sh}, on the same embedded
 * batch environment as logslice's jobs. Usage: {@code StockFlinkStatusCount SOURCE FORM PARALLELISM
 * FILE}. SOURCE {@code fileSource} is {@code FileSource} with {@code TextLineInputFormat}; {@code
 * textInputFormat} is the deprecated {@code env.readFile} with the legacy {@code TextInputFormat}.
 * FORM {@code keyed} sums through {@code keyBy}; {@code partition} counts into a map per subtask
 * and the client adds the maps. An optional fifth argument {@code flink-defaults} runs on Flink's
 * own local environment (batch mode, its default memory pools) instead of logslice's tuned one, as
 * a user writing the stock job would. Prints the counts.
 */
public final class StockFlinkStatusCount {
    private StockFlinkStatusCount() {}

    public static void main(String[] args) throws Exception {
        String file = args[3];
        int parallelism = Integer.parseInt(args[2]);
        StreamExecutionEnvironment env =
                args.length > 4 && args[4].equals("flink-defaults")
                        ? flinkDefaults(parallelism)
                        : EmbeddedFlink.environment(parallelism);
        DataStream<String> lines =
                switch (args[0]) {
                    case "fileSource" ->
                            env.fromSource(
                                    FileSource.forRecordStreamFormat(
                                                    new TextLineInputFormat(), new Path(file))
                                            .build(),
                                    WatermarkStrategy.noWatermarks(),
                                    "file source");
                    case "textInputFormat" ->
                            env.readFile(new TextInputFormat(new Path(file)), file);
                    default -> throw new IllegalArgumentException("unknown source " + args[0]);
                };
        DataStream<Tuple2<String, Long>> counts =
                switch (args[1]) {
                    case "keyed" ->
                            lines.map(line -> Tuple2.of(StatusCodes.of(line), 1L))
                                    .returns(Types.TUPLE(Types.STRING, Types.LONG))
                                    .keyBy(count -> count.f0)
                                    .sum(1);
                    case "partition" ->
                            lines.fullWindowPartition()
                                    .mapPartition(StockFlinkStatusCount::countPartition)
                                    .returns(Types.TUPLE(Types.STRING, Types.LONG));
                    default -> throw new IllegalArgumentException("unknown form " + args[1]);
                };
        Map<String, Long> total = new HashMap<>();
        try (CloseableIterator<Tuple2<String, Long>> results =
                counts.executeAndCollect("stock status count")) {
            results.forEachRemaining(count -> total.merge(count.f0, count.f1, Long::sum));
        }
        System.out.println(StatusCodes.format(total));
        // The embedded cluster leaves non-daemon threads behind; the result is out.
        System.exit(0);
    }

    private static StreamExecutionEnvironment flinkDefaults(int parallelism) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        return env;
    }

    private static void countPartition(
            Iterable<String> lines, Collector<Tuple2<String, Long>> out) {
        Map<String, Long> counts = new HashMap<>();
        for (String line : lines) {
            counts.merge(StatusCodes.of(line), 1L, Long::sum);
        }
        counts.forEach((status, count) -> out.collect(Tuple2.of(status, count)));
    }
}
