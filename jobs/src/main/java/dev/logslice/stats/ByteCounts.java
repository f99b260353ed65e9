package dev.logslice.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.ObjLongConsumer;

/**
 * Exact counts of values given as bytes, for a stretch of input: most log fields repeat (a few
 * hundred paths and agents make most lines), so counting them here, with no {@code String} per
 * line, and handing each distinct value once with its count to a sketch is much cheaper than
 * updating the sketch per line. Memory is bounded: {@link #isFull()} tells the owner to drain.
 */
final class ByteCounts {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int MAX_VALUES = 1 << 14;
    private static final int MAX_ARENA_BYTES = 1 << 20;

    /** Values held before the arrays grow; they start small, as many splits are small. */
    private static final int INITIAL_VALUES = 64;

    /**
     * Open addressing, twice as many slots as values: a value's hash in the high half, its index +
     * 1 in the low half; 0 is empty. Keeping the hash in the slot spares a probe the load of a
     * second array, a cache miss once the tables outgrow the caches.
     */
    private long[] table = new long[2 * INITIAL_VALUES];

    /** Per value: its start in the arena in the high half, its length in the low half. */
    private long[] spans = new long[INITIAL_VALUES];

    private long[] counts = new long[INITIAL_VALUES];
    private byte[] arena = new byte[4096];
    private int arenaUsed;
    private int size;

    /** What {@link #forEach} gives: a value as {@code b[start, end)} and its count. */
    @FunctionalInterface
    interface ValueConsumer {
        void accept(byte[] b, int start, int end, long count);
    }

    /** Counts one occurrence of {@code b[start, end)}. */
    void add(byte[] b, int start, int end) {
        add(b, start, end, 1);
    }

    /** Counts {@code count} occurrences of {@code b[start, end)}. */
    void add(byte[] b, int start, int end, long count) {
        int length = end - start;
        int hash = hash(b, start, end);
        int mask = table.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            long taken = table[slot];
            if (taken == 0) {
                insert(slot, hash, b, start, length, count);
                return;
            }
            if ((int) (taken >>> 32) == hash) {
                int entry = (int) taken - 1;
                long span = spans[entry];
                int valueStart = (int) (span >>> 32);
                if ((int) span == length
                        && Arrays.equals(arena, valueStart, valueStart + length, b, start, end)) {
                    counts[entry] += count;
                    return;
                }
            }
        }
    }

    /** Whether the owner must drain before the next {@link #add}: no room is left for a value. */
    boolean isFull() {
        return size >= MAX_VALUES * 3 / 4 || arenaUsed >= MAX_ARENA_BYTES;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /**
     * Gives each value (decoded as UTF-8) with its count, in first-seen order, and forgets them.
     */
    void drain(ObjLongConsumer<String> sink) {
        if (size == 0) {
            return;
        }
        forEach(
                (b, start, end, count) ->
                        sink.accept(
                                new String(b, start, end - start, StandardCharsets.UTF_8), count));
        Arrays.fill(table, 0);
        size = 0;
        arenaUsed = 0;
        if (arena.length > 2 * MAX_ARENA_BYTES) {
            // One huge value grew it; don't keep that for the rest of the split.
            arena = new byte[4096];
        }
    }

    /** Gives each value with its count, in first-seen order, and keeps them. */
    void forEach(ValueConsumer consumer) {
        for (int i = 0; i < size; i++) {
            int start = (int) (spans[i] >>> 32);
            consumer.accept(arena, start, start + (int) spans[i], counts[i]);
        }
    }

    /**
     * Writes the values and counts as they are, for {@link #read}: no value becomes a {@code
     * String} before its count reaches a sketch. Lengths, counts and values go in three pieces, not
     * value by value: this runs a few times per split, too seldom for the JIT to compile a loop of
     * small writes.
     */
    void write(DataOutput out) throws IOException {
        ByteBuffer sizes = ByteBuffer.allocate(size * (Integer.BYTES + Long.BYTES));
        for (int i = 0; i < size; i++) {
            sizes.putInt((int) spans[i]);
        }
        sizes.position(size * Integer.BYTES).asLongBuffer().put(counts, 0, size);
        out.writeInt(size);
        out.writeInt(arenaUsed);
        out.write(sizes.array());
        // Values lie in the arena back to back, in first-seen order.
        out.write(arena, 0, arenaUsed);
    }

    /** What {@link #write} wrote: the same values, counts and order. */
    static ByteCounts read(DataInput in) throws IOException {
        int values = in.readInt();
        byte[] valueBytes = new byte[in.readInt()];
        byte[] sizeBytes = new byte[values * (Integer.BYTES + Long.BYTES)];
        in.readFully(sizeBytes);
        in.readFully(valueBytes);
        ByteBuffer sizes = ByteBuffer.wrap(sizeBytes);
        int[] valueLengths = new int[values];
        long[] valueCounts = new long[values];
        sizes.asIntBuffer().get(valueLengths);
        sizes.position(values * Integer.BYTES).asLongBuffer().get(valueCounts);
        ByteCounts read = new ByteCounts();
        while (read.spans.length < values) {
            read.grow();
        }
        read.arena = new byte[Math.max(read.arena.length, valueBytes.length)];
        for (int i = 0, start = 0; i < values; start += valueLengths[i++]) {
            read.add(valueBytes, start, start + valueLengths[i], valueCounts[i]);
        }
        return read;
    }

    private void insert(int slot, int hash, byte[] b, int start, int length, long count) {
        if (size == spans.length) {
            grow();
            slot = emptySlot(hash);
        }
        if (arenaUsed + length > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + length));
        }
        System.arraycopy(b, start, arena, arenaUsed, length);
        spans[size] = (long) arenaUsed << 32 | length;
        counts[size] = count;
        arenaUsed += length;
        table[slot] = (long) hash << 32 | ++size;
    }

    /** Doubles the arrays (up to {@link #MAX_VALUES}, where {@link #isFull} stops adds first). */
    private void grow() {
        int capacity = 2 * spans.length;
        spans = Arrays.copyOf(spans, capacity);
        counts = Arrays.copyOf(counts, capacity);
        long[] old = table;
        table = new long[2 * capacity];
        for (long taken : old) {
            if (taken != 0) {
                table[emptySlot((int) (taken >>> 32))] = taken;
            }
        }
    }

    private int emptySlot(int hash) {
        int mask = table.length - 1;
        int slot = hash & mask;
        while (table[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /** A word-at-a-time hash: values are tens to hundreds of bytes (agents, referrers). */
    private static int hash(byte[] b, int start, int end) {
        long h = end - start;
        int i = start;
        for (; i + 8 <= end; i += 8) {
            h = Long.rotateLeft((h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L, 29);
        }
        for (; i < end; i++) {
            h = (h ^ b[i]) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 32;
        return (int) (h ^ (h >>> 16));
    }
}
