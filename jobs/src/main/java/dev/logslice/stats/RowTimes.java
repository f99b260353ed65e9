package dev.logslice.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The time served of each timed event of a {@link ByteCounts} stretch, with the index of its value:
 * a row's p99 needs the times themselves, and a quantile sketch per value of a stretch would cost
 * more than the value's count. One long per event, appended in order; a drain hands each to the row
 * of its value, which keeps a sketch ({@link TopItems.Row#addTime}). Bounded: {@link #isFull} tells
 * the owner to drain.
 */
final class RowTimes {
    /** Times held before the owner must drain: 512 KiB of them. */
    private static final int MAX_TIMES = 1 << 16;

    /** The value's index above these bits, the time in µs below (capped: 12 days). */
    private static final int TIME_BITS = 40;

    private static final long TIME_MASK = (1L << TIME_BITS) - 1;

    private long[] times = new long[64];
    private int size;

    /** What {@link #forEach} gives. */
    @FunctionalInterface
    interface TimeConsumer {
        void accept(int index, long micros);
    }

    void add(int index, long micros) {
        if (size == times.length) {
            times = Arrays.copyOf(times, 2 * size);
        }
        times[size++] = (long) index << TIME_BITS | Math.min(micros, TIME_MASK);
    }

    boolean isFull() {
        return size >= MAX_TIMES;
    }

    boolean hasRoomFor(RowTimes other) {
        return size + other.size < MAX_TIMES;
    }

    /** Adds {@code other}'s times, its value {@code i} being {@code indexes[i]} here. */
    void addAll(RowTimes other, int[] indexes) {
        other.forEach((index, micros) -> add(indexes[index], micros));
    }

    void forEach(TimeConsumer consumer) {
        for (int i = 0; i < size; i++) {
            consumer.accept((int) (times[i] >>> TIME_BITS), times[i] & TIME_MASK);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        size = 0;
    }

    /** In one piece, for {@link #read}: too seldom for the JIT to compile a loop of writes. */
    void write(DataOutput out) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(size * Long.BYTES);
        bytes.asLongBuffer().put(times, 0, size);
        out.writeInt(size);
        out.write(bytes.array());
    }

    static RowTimes read(DataInput in) throws IOException {
        RowTimes read = new RowTimes();
        int size = in.readInt();
        byte[] bytes = new byte[size * Long.BYTES];
        in.readFully(bytes);
        read.times = new long[Math.max(64, size)];
        ByteBuffer.wrap(bytes).asLongBuffer().get(read.times, 0, size);
        read.size = size;
        return read;
    }
}
