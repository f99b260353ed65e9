package dev.logslice.benchmark;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.reader.SplitLineReader;
import dev.logslice.connector.source.LinePrefilter;

import org.apache.flink.core.fs.Path;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.util.regex.Pattern;

/**
 * grep's reader alone, one thread, no Flink: a {@link SplitLineReader} over the whole file with the
 * prefilter of each regex ({@code none}: every line handed out, as {@code scan} reads), the lines
 * handed out only counted. Separates the reader's time from the job's and the process start's.
 */
@State(Scope.Thread)
public class GrepReaderBenchmark extends BenchmarkBase {
    private static final int BUFFER_SIZE = 1 << 20;
    private static final int MAX_LINE_LENGTH = 64 << 20;

    /**
     * A regex as grep takes it, {@code (?i)} in front for {@code -i}; {@code none} for no filter.
     */
    @Param({"none", " 503 ", "no-such-agent/9", "GET /api/[a-z]+ ", "(?i)mozilla/4"})
    public String regex;

    /**
     * Lines the reader handed out in a pass, reported by JMH next to the time (summed over the
     * measurement iterations: divide by their count).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Candidates {
        public long candidateLines;
    }

    public static void main(String[] args) throws Exception {
        run(GrepReaderBenchmark.class, args);
    }

    @Benchmark
    public long readWholeFile(GeneratedLogFile file, Candidates candidates) throws IOException {
        long[] handedOut = {0};
        try (LocalFileReadChannel channel = new LocalFileReadChannel(file.path, BUFFER_SIZE)) {
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel,
                            new Path(file.path.toUri()),
                            0,
                            file.bytes,
                            file.bytes,
                            BUFFER_SIZE,
                            MAX_LINE_LENGTH);
            if (!"none".equals(regex)) {
                boolean fold = regex.startsWith("(?i)");
                reader.withPrefilter(
                        LinePrefilter.forRegex(
                                fold ? regex.substring(4) : regex,
                                fold ? Pattern.CASE_INSENSITIVE : 0));
            }
            while (reader.readNext(line -> handedOut[0]++)) {
                // every line goes to the counter
            }
            candidates.candidateLines = handedOut[0];
            return file.check(reader.stats().lines());
        }
    }
}
