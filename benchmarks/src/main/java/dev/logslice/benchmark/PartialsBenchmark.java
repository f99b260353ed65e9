package dev.logslice.benchmark;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.LogEventDecoder;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.StatsFolder;

import org.apache.flink.core.fs.Path;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code stats} does with its partials once the lines are folded: each split's partial written
 * to bytes, read back and merged into its reader's (what {@code MergePartials} does), and the
 * reader's merge written, read and merged once more by the client. The partials are folded anew
 * from {@code splits} consecutive 64 MiB slices of the generated log before each operation.
 *
 * <p>The job does this a few times per reader, so its code runs cold (interpreted and C1), not at
 * C2's steady state: single-shot operations without warm-up time it that way, and the first
 * iterations of each fork are the ones that tell (a job's worth is two or three). Pass the
 * launcher's JIT flags for big inputs to time it as the job runs it: {@code -jvmArgsAppend "$(grep
 * -v '^#' jobs/src/main/jvm/big-input.args | paste -sd ' ')"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 0)
@Measurement(iterations = 20)
public class PartialsBenchmark extends BenchmarkBase {
    private static final int SPLIT_SIZE = 64 << 20;

    /**
     * Splits per operation: half a reader's share of a 1 GiB file at parallelism 2, which keeps the
     * folding before each operation near a second.
     */
    @Param("4")
    public int splits;

    /** Parsers look at the file (its time resolves years of some formats), so it must exist. */
    private Path file;

    private byte[] buffer;

    /** Line starts, and where each split's lines begin among them. */
    private int[] lineStarts;

    private int[] splitFirstLine;
    private final Line line = new Line();
    private LogEventDecoder parser;
    private final StatsFolder folder = new StatsFolder();
    private final List<LogStats> partials = new ArrayList<>();

    @Setup(Level.Trial)
    public void readSlices(GeneratedLogFile log) throws IOException {
        file = Path.fromLocalFile(log.path.toFile());
        try (InputStream in = Files.newInputStream(log.path)) {
            buffer = in.readNBytes(splits * SPLIT_SIZE);
        }
        int lastNewline = buffer.length - 1;
        while (buffer[lastNewline] != '\n') {
            lastNewline--;
        }
        int[] starts = new int[buffer.length / 64];
        int lines = 0;
        splitFirstLine = new int[splits + 1];
        for (int i = 0; i <= lastNewline; i++) {
            if (i == 0 || buffer[i - 1] == '\n') {
                if (lines == 0 || i / SPLIT_SIZE != starts[lines - 1] / SPLIT_SIZE) {
                    splitFirstLine[i / SPLIT_SIZE] = lines;
                }
                starts[lines++] = i;
            }
        }
        splitFirstLine[splits] = lines;
        lineStarts = Arrays.copyOf(starts, lines + 1);
        lineStarts[lines] = lastNewline + 1;
        LogFormat format = FormatRegistry.standard().create("combined", FormatOptions.none());
        parser = new LogEventDecoder(format, ZoneId.of("UTC"));
    }

    @Setup(Level.Invocation)
    public void foldSplits() {
        partials.clear();
        for (int split = 0; split < splits; split++) {
            LogStats stats = new LogStats();
            for (int i = splitFirstLine[split]; i < splitFirstLine[split + 1]; i++) {
                int start = lineStarts[i];
                int length = lineStarts[i + 1] - start - 1;
                line.set(file, buffer, start, length, start, LineTerminator.LF);
                stats.addLine(length + 1);
                ParseResult result = parser.decode(line);
                if (result != null) {
                    folder.fold(result, stats);
                }
            }
            partials.add(stats);
        }
    }

    @Benchmark
    public LogStats writeReadAndMerge() {
        LogStats readers = null;
        for (LogStats partial : partials) {
            LogStats read = LogStats.fromBytes(partial.toBytes());
            if (readers == null) {
                readers = read;
            } else {
                readers.merge(read);
            }
        }
        LogStats total = new LogStats();
        total.merge(LogStats.fromBytes(readers.toBytes()));
        return total;
    }

    /** Runs this benchmark; JMH options on the command line override the annotations. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        run(PartialsBenchmark.class, args);
    }
}
