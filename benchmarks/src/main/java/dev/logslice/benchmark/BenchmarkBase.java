package dev.logslice.benchmark;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.concurrent.TimeUnit;

/**
 * The JMH settings every logslice benchmark shares: one operation is one pass over a whole input,
 * timed in milliseconds. Short iterations, because a pass takes a fraction of a second to seconds
 * and the machines this runs on are small; override with JMH's options ({@code -f -wi -i -p}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class BenchmarkBase {

    /** Runs the benchmarks of one class, taking JMH's usual command-line options. */
    protected static void run(Class<? extends BenchmarkBase> benchmark, String[] args)
            throws RunnerException, CommandLineOptionException {
        new Runner(
                        new OptionsBuilder()
                                .parent(new CommandLineOptions(args))
                                .include(benchmark.getName() + "\\.")
                                .build())
                .run();
    }
}
