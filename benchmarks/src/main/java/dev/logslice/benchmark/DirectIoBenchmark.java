package dev.logslice.benchmark;

import com.sun.nio.file.ExtendedOpenOption;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * Reading with {@code O_DIRECT}: past the page cache, straight from the device, into buffers
 * aligned to the file system's block size. A file system that refuses {@code O_DIRECT} (tmpfs, for
 * one) makes the setup fail with a message saying so, and JMH moves on.
 */
@State(Scope.Thread)
public class DirectIoBenchmark extends BenchmarkBase {
    private final byte[] heap = new byte[ReadMethodsBenchmark.BLOCK];
    private ByteBuffer aligned;

    public static void main(String[] args) throws Exception {
        run(DirectIoBenchmark.class, args);
    }

    @Setup(Level.Trial)
    public void checkDirectIo(GeneratedLogFile file) throws IOException {
        int blockSize = (int) Files.getFileStore(file.path).getBlockSize();
        aligned =
                ByteBuffer.allocateDirect(ReadMethodsBenchmark.BLOCK + blockSize)
                        .alignedSlice(blockSize);
        try (FileChannel channel = open(file)) {
            channel.read(aligned.clear());
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException(
                    "skipped: the file system of " + file.path + " refuses O_DIRECT: " + e, e);
        }
    }

    @Benchmark
    public long blocksDirectIo(GeneratedLogFile file) throws IOException {
        try (FileChannel channel = open(file)) {
            return file.check(DirectBlocks.countLines(channel, file.bytes, aligned, heap));
        }
    }

    private static FileChannel open(GeneratedLogFile file) throws IOException {
        return FileChannel.open(file.path, StandardOpenOption.READ, ExtendedOpenOption.DIRECT);
    }
}
