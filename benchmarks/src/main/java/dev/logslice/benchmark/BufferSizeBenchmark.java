package dev.logslice.benchmark;

import dev.logslice.connector.io.LocalFileReadChannel;

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
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

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
        buffer =
                "aligned".equals(alignment)
                        ? ByteBuffer.allocateDirect(size + LocalFileReadChannel.ALIGNMENT)
                                .alignedSlice(LocalFileReadChannel.ALIGNMENT)
                        : ByteBuffer.allocateDirect(size);
    }

    @Benchmark
    public long readWholeFile(GeneratedLogFile file, ReadCalls calls) throws IOException {
        long bytes = 0;
        long reads = 0;
        try (FileChannel channel = FileChannel.open(file.path, StandardOpenOption.READ)) {
            for (int n; (n = channel.read(buffer.clear())) > 0; reads++) {
                bytes += n;
            }
        }
        calls.readCallsPerPass = reads + 1; // the last call found the end of the file
        if (bytes != file.bytes) {
            throw new IllegalStateException("read " + bytes + " of " + file.bytes + " bytes");
        }
        return bytes;
    }
}
