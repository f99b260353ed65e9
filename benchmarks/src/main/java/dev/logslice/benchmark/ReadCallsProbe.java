package dev.logslice.benchmark;

import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.reader.SplitLineReader;

import org.apache.flink.configuration.MemorySize;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Reads a file once and prints the read calls it counted, for {@code strace-read-calls.sh} to
 * compare with the kernel's count. Usage: {@code ReadCallsProbe FILE MODE [BUFFER_SIZE]}, MODE one
 * of {@code aligned}, {@code unaligned} (a {@code FileChannel} into a direct buffer), {@code
 * logslice} (the source's line reader) or {@code readline} ({@code BufferedReader}, which counts
 * nothing itself: strace alone tells).
 */
public final class ReadCallsProbe {
    private ReadCallsProbe() {}

    public static void main(String[] args) throws IOException {
        Path file = Paths.get(args[0]);
        String mode = args[1];
        int bufferSize = args.length > 2 ? (int) MemorySize.parse(args[2]).getBytes() : 1 << 20;
        long calls =
                switch (mode) {
                    case "aligned", "unaligned" ->
                            CountedReadPass.over(
                                            file,
                                            CountedReadPass.directBuffer(
                                                    bufferSize, "aligned".equals(mode)))
                                    .readCalls();
                    case "logslice" -> lineReaderCalls(file, bufferSize);
                    case "readline" -> readLines(file);
                    default -> throw new IllegalArgumentException("unknown mode " + mode);
                };
        System.out.println(calls);
    }

    private static long lineReaderCalls(Path file, int bufferSize) throws IOException {
        long size = Files.size(file);
        try (LocalFileReadChannel channel = new LocalFileReadChannel(file, bufferSize)) {
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel,
                            new org.apache.flink.core.fs.Path(file.toUri()),
                            0,
                            size,
                            size,
                            bufferSize,
                            Integer.MAX_VALUE - bufferSize);
            while (reader.readNext(line -> {})) {
                // lines are not needed, only the reads
            }
            return reader.stats().readCalls();
        }
    }

    /** Returns -1: a {@code Reader} does not say how often it read. */
    private static long readLines(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            while (reader.readLine() != null) {
                // only the reads underneath matter
            }
        }
        return -1;
    }
}
