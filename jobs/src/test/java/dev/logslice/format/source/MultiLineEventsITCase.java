package dev.logslice.format.source;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.format.LogEvent;
import dev.logslice.format.ParseResult;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.generate.LogGenerator;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Java logs with stack traces, cut into many tiny splits and read at parallelism 2: every event
 * arrives once, whole, at the offset of its first line.
 */
class MultiLineEventsITCase {
    private static final Pattern EVENT_START = Pattern.compile("^\\d{4}-\\d\\d-\\d\\d[T ].*");

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension();

    @Test
    void eventsKeepTheirStackTracesAcrossSplitBoundaries(@TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path log = dir.resolve("app.log");
        LogGenerator.write(dev.logslice.generate.GeneratedFormat.LOG4J, 300_000, 7, log);
        List<long[]> expected = referenceEvents(Files.readAllBytes(log));
        assertThat(expected.stream().filter(e -> e[1] > 1))
                .as("events with stack traces")
                .isNotEmpty();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(2);
        LogFileSource<ParseResult> source =
                LogFileSource.builder()
                        .addPath(new Path(log.toUri()))
                        .setSplitSize(MemorySize.parse("4k"))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .setLineDecoder(
                                new LogEventDecoder(
                                        FormatRegistry.standard()
                                                .create(
                                                        "log4j",
                                                        FormatOptions.pattern(
                                                                "%d{ISO8601} %-5p [%t] %c: %m%n")),
                                        ZoneId.of("UTC")))
                        .build();
        List<long[]> actual = new ArrayList<>();
        try (CloseableIterator<ParseResult> results =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "log")
                        .executeAndCollect()) {
            results.forEachRemaining(
                    result -> {
                        assertThat(result).as("malformed: %s", result).isInstanceOf(LogEvent.class);
                        LogEvent event = (LogEvent) result;
                        actual.add(
                                new long[] {
                                    event.offset(), event.message().split("\n", -1).length
                                });
                    });
        }
        actual.sort(Comparator.comparingLong(event -> event[0]));

        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("event %d", i).containsExactly(expected.get(i));
        }
    }

    /** {offset, lines} of each event: a dated line and the lines after it that are not. */
    private static List<long[]> referenceEvents(byte[] file) {
        List<long[]> events = new ArrayList<>();
        long offset = 0;
        for (String line : new String(file, StandardCharsets.UTF_8).split("\n")) {
            if (EVENT_START.matcher(line).matches()) {
                events.add(new long[] {offset, 1});
            } else {
                events.get(events.size() - 1)[1]++;
            }
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        return events;
    }
}
