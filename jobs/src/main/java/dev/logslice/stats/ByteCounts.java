package dev.logslice.stats;

import javax.annotation.Nullable;

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

    /**
     * Per value, {@link RowTotals#WIDTH} longs where the owner adds them ({@link #addTotals}): only
     * the panels of access logs have any, so it is made on the first.
     */
    @Nullable private long[] totals;

    /** Per value, its visitors in this stretch ({@link #addVisit}): made on the first. */
    @Nullable private RowVisits visits;

    /** The 64-bit hash of the value of the last {@link #add}, for the owner to reuse. */
    private long lastHash;

    /** What {@link #forEach} gives: a value as {@code b[start, end)} and its count. */
    @FunctionalInterface
    interface ValueConsumer {
        void accept(byte[] b, int start, int end, long count);
    }

    /** Counts one occurrence of {@code b[start, end)}. */
    void add(byte[] b, int start, int end) {
        add(b, start, end, 1);
    }

    /** Counts {@code count} occurrences of {@code b[start, end)}; returns the value's index. */
    int add(byte[] b, int start, int end, long count) {
        int length = end - start;
        long hash64 = hash64(b, start, end);
        lastHash = hash64;
        int hash = (int) (hash64 ^ (hash64 >>> 16));
        int mask = table.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            long taken = table[slot];
            if (taken == 0) {
                return insert(slot, hash, b, start, length, count);
            }
            if ((int) (taken >>> 32) == hash) {
                int entry = (int) taken - 1;
                long span = spans[entry];
                int valueStart = (int) (span >>> 32);
                if ((int) span == length
                        && Arrays.equals(arena, valueStart, valueStart + length, b, start, end)) {
                    counts[entry] += count;
                    return entry;
                }
            }
        }
    }

    /** Adds an event's response bytes and time served to the value at {@code index}. */
    void addTotals(int index, long responseBytes, long timeMicros) {
        if (totals == null) {
            totals = new long[spans.length * RowTotals.WIDTH];
        }
        RowTotals.add(totals, index * RowTotals.WIDTH, responseBytes, timeMicros);
    }

    /**
     * The 64-bit hash ({@link #hash64}) of the value of the last {@link #add}: what the owner tells
     * visitors apart by, without hashing the value again.
     */
    long lastHash() {
        return lastHash;
    }

    /** Notes a visit of {@code visitor} (a hash, see {@link Visitors#hash}) to the value. */
    void addVisit(int index, long visitor) {
        rowVisits().add(index, visitor);
    }

    private RowVisits rowVisits() {
        if (visits == null) {
            visits = new RowVisits(spans.length);
        }
        return visits;
    }

    /** Whether the owner must drain before the next {@link #add}: no room is left for a value. */
    boolean isFull() {
        return size >= MAX_VALUES * 3 / 4
                || arenaUsed >= MAX_ARENA_BYTES
                || (visits != null && visits.isFull());
    }

    /** Whether {@link #addAll} of {@code other} fits without a drain first. */
    boolean hasRoomFor(ByteCounts other) {
        return size + other.size < MAX_VALUES * 3 / 4
                && arenaUsed + other.arenaUsed < MAX_ARENA_BYTES
                && (visits == null || !visits.isFull());
    }

    /** Adds the values, counts, totals and visits of {@code other}, which stays as it is. */
    void addAll(ByteCounts other) {
        for (int i = 0; i < other.size; i++) {
            int start = (int) (other.spans[i] >>> 32);
            int index = add(other.arena, start, start + (int) other.spans[i], other.counts[i]);
            if (other.totals != null) {
                if (totals == null) {
                    totals = new long[spans.length * RowTotals.WIDTH];
                }
                RowTotals.merge(totals, index * RowTotals.WIDTH, other.totals, i * RowTotals.WIDTH);
            }
            if (other.visits != null) {
                rowVisits().addAll(index, other.visits, i);
            }
        }
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
        clear();
    }

    private void clear() {
        Arrays.fill(table, 0);
        if (totals != null) {
            Arrays.fill(totals, 0, size * RowTotals.WIDTH, 0);
        }
        if (visits != null) {
            visits.clear(size);
        }
        size = 0;
        arenaUsed = 0;
        if (arena.length > 2 * MAX_ARENA_BYTES) {
            // One huge value grew it; don't keep that for the rest of the split.
            arena = new byte[4096];
        }
    }

    /**
     * Moves each value with its count, totals and visits into {@code items}, tells {@code each} (if
     * any) every value once, and forgets them.
     */
    void drainInto(TopItems items, @Nullable ObjLongConsumer<String> each) {
        if (size == 0) {
            return;
        }
        // A value's row is looked up once, not once per visit.
        for (int i = 0; i < size; i++) {
            int start = (int) (spans[i] >>> 32);
            String value = new String(arena, start, (int) spans[i], StandardCharsets.UTF_8);
            items.add(value, counts[i]);
            TopItems.Row row = totals != null || visits != null ? items.row(value) : null;
            if (row != null) {
                row.add(counts[i], totals, i * RowTotals.WIDTH);
                if (visits != null && visits.has(i)) {
                    visits.drainInto(i, row.visitors());
                }
            }
            if (each != null) {
                each.accept(value, counts[i]);
            }
        }
        clear();
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
        out.writeBoolean(totals != null);
        if (totals != null) {
            ByteBuffer sums = ByteBuffer.allocate(size * RowTotals.WIDTH * Long.BYTES);
            sums.asLongBuffer().put(totals, 0, size * RowTotals.WIDTH);
            out.write(sums.array());
        }
        out.writeBoolean(visits != null);
        if (visits != null) {
            visits.write(out, size);
        }
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
        if (in.readBoolean()) {
            byte[] sums = new byte[values * RowTotals.WIDTH * Long.BYTES];
            in.readFully(sums);
            read.totals = new long[read.spans.length * RowTotals.WIDTH];
            ByteBuffer.wrap(sums).asLongBuffer().get(read.totals, 0, values * RowTotals.WIDTH);
        }
        if (in.readBoolean()) {
            read.rowVisits().read(in, values);
        }
        return read;
    }

    private int insert(int slot, int hash, byte[] b, int start, int length, long count) {
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
        return size - 1;
    }

    /** Doubles the arrays (up to {@link #MAX_VALUES}, where {@link #isFull} stops adds first). */
    private void grow() {
        int capacity = 2 * spans.length;
        spans = Arrays.copyOf(spans, capacity);
        counts = Arrays.copyOf(counts, capacity);
        if (totals != null) {
            totals = Arrays.copyOf(totals, capacity * RowTotals.WIDTH);
        }
        if (visits != null) {
            visits.grow(capacity);
        }
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

    /**
     * A word-at-a-time hash: values are tens to hundreds of bytes (agents, referrers). Its low 32
     * bits, folded, index the table; all 64 tell visitors apart ({@link #lastHash}).
     */
    private static long hash64(byte[] b, int start, int end) {
        long h = end - start;
        int i = start;
        for (; i + 8 <= end; i += 8) {
            h = Long.rotateLeft((h ^ (long) LONGS.get(b, i)) * 0x9E3779B97F4A7C15L, 29);
        }
        for (; i < end; i++) {
            h = (h ^ b[i]) * 0x9E3779B97F4A7C15L;
        }
        return h ^ (h >>> 32);
    }
}
