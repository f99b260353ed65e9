package dev.logslice.benchmark;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.reader.SplitLineReader;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * The classic ways to read a page-cached file in Java, each counting the lines of the whole file:
 * by lines in text mode and in binary mode, by blocks (text, stream, channel into heap and into
 * aligned direct memory), all at once, memory-mapped. {@code O_DIRECT} is in {@link
 * DirectIoBenchmark}. Blocks are {@value #BLOCK} bytes, logslice's default read buffer.
 */
@State(Scope.Thread)
public class ReadMethodsBenchmark extends BenchmarkBase {
    static final int BLOCK = 1 << 20;

    private final byte[] heap = new byte[BLOCK];
    private final ByteBuffer alignedDirect =
            ByteBuffer.allocateDirect(BLOCK + LocalFileReadChannel.ALIGNMENT)
                    .alignedSlice(LocalFileReadChannel.ALIGNMENT);

    public static void main(String[] args) throws Exception {
        run(ReadMethodsBenchmark.class, args);
    }

    @Benchmark
    public long linesText(GeneratedLogFile file) throws IOException {
        long lines = 0;
        try (BufferedReader reader = Files.newBufferedReader(file.path)) {
            while (reader.readLine() != null) {
                lines++;
            }
        }
        return file.check(lines);
    }

    /** What logslice's source does: positional reads into an aligned buffer, lines on bytes. */
    @Benchmark
    public long linesBinary(GeneratedLogFile file) throws IOException {
        long[] lines = {0};
        try (LocalFileReadChannel channel = new LocalFileReadChannel(file.path, BLOCK)) {
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel,
                            new org.apache.flink.core.fs.Path(file.path.toUri()),
                            0,
                            file.bytes,
                            file.bytes,
                            BLOCK,
                            Integer.MAX_VALUE - BLOCK);
            while (reader.readNext(line -> lines[0]++)) {
                // every line is counted by the consumer
            }
        }
        return file.check(lines[0]);
    }

    @Benchmark
    public long blocksText(GeneratedLogFile file) throws IOException {
        char[] chars = new char[BLOCK];
        long lines = 0;
        try (Reader reader =
                new InputStreamReader(
                        new FileInputStream(file.path.toFile()), StandardCharsets.UTF_8)) {
            for (int n; (n = reader.read(chars)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    lines += chars[i] == '\n' ? 1 : 0;
                }
            }
        }
        return file.check(lines);
    }

    @Benchmark
    public long blocksStream(GeneratedLogFile file) throws IOException {
        long lines = 0;
        try (InputStream in = new FileInputStream(file.path.toFile())) {
            for (int n; (n = in.read(heap)) > 0; ) {
                lines += LineCounts.of(heap, 0, n);
            }
        }
        return file.check(lines);
    }

    /** The JDK copies through a temporary direct buffer of its own. */
    @Benchmark
    public long blocksChannelHeap(GeneratedLogFile file) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(heap);
        long lines = 0;
        try (FileChannel channel = FileChannel.open(file.path, StandardOpenOption.READ)) {
            for (int n; (n = channel.read(buffer.clear())) > 0; ) {
                lines += LineCounts.of(heap, 0, n);
            }
        }
        return file.check(lines);
    }

    @Benchmark
    public long blocksChannelAlignedDirect(GeneratedLogFile file) throws IOException {
        try (FileChannel channel = FileChannel.open(file.path, StandardOpenOption.READ)) {
            return file.check(DirectBlocks.countLines(channel, file.bytes, alignedDirect, heap));
        }
    }

    @Benchmark
    public long allAtOnce(GeneratedLogFile file) throws IOException {
        byte[] all = Files.readAllBytes(file.path);
        return file.check(LineCounts.of(all, 0, all.length));
    }

    /** Maps the file and copies it out block by block: page faults instead of read calls. */
    @Benchmark
    public long memoryMapped(GeneratedLogFile file) throws IOException {
        long lines = 0;
        try (FileChannel channel = FileChannel.open(file.path, StandardOpenOption.READ)) {
            for (long offset = 0; offset < file.bytes; offset += Integer.MAX_VALUE) {
                long length = Math.min(Integer.MAX_VALUE, file.bytes - offset);
                MappedByteBuffer mapped =
                        channel.map(FileChannel.MapMode.READ_ONLY, offset, length);
                while (mapped.hasRemaining()) {
                    int n = Math.min(BLOCK, mapped.remaining());
                    mapped.get(heap, 0, n);
                    lines += LineCounts.of(heap, 0, n);
                }
            }
        }
        return file.check(lines);
    }
}
