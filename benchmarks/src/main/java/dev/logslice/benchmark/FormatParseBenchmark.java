package dev.logslice.benchmark;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatDefinition.PatternUse;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Lines per second one core parses, per format, extracting timestamp, status, bytes and path (the
 * issue's yardstick for {@code combined}). Lines are the real logs of {@code shared/testdata/real}
 * where one exists for the format (found above the working directory), else the registry's example
 * line; they lie in one buffer, as the source hands them over.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class FormatParseBenchmark {
    private static final int LINES = 4096;
    private static final Map<String, String> REAL_LOGS =
            Map.of(
                    "combined", "hackers-access.log",
                    "common", "hackers-access.log",
                    "nginx", "hackers-access.log",
                    "apache-error", "Apache_2k.log",
                    "syslog", "Linux_2k.log",
                    "hadoop", "Hadoop_2k.log",
                    "zookeeper", "Zookeeper_2k.log");

    @Param({
        "combined",
        "common",
        "vcombined",
        "nginx",
        "apache-error",
        "syslog",
        "hadoop",
        "zookeeper",
        "spring-boot",
        "kafka",
        "json",
        "regex",
        "bunyan",
        "journald",
        "docker",
        "python",
        "logcat",
        "hdfs",
        "haproxy",
        "w3c",
        "aws-elb",
        "postgresql",
        "cri",
        "zeek",
        "logfmt",
        "cef",
        "dpkg",
        "apt-history",
        "nginx-error"
    })
    public String format;

    private byte[] buffer;
    private final int[] starts = new int[LINES];
    private final int[] lengths = new int[LINES];
    private LogParser parser;

    @Setup
    public void setUp() throws IOException {
        FormatDefinition definition = FormatRegistry.standard().definition(format);
        // Formats that need a pattern get their example's; nginx reads the real log by default.
        FormatOptions options =
                definition.patternUse() == PatternUse.REQUIRED
                        ? FormatOptions.pattern(definition.examplePattern().orElseThrow())
                        : FormatOptions.none();
        parser =
                definition
                        .create(options)
                        .newParser(
                                ParserContext.of(
                                        ZoneId.of("UTC"), Instant.parse("2016-01-01T00:00:00Z")));
        String[] source = sourceLines(definition);
        // Formats whose header names the columns (w3c, zeek) read it once, as a file starts.
        for (String header :
                definition.exampleHeader().map(h -> h.split("\n")).orElse(new String[0])) {
            byte[] line = header.getBytes(StandardCharsets.UTF_8);
            parser.tryParse(line, 0, line.length, "bench", 0);
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < LINES; i++) {
            byte[] line = source[i % source.length].getBytes(StandardCharsets.UTF_8);
            starts[i] = all.size();
            lengths[i] = line.length;
            all.write(line);
            all.write('\n');
        }
        buffer = all.toByteArray();
        for (int i = 0; i < LINES; i++) {
            if (parser.tryParse(buffer, starts[i], lengths[i], "bench", starts[i]) == null) {
                throw new IllegalStateException(
                        format + " cannot read: " + source[i % source.length]);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void parse(Blackhole blackhole) {
        for (int i = 0; i < LINES; i++) {
            LogEvent event = parser.tryParse(buffer, starts[i], lengths[i], "bench", starts[i]);
            blackhole.consume(event.epochSecond());
            blackhole.consume(event.status());
            blackhole.consume(event.bytes());
            blackhole.consume(event.path());
        }
    }

    private String[] sourceLines(FormatDefinition definition) throws IOException {
        Optional<Path> real =
                realLogs().map(dir -> dir.resolve(REAL_LOGS.getOrDefault(format, "")));
        if (REAL_LOGS.containsKey(format) && real.isPresent() && Files.isRegularFile(real.get())) {
            return new String(Files.readAllBytes(real.get()), StandardCharsets.UTF_8)
                    .split("\r?\n");
        }
        return new String[] {definition.example()};
    }

    private static Optional<Path> realLogs() {
        return Stream.iterate(Paths.get("").toAbsolutePath(), dir -> dir != null, Path::getParent)
                .map(dir -> dir.resolve("shared").resolve("testdata").resolve("real"))
                .filter(Files::isDirectory)
                .findFirst();
    }

    /** Runs this benchmark; JMH options on the command line override the annotations. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        new Runner(
                        new OptionsBuilder()
                                .parent(new CommandLineOptions(args))
                                .include(FormatParseBenchmark.class.getSimpleName())
                                .build())
                .run();
    }
}
