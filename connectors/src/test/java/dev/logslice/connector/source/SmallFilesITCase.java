package dev.logslice.connector.source;

import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.FailOnceAfterCheckpoint;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many small files on a MiniCluster at parallelism 2: packed into a few splits, every line read
 * once, also when the job restores from a checkpoint taken inside a packed split.
 */
class SmallFilesITCase {
    private static final int PARALLELISM = 2;
    private static final int FILES = 600;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(PARALLELISM)
                            .build());

    @TempDir Path dir;
    private final List<FileLine> expected = new ArrayList<>();

    /** A line and the file it belongs to. */
    record FileLine(String file, LineAt line) {
        static FileLine of(LogLine line) {
            return new FileLine(line.file, LineAt.of(line));
        }
    }

    @BeforeEach
    void writeSmallFiles() throws Exception {
        for (int i = 0; i < FILES; i++) {
            byte[] bytes = GeneratedLogs.random(i, 6);
            Path file = Files.write(dir.resolve(String.format("app-%04d.log", i)), bytes);
            String name = new org.apache.flink.core.fs.Path(file.toUri()).toString();
            ReferenceLines.of(bytes).forEach(line -> expected.add(new FileLine(name, line)));
        }
    }

    @Test
    void readsEveryLineOfEveryFileOnceFromAFewSplits() throws Exception {
        LogFileSource<LogLine> source = source(LineDecoders.rawLines());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(PARALLELISM);

        assertThat(splits(source)).hasSizeBetween(PARALLELISM * 2, PARALLELISM * 2 + 1);
        assertThat(collect(lines(env, source))).isEqualTo(expected);
    }

    @Test
    void restoresInsideAPackedSplitFromACheckpoint() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(20);
        LogFileSourceITCase.HoldAfterLines.reset(expected.size() / 2);
        FailOnceAfterCheckpoint.reset(
                expected.size() / 4,
                () -> LogFileSourceITCase.HoldAfterLines.checkpointed.countDown());

        LogFileSource<LogLine> source = source(new LogFileSourceITCase.HoldAfterLines());
        // Every split packs several files, so the restore is inside a packed split.
        assertThat(splits(source))
                .allSatisfy(split -> assertThat(split.segments()).hasSizeGreaterThan(1));

        List<FileLine> actual =
                collect(lines(env, source).map(new FailOnceAfterCheckpoint<LogLine>()));

        assertThat(FailOnceAfterCheckpoint.failed()).isTrue();
        assertThat(actual).isEqualTo(expected);
    }

    private <T> LogFileSource<T> source(LineDecoder<T> decoder) {
        return LogFileSource.builder()
                .addPath(new org.apache.flink.core.fs.Path(dir.toUri()))
                .setLineDecoder(decoder)
                .build();
    }

    private static List<LogFileSplit> splits(LogFileSource<?> source) throws Exception {
        TestingSplitEnumeratorContext<LogFileSplit> context =
                new TestingSplitEnumeratorContext<>(PARALLELISM);
        try (var enumerator = source.createEnumerator(context)) {
            return enumerator.snapshotState(0).splits();
        }
    }

    private static <T> DataStream<T> lines(
            StreamExecutionEnvironment env, LogFileSource<T> source) {
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "log files");
    }

    /** The lines received, files in name order and lines in file order. */
    private static List<FileLine> collect(DataStream<LogLine> stream) throws Exception {
        List<FileLine> lines = new ArrayList<>();
        try (CloseableIterator<LogLine> results = stream.executeAndCollect()) {
            results.forEachRemaining(line -> lines.add(FileLine.of(line)));
        }
        lines.sort(
                Comparator.comparing(FileLine::file)
                        .thenComparingLong(fileLine -> fileLine.line().offset()));
        return lines;
    }
}
