package dev.logslice.job;

import org.apache.flink.configuration.MemorySize;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;

/**
 * What an embedded run's readers need of this JVM's memory, so that settings it cannot hold are
 * refused before the job with the limit, instead of failing in it (a network buffer pool that
 * cannot be allocated, {@code Java heap space}).
 *
 * <p>Each reader takes its share of the network buffers ({@link EmbeddedFlink}) and a direct read
 * buffer off the heap, and a window of two read buffers on it, with the records it makes. A line is
 * held whole in its reader's window, which grows by copying (old and new window live at once) and
 * is copied once more by the decoders that keep it: about twice its length, in one reader at a
 * time, and more for what some jobs make of it ({@link ReaderOutput#lineCopies()}). What the job
 * makes of the lines costs more per reader: see {@link ReaderOutput}.
 */
public final class EmbeddedMemory {
    /** The MiniCluster, the job's operators and the collected results, measured with room. */
    private static final long HEAP_BASE = MemorySize.parse("96m").getBytes();

    /** Direct memory that is neither network buffers nor read buffers (Netty, the JDK's NIO). */
    private static final long DIRECT_BASE = MemorySize.parse("16m").getBytes();

    private static final long ALIGNMENT = 4096;

    private final long heap;
    private final long direct;

    public EmbeddedMemory(long heap, long direct) {
        this.heap = heap;
        this.direct = direct;
    }

    /** This JVM's: {@code -Xmx}, and {@code -XX:MaxDirectMemorySize} (by default the same). */
    public static EmbeddedMemory ofThisJvm() {
        long heap = Runtime.getRuntime().maxMemory();
        String direct =
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .getVMOption("MaxDirectMemorySize")
                        .getValue();
        long maxDirect = Long.parseLong(direct);
        return new EmbeddedMemory(heap, maxDirect > 0 ? maxDirect : heap);
    }

    public long heap() {
        return heap;
    }

    /**
     * The most readers that fit, each reading {@code readBuffer} bytes at a time and making {@code
     * output} of them; at least 0.
     */
    public int maxParallelism(long readBuffer, ReaderOutput output) {
        long offHeapPerReader = EmbeddedFlink.networkBytesPerReader() + readBuffer + ALIGNMENT;
        long byDirect =
                (direct - DIRECT_BASE - EmbeddedFlink.networkBytesPerReader()) / offHeapPerReader;
        // Its window and one more buffer's worth: the records and garbage of a window's lines,
        // which also leaves the default line length room at the most readers.
        long byHeap = (heap - HEAP_BASE) / (3 * readBuffer + output.heapPerReader(readBuffer));
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.min(byDirect, byHeap)));
    }

    /** The longest line one of {@code parallelism} readers can hold; at most 0 when none fits. */
    public long maxLineLength(int parallelism, long readBuffer, ReaderOutput output) {
        long free =
                heap
                        - HEAP_BASE
                        - parallelism * (2 * readBuffer + output.heapPerReader(readBuffer));
        return free / output.lineCopies() - readBuffer;
    }
}
