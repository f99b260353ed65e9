package dev.logslice.connector.source;

import dev.logslice.connector.testing.FailOnceAfterCheckpoint;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
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
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The source on a MiniCluster at parallelism 2: plain, after losing a TaskManager, restored. */
class LogFileSourceITCase {
    private static final int PARALLELISM = 2;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(2)
                            .setNumberSlotsPerTaskManager(PARALLELISM)
                            .build());

    @TempDir Path dir;
    private Path file;
    private List<LineAt> expected;

    @BeforeEach
    void writeLog() throws Exception {
        byte[] bytes = GeneratedLogs.random(42, 800);
        file = Files.write(dir.resolve("app.log"), bytes);
        expected = ReferenceLines.of(bytes);
        // Many splits per reader, lines longer than a split and than the buffer.
        assertThat(bytes.length).isGreaterThan(20 * 4096);
    }

    @Test
    void batchJobReadsEveryLineOnce() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(PARALLELISM);

        assertThat(collect(lines(env, source(LineDecoders.rawLines())))).isEqualTo(expected);
    }

    @Test
    void jobSurvivesLosingATaskManager(@InjectMiniCluster MiniCluster cluster) throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(restartOnce());
        env.setParallelism(PARALLELISM);
        Gate.reset(expected.size() / 2);
        DataStream<LogLine> gated = lines(env, source(LineDecoders.rawLines())).map(new Gate());

        CloseableIterator<LogLine> results = gated.collectAsync();
        JobClient job = env.executeAsync("task manager failover");
        assertThat(Gate.reached.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        cluster.terminateTaskManager(0).get();
        Gate.open.countDown();
        cluster.startTaskManager();

        assertThat(drain(results)).isEqualTo(expected);
        assertThat(job.getJobExecutionResult().get()).isNotNull();
    }

    @Test
    void restoresInTheMiddleOfASplitFromACheckpoint() throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(restartOnce());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(20);
        HoldAfterLines.reset(expected.size() / 2);
        FailOnceAfterCheckpoint.reset(
                expected.size() / 4, () -> HoldAfterLines.checkpointed.countDown());
        LogFileSource<LogLine> source =
                LogFileSource.builder()
                        .addPath(new org.apache.flink.core.fs.Path(file.toUri()))
                        .setSplitSize(MemorySize.parse("64k"))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .setLineDecoder(new HoldAfterLines())
                        .build();

        List<LineAt> actual =
                collect(lines(env, source).map(new FailOnceAfterCheckpoint<LogLine>()));

        assertThat(FailOnceAfterCheckpoint.failed()).isTrue();
        assertThat(actual).isEqualTo(expected);
    }

    private static Configuration restartOnce() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        return conf;
    }

    private <T> LogFileSource<T> source(LineDecoder<T> decoder) {
        return LogFileSource.builder()
                .addPath(new org.apache.flink.core.fs.Path(file.toUri()))
                .setSplitSize(MemorySize.parse("4k"))
                .setReadBufferSize(MemorySize.parse("4k"))
                .setLineDecoder(decoder)
                .build();
    }

    private static <T> DataStream<T> lines(
            StreamExecutionEnvironment env, LogFileSource<T> source) {
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "log file");
    }

    private static List<LineAt> collect(DataStream<LogLine> stream) throws Exception {
        return drain(stream.executeAndCollect());
    }

    /** The lines received, in file order. */
    private static List<LineAt> drain(CloseableIterator<LogLine> results) throws Exception {
        List<LineAt> lines = new ArrayList<>();
        try (results) {
            results.forEachRemaining(line -> lines.add(LineAt.of(line)));
        }
        lines.sort(java.util.Comparator.comparingLong(LineAt::offset));
        return lines;
    }

    /** Stops the first attempt after some records until the test has killed a TaskManager. */
    static final class Gate implements MapFunction<LogLine, LogLine> {
        static final AtomicLong seen = new AtomicLong();
        static final AtomicBoolean closedOnce = new AtomicBoolean();
        static volatile long closeAt;
        static CountDownLatch reached;
        static CountDownLatch open;

        static void reset(long records) {
            seen.set(0);
            closedOnce.set(false);
            closeAt = records;
            reached = new CountDownLatch(1);
            open = new CountDownLatch(1);
        }

        @Override
        public LogLine map(LogLine line) throws Exception {
            if (seen.incrementAndGet() >= closeAt && closedOnce.compareAndSet(false, true)) {
                reached.countDown();
                open.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
            return line;
        }
    }

    /**
     * Holds the reader's fetch thread (not the task thread, so checkpoints go on) after some lines
     * until a checkpoint has completed with part of a split emitted.
     */
    static final class HoldAfterLines implements LineDecoder<LogLine> {
        static final AtomicLong decoded = new AtomicLong();
        static volatile long holdAt;
        static CountDownLatch checkpointed;
        private final LineDecoder<LogLine> raw = LineDecoders.rawLines();

        static void reset(long lines) {
            decoded.set(0);
            holdAt = lines;
            checkpointed = new CountDownLatch(1);
        }

        @Override
        public LogLine decode(Line line) {
            if (decoded.incrementAndGet() == holdAt) {
                try {
                    checkpointed.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return raw.decode(line);
        }

        @Override
        public TypeInformation<LogLine> getProducedType() {
            return raw.getProducedType();
        }
    }
}
