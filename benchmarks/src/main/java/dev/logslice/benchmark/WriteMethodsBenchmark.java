package dev.logslice.benchmark;

import dev.logslice.connector.io.LineFeeds;

import org.apache.flink.configuration.MemorySize;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The write side of {@code grep --out}: the first {@value #PAYLOAD_MIB} MiB of the generated file
 * written by lines or by blocks, as text or as bytes, through buffers of each size. Output goes to
 * {@code /dev/shm} where it exists, so the page cache copy is measured, not the disk's writeback.
 */
@State(Scope.Thread)
public class WriteMethodsBenchmark extends BenchmarkBase {
    static final int PAYLOAD_MIB = 64;

    @Param({"8k", "64k", "1m", "8m"})
    public String bufferSize;

    private int size;
    private byte[] block;
    private char[] text;
    private List<byte[]> lines;
    private List<String> textLines;
    private Path out;

    public static void main(String[] args) throws Exception {
        run(WriteMethodsBenchmark.class, args);
    }

    @Setup(Level.Trial)
    public void load(GeneratedLogFile file) throws IOException {
        size = (int) MemorySize.parse(bufferSize).getBytes();
        byte[] head = new byte[PAYLOAD_MIB << 20];
        try (InputStream in = Files.newInputStream(file.path)) {
            in.readNBytes(head, 0, head.length);
        }
        lines = new ArrayList<>();
        textLines = new ArrayList<>();
        int start = 0;
        for (int lf; (lf = LineFeeds.indexOf(head, start, head.length)) >= 0; start = lf + 1) {
            lines.add(Arrays.copyOfRange(head, start, lf + 1));
            textLines.add(new String(head, start, lf - start, StandardCharsets.UTF_8));
        }
        block = Arrays.copyOf(head, start);
        text = new String(block, StandardCharsets.UTF_8).toCharArray();
        Path shm = Paths.get("/dev/shm");
        out = Files.createTempFile(Files.isDirectory(shm) ? shm : null, "logslice-write", ".log");
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(out);
    }

    @Benchmark
    public long linesText() throws IOException {
        try (BufferedWriter writer =
                new BufferedWriter(
                        new OutputStreamWriter(
                                new FileOutputStream(out.toFile()), StandardCharsets.UTF_8),
                        size)) {
            for (String line : textLines) {
                writer.write(line);
                writer.write('\n');
            }
        }
        return checkWritten();
    }

    /** What {@code grep}'s part files do: each line's bytes into a buffered stream. */
    @Benchmark
    public long linesBinary() throws IOException {
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(out), size)) {
            for (byte[] line : lines) {
                stream.write(line);
            }
        }
        return checkWritten();
    }

    @Benchmark
    public long blocksText() throws IOException {
        try (Writer writer =
                new OutputStreamWriter(
                        new FileOutputStream(out.toFile()), StandardCharsets.UTF_8)) {
            for (int i = 0; i < text.length; i += size) {
                writer.write(text, i, Math.min(size, text.length - i));
            }
        }
        return checkWritten();
    }

    @Benchmark
    public long blocksBinary() throws IOException {
        try (FileChannel channel =
                FileChannel.open(
                        out, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (int i = 0; i < block.length; i += size) {
                ByteBuffer chunk = ByteBuffer.wrap(block, i, Math.min(size, block.length - i));
                while (chunk.hasRemaining()) {
                    channel.write(chunk);
                }
            }
        }
        return checkWritten();
    }

    private long checkWritten() throws IOException {
        long written = Files.size(out);
        if (written != block.length) {
            throw new IllegalStateException("wrote " + written + " of " + block.length + " bytes");
        }
        return written;
    }
}
