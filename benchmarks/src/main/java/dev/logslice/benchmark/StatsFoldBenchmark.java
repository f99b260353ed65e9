package dev.logslice.benchmark;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.LogFormat;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.LogEventDecoder;
import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.StatsDecoder;

import org.apache.flink.core.fs.Path;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Lines per second one reader thread turns into a stats partial: parsing alone, and parsing plus
 * folding into {@code LogStats} (what {@code stats} does per line), on generated combined lines
 * that lie in one buffer as the source hands them over. Each invocation is one split's worth: its
 * lines, then the partial written out.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class StatsFoldBenchmark {
    private static final int LINES = 200_000;

    /** Parsers look at the file (its time resolves years of some formats), so it must exist. */
    private Path file;

    private byte[] buffer;
    private final int[] starts = new int[LINES + 1];
    private final Line line = new Line();
    private LogEventDecoder parser;
    private StatsDecoder stats;

    /** Rows of the top-N panels with their visitors, bytes and time served. */
    @Param({"true", "false"})
    public boolean rowTotals;

    /** What a reader's chained merge holds: each split's partial read back and merged in. */
    private LogStats merged;

    @Setup
    public void setUp() throws IOException {
        java.nio.file.Path generated = Files.createTempFile("stats-fold", ".log");
        generated.toFile().deleteOnExit();
        // About 230 bytes a line: enough for LINES with room to spare.
        LogGenerator.write(GeneratedFormat.COMBINED, 300L * LINES, 1, generated);
        file = Path.fromLocalFile(generated.toFile());
        buffer = Files.readAllBytes(generated);
        int line = 0;
        for (int i = 0; i < buffer.length && line < LINES; i++) {
            if (buffer[i] == '\n') {
                starts[++line] = i + 1;
            }
        }
        if (line < LINES) {
            throw new IllegalStateException("generated only " + line + " lines");
        }
        LogFormat format = FormatRegistry.standard().create("combined", FormatOptions.none());
        parser = new LogEventDecoder(format, ZoneId.of("UTC"));
        stats =
                new StatsDecoder(
                        FileFormats.of(format),
                        ZoneId.of("UTC"),
                        EventBounds.DEFAULTS,
                        List.of(),
                        rowTotals,
                        List.of());
        merged = new LogStats();
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void parse(Blackhole blackhole) {
        for (int i = 0; i < LINES; i++) {
            blackhole.consume(parser.decode(lineAt(i)));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void parseAndFold(Blackhole blackhole) {
        for (int i = 0; i < LINES; i++) {
            stats.decode(lineAt(i));
        }
        stats.finishSplit(report(), blackhole::consume);
    }

    /** {@link #parseAndFold}, then the partial merged as the reader's chained merge does. */
    @Benchmark
    @OperationsPerInvocation(LINES)
    public void parseFoldAndMerge() {
        for (int i = 0; i < LINES; i++) {
            stats.decode(lineAt(i));
        }
        stats.finishSplit(report(), partial -> merged.merge(LogStats.fromBytes(partial)));
    }

    private Line lineAt(int i) {
        line.set(
                file,
                buffer,
                starts[i],
                starts[i + 1] - starts[i] - 1,
                starts[i],
                LineTerminator.LF);
        return line;
    }

    private SplitReport report() {
        return new SplitReport(
                "0000000001",
                file.toString(),
                0,
                1,
                1,
                LINES,
                0,
                List.of(),
                1,
                1,
                0,
                1,
                "none",
                0,
                0,
                null);
    }

    /** Runs this benchmark; JMH options on the command line override the annotations. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        new Runner(
                        new OptionsBuilder()
                                .parent(new CommandLineOptions(args))
                                .include(StatsFoldBenchmark.class.getSimpleName())
                                .build())
                .run();
    }
}
