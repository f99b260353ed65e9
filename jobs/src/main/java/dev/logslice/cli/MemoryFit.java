package dev.logslice.cli;

import dev.logslice.connector.source.LogSourceOptions;
import dev.logslice.job.EmbeddedMemory;
import dev.logslice.job.ReaderOutput;
import dev.logslice.report.Human;

import org.apache.flink.configuration.MemorySize;

/**
 * Whether the read options fit an embedded run's memory: too many readers or too long a line is
 * refused with the limit and the remedy; the default line length shrinks to fit a small heap.
 */
final class MemoryFit {
    private static final String MORE_MEMORY = "LOGSLICE_JAVA_OPTS=-Xmx4g";

    private MemoryFit() {}

    /** Rounded down to a size the options take: {@code 203m}, {@code 900k}. */
    static String asSize(long bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + "m" : (bytes >> 10) + "k";
    }

    private static String timesItsLength(int copies) {
        return copies == 2 ? "twice" : copies + " times";
    }

    /** The line length to read with; fails when -p or an explicit --max-line-length cannot fit. */
    static MemorySize lineLimit(EmbeddedMemory memory, ReadOptions read, ReaderOutput output) {
        long buffer = read.bufferSize.getBytes();
        int maxParallelism = memory.maxParallelism(buffer, output);
        if (read.parallelism > maxParallelism) {
            throw new IllegalArgumentException(
                    "-p "
                            + read.parallelism
                            + " is more readers than this JVM's memory holds ("
                            + Human.bytes(memory.heap())
                            + " heap, "
                            + Human.bytes(buffer)
                            + " read buffers): at most -p "
                            + maxParallelism
                            + "; or give it more with "
                            + MORE_MEMORY);
        }
        long maxLine = memory.maxLineLength(read.parallelism, buffer, output);
        MemorySize asked = read.maxLineLength;
        if (asked.getBytes() <= maxLine) {
            return asked;
        }
        if (asked.equals(LogSourceOptions.MAX_LINE_LENGTH.defaultValue()) && maxLine > buffer) {
            return new MemorySize(maxLine);
        }
        throw new IllegalArgumentException(
                "--max-line-length "
                        + Human.bytes(asked.getBytes())
                        + " is longer than a "
                        + Human.bytes(memory.heap())
                        + " heap holds at -p "
                        + read.parallelism
                        + " (a line takes about "
                        + timesItsLength(output.lineCopies())
                        + " its length): at most "
                        + (maxLine < 1024 ? "none" : asSize(maxLine))
                        + "; or give the JVM more with "
                        + MORE_MEMORY);
    }
}
