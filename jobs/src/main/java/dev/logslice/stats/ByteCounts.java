package dev.logslice.stats;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
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
     * A value's record in {@link #records}: its start in the arena in the high half of the first
     * long and its length in the low half, then its count; with rows, then its totals ({@link
     * RowTotals#WIDTH} longs) and its visitors ({@link RowVisits#WIDTH}). One record per value, not
     * an array per quantity: a line adds to several panels, and each array was a cache miss apiece.
     */
    private static final int SPAN = 0;

    private static final int COUNT = 1;
    private static final int TOTALS = 2;
    private static final int VISITS = TOTALS + RowTotals.WIDTH;
    private static final int PLAIN = TOTALS;
    private static final int WITH_ROWS = VISITS + RowVisits.WIDTH;

    /**
     * Open addressing, twice as many slots as values: a value's hash in the high half, its index +
     * 1 in the low half; 0 is empty. Keeping the hash in the slot spares a probe the load of a
     * second array, a cache miss once the tables outgrow the caches.
     */
    private long[] table = new long[2 * INITIAL_VALUES];

    /**
     * Longs per record: {@link #PLAIN} until the first {@link #addToRow} (only the panels of access
     * logs have rows), then {@link #WITH_ROWS}.
     */
    private int stride = PLAIN;

    private long[] records = new long[INITIAL_VALUES * PLAIN];
    private int capacity = INITIAL_VALUES;
    private byte[] arena = new byte[4096];
    private int arenaUsed;
    private int size;

    /** The register sets of the values' visitors: made with the rows. */
    @Nullable private RowVisits visits;

    /** The times served of the values' events, for their rows' p99: made with the rows. */
    @Nullable private RowTimes times;

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
                int at = entry * stride;
                long span = records[at + SPAN];
                int valueStart = (int) (span >>> 32);
                if ((int) span == length
                        && Arrays.equals(arena, valueStart, valueStart + length, b, start, end)) {
                    records[at + COUNT] += count;
                    return entry;
                }
            }
        }
    }

    /**
     * Adds an event's response bytes and time served (-1 when it has none) and its visitor (a hash,
     * see {@link Visitors#hash}; 0 when it has none) to the row of the value at {@code index}.
     */
    void addToRow(int index, long responseBytes, long timeMicros, long visitor) {
        withRows();
        int at = index * WITH_ROWS;
        RowTotals.add(records, at + TOTALS, responseBytes, timeMicros);
        if (visitor != 0) {
            visits.add(records, at + VISITS, visitor);
        }
        if (timeMicros >= 0) {
            times.add(index, timeMicros);
        }
    }

    /** Widens the records to hold rows, on the first value that has one. */
    private void withRows() {
        if (stride == WITH_ROWS) {
            return;
        }
        long[] wide = new long[capacity * WITH_ROWS];
        for (int i = 0; i < size; i++) {
            wide[i * WITH_ROWS + SPAN] = records[i * PLAIN + SPAN];
            wide[i * WITH_ROWS + COUNT] = records[i * PLAIN + COUNT];
        }
        records = wide;
        stride = WITH_ROWS;
        visits = new RowVisits();
        times = new RowTimes();
    }

    private boolean hasRows() {
        return stride == WITH_ROWS;
    }

    /**
     * The 64-bit hash ({@link #hash64}) of the value of the last {@link #add}: what the owner tells
     * visitors apart by, without hashing the value again.
     */
    long lastHash() {
        return lastHash;
    }

    /** Whether the owner must drain before the next {@link #add}: no room is left for a value. */
    boolean isFull() {
        return size >= MAX_VALUES * 3 / 4
                || arenaUsed >= MAX_ARENA_BYTES
                || (visits != null && (visits.isFull() || times.isFull()));
    }

    /** Whether {@link #addAll} of {@code other} fits without a drain first. */
    boolean hasRoomFor(ByteCounts other) {
        return size + other.size < MAX_VALUES * 3 / 4
                && arenaUsed + other.arenaUsed < MAX_ARENA_BYTES
                && (visits == null || !visits.isFull())
                && (times == null || other.times == null || times.hasRoomFor(other.times));
    }

    /** Adds the values, counts, totals and visits of {@code other}, which stays as it is. */
    void addAll(ByteCounts other) {
        if (other.hasRows()) {
            withRows();
        }
        long[] theirs = other.records;
        int[] ours = new int[other.size];
        for (int i = 0; i < other.size; i++) {
            int theirsAt = i * other.stride;
            long span = theirs[theirsAt + SPAN];
            int start = (int) (span >>> 32);
            ours[i] = add(other.arena, start, start + (int) span, theirs[theirsAt + COUNT]);
            int at = ours[i] * stride;
            if (other.hasRows()) {
                RowTotals.merge(records, at + TOTALS, theirs, theirsAt + TOTALS);
                visits.addAll(records, at + VISITS, other.visits, theirs, theirsAt + VISITS);
            }
        }
        if (other.hasRows()) {
            times.addAll(other.times, ours);
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
        if (visits != null) {
            // A new value's record is cleared when it is inserted.
            visits.clear();
            times.clear();
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
        // A value's row is looked up once, not once per visit or time.
        TopItems.Row[] rowOf = hasRows() && !times.isEmpty() ? new TopItems.Row[size] : null;
        for (int i = 0; i < size; i++) {
            int at = i * stride;
            long span = records[at + SPAN];
            long count = records[at + COUNT];
            String value =
                    new String(arena, (int) (span >>> 32), (int) span, StandardCharsets.UTF_8);
            items.add(value, count);
            TopItems.Row row = hasRows() ? items.row(value) : null;
            if (row != null) {
                row.add(count, records, at + TOTALS);
                if (RowVisits.has(records, at + VISITS)) {
                    visits.drainInto(records, at + VISITS, row.visitors());
                }
                if (rowOf != null) {
                    rowOf[i] = row;
                }
            }
            if (each != null) {
                each.accept(value, count);
            }
        }
        if (rowOf != null) {
            times.forEach(
                    (index, micros) -> {
                        if (rowOf[index] != null) {
                            rowOf[index].addTime(micros);
                        }
                    });
        }
        clear();
    }

    /** Gives each value with its count, in first-seen order, and keeps them. */
    void forEach(ValueConsumer consumer) {
        for (int i = 0; i < size; i++) {
            long span = records[i * stride + SPAN];
            int start = (int) (span >>> 32);
            consumer.accept(arena, start, start + (int) span, records[i * stride + COUNT]);
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
            sizes.putInt((int) records[i * stride + SPAN]);
        }
        for (int i = 0; i < size; i++) {
            sizes.putLong(records[i * stride + COUNT]);
        }
        out.writeInt(size);
        out.writeInt(arenaUsed);
        out.write(sizes.array());
        // Values lie in the arena back to back, in first-seen order.
        out.write(arena, 0, arenaUsed);
        out.writeBoolean(hasRows());
        if (hasRows()) {
            ByteBuffer sums = ByteBuffer.allocate(size * RowTotals.WIDTH * Long.BYTES);
            LongBuffer totals = sums.asLongBuffer();
            for (int i = 0; i < size; i++) {
                totals.put(i * RowTotals.WIDTH, records, i * stride + TOTALS, RowTotals.WIDTH);
            }
            out.write(sums.array());
        }
        // Totals and visitors each behind a flag of their own, as before they shared a record.
        out.writeBoolean(hasRows());
        if (hasRows()) {
            for (int i = 0; i < size; i++) {
                visits.write(out, records, i * stride + VISITS);
            }
            times.write(out);
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
        while (read.capacity < values) {
            read.grow();
        }
        read.arena = new byte[Math.max(read.arena.length, valueBytes.length)];
        for (int i = 0, start = 0; i < values; start += valueLengths[i++]) {
            read.add(valueBytes, start, start + valueLengths[i], valueCounts[i]);
        }
        if (in.readBoolean()) {
            read.withRows();
            byte[] sums = new byte[values * RowTotals.WIDTH * Long.BYTES];
            in.readFully(sums);
            LongBuffer totals = ByteBuffer.wrap(sums).asLongBuffer();
            for (int i = 0; i < values; i++) {
                totals.get(
                        i * RowTotals.WIDTH, read.records, i * WITH_ROWS + TOTALS, RowTotals.WIDTH);
            }
        }
        if (in.readBoolean()) {
            read.withRows();
            byte[] scratch = RowVisits.registerScratch();
            for (int i = 0; i < values; i++) {
                read.visits.read(in, read.records, i * WITH_ROWS + VISITS, scratch);
            }
            // Values were added in the order written: their indexes are the same.
            read.times = RowTimes.read(in);
        }
        return read;
    }

    private int insert(int slot, int hash, byte[] b, int start, int length, long count) {
        if (size == capacity) {
            grow();
            slot = emptySlot(hash);
        }
        if (arenaUsed + length > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaUsed + length));
        }
        System.arraycopy(b, start, arena, arenaUsed, length);
        int at = size * stride;
        records[at + SPAN] = (long) arenaUsed << 32 | length;
        records[at + COUNT] = count;
        if (hasRows()) {
            // Rows of an earlier stretch may lie here (clear leaves the records as they are).
            Arrays.fill(records, at + TOTALS, at + WITH_ROWS, 0);
        }
        arenaUsed += length;
        table[slot] = (long) hash << 32 | ++size;
        return size - 1;
    }

    /** Doubles the arrays (up to {@link #MAX_VALUES}, where {@link #isFull} stops adds first). */
    private void grow() {
        capacity *= 2;
        records = Arrays.copyOf(records, capacity * stride);
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
