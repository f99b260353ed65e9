package dev.logslice.cli;

import dev.logslice.connector.source.LogSourceOptions;
import dev.logslice.job.EmbeddedMemory;
import dev.logslice.job.ReaderOutput;
import dev.logslice.report.Human;

import org.apache.flink.configuration.MemorySize;

import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * Whether the read options fit an embedded run's memory: too many readers or too long a line is
 * refused with the limit and the remedy; the default line length shrinks to fit a small heap.
 */
final class MemoryFit {
    private static final long GIB = 1L << 30;

    /** The largest heap named when the machine's memory is not known: 1 TiB. */
    private static final long MOST_GIB = 1024;

    private MemoryFit() {}

    /**
     * The option that gives this JVM the least whole GiB of heap above {@code heap} that {@code
     * fits}, within the machine's memory; empty when none does, where naming a heap cannot help.
     *
     * @param physical the machine's (or container's) memory in bytes, 0 when not known
     */
    static Optional<String> moreMemory(long heap, long physical, LongPredicate fits) {
        long most = physical > 0 ? physical / GIB : MOST_GIB;
        for (long gib = heap / GIB + 1; gib <= most; gib++) {
            if (fits.test(gib * GIB)) {
                return Optional.of("LOGSLICE_JAVA_OPTS=-Xmx" + gib + "g");
            }
        }
        return Optional.empty();
    }

    /**
     * For a job that ran out of memory, whose need is not known: twice this JVM's heap, or as much
     * as the machine has if less.
     */
    static Optional<String> moreMemory() {
        long heap = Runtime.getRuntime().maxMemory();
        long physical = physicalMemory();
        return moreMemory(heap, physical, h -> h >= 2 * heap || h + GIB > physical);
    }

    /** {@code "; or give the JVM more with ..."} a heap that fits, or nothing when none does. */
    private static String orMoreMemory(long heap, LongPredicate fits) {
        return moreMemory(heap, physicalMemory(), fits)
                .map(option -> "; or give the JVM more with " + option)
                .orElse("");
    }

    /** The machine's (or container's) memory, 0 when not known. */
    private static long physicalMemory() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize()
                : 0;
    }

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
            String more =
                    orMoreMemory(
                            memory.heap(),
                            heap ->
                                    new EmbeddedMemory(heap, heap).maxParallelism(buffer, output)
                                            >= read.parallelism);
            // Not even one reader: the buffer is what to change, not -p.
            throw new IllegalArgumentException(
                    maxParallelism == 0
                            ? "--buffer-size "
                                    + Human.bytes(buffer)
                                    + " is more than this JVM's memory holds for one reader ("
                                    + Human.bytes(memory.heap())
                                    + " heap): give a smaller one"
                                    + more
                            : "-p "
                                    + read.parallelism
                                    + " is more readers than this JVM's memory holds ("
                                    + Human.bytes(memory.heap())
                                    + " heap, "
                                    + Human.bytes(buffer)
                                    + " read buffers): at most -p "
                                    + maxParallelism
                                    + more);
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
                        + orMoreMemory(
                                memory.heap(),
                                heap ->
                                        new EmbeddedMemory(heap, heap)
                                                        .maxLineLength(
                                                                read.parallelism, buffer, output)
                                                >= asked.getBytes()));
    }
}
