package dev.logslice.benchmark;

import org.apache.flink.configuration.MemorySize;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Read calls alone, no line finding: a {@code FileChannel} reads a page-cached file into one direct
 * buffer of each size, page-aligned or as {@code allocateDirect} returns it. Each pass reports the
 * read calls it made next to its time; {@code strace-read-calls.sh} checks the count against the
 * kernel's.
 */
@State(Scope.Thread)
public class BufferSizeBenchmark extends BenchmarkBase {
    @Param({"4k", "16k", "64k", "256k", "1m", "4m", "8m"})
    public String bufferSize;

    @Param({"aligned", "unaligned"})
    public String alignment;

    private ByteBuffer buffer;

    /** Read calls of the last pass, reported by JMH next to the time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class ReadCalls {
        public long readCallsPerPass;
    }

    public static void main(String[] args) throws Exception {
        run(BufferSizeBenchmark.class, args);
    }

    @Setup(Level.Trial)
    public void allocate() {
        int size = (int) MemorySize.parse(bufferSize).getBytes();
        buffer = CountedReadPass.directBuffer(size, "aligned".equals(alignment));
    }

    @Benchmark
    public long readWholeFile(GeneratedLogFile file, ReadCalls calls) throws IOException {
        CountedReadPass pass = CountedReadPass.over(file.path, buffer);
        calls.readCallsPerPass = pass.readCalls();
        if (pass.bytes() != file.bytes) {
            throw new IllegalStateException(
                    "read " + pass.bytes() + " of " + file.bytes + " bytes");
        }
        return pass.bytes();
    }
}
