package dev.logslice.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The visitors of each value of a {@link ByteCounts} over one stretch. They lie in the value's own
 * record, {@link #WIDTH} longs at an offset the owner gives: how many exact visitors follow (up to
 * {@link Visitors#ROW_EXACT}), or -(r + 1) when the value moved to the HyperLogLog registers r
 * ({@link Visitors#ROW_LG_K}, as a row's) of a shared pool. A visit touches the cache lines the
 * value's count has just brought in, not another array: a separate block per value cost a cache
 * miss per panel per line, the most of what rows cost. Only the few values past the exact bound
 * (the heavy hitters) take registers, and theirs stay hot. A drain hands each value's visitors to
 * its row's {@link Visitors} once.
 */
final class RowVisits {
    /** Longs of a record: the state, then the exact visitors. */
    static final int WIDTH = 1 + Visitors.ROW_EXACT;

    private static final int REGISTERS = 1 << Visitors.ROW_LG_K;

    /** Register sets held before the owner must drain: 1 MiB of them. */
    private static final int MAX_REGISTER_SETS = 2048;

    private byte[] registers = new byte[0];
    private int registerSetsUsed;

    boolean isFull() {
        return registerSetsUsed >= MAX_REGISTER_SETS;
    }

    /** A visit of {@code visitor} (never 0) to the value whose record holds {@code r[at]}. */
    void add(long[] r, int at, long visitor) {
        long state = r[at];
        if (state < 0) {
            Visitors.addToRegisters(registers, registerOffset(state), visitor, Visitors.ROW_LG_K);
            return;
        }
        int end = at + 1 + (int) state;
        for (int i = at + 1; i < end; i++) {
            if (r[i] == visitor) {
                return;
            }
        }
        if (state < Visitors.ROW_EXACT) {
            r[end] = visitor;
            r[at] = state + 1;
            return;
        }
        // The set first: making it may replace the pool.
        int set = toRegisters(r, at);
        Visitors.addToRegisters(registers, set, visitor, Visitors.ROW_LG_K);
    }

    /**
     * Merges registers {@code from[offset, offset + 2^ROW_LG_K)} into the value at {@code r[at]}.
     */
    void addRegisters(long[] r, int at, byte[] from, int offset) {
        int set = toRegisters(r, at);
        for (int i = 0; i < REGISTERS; i++) {
            if (registers[set + i] < from[offset + i]) {
                registers[set + i] = from[offset + i];
            }
        }
    }

    /** Adds what {@code other} holds for the value at {@code theirs[theirsAt]}. */
    void addAll(long[] r, int at, RowVisits other, long[] theirs, int theirsAt) {
        long state = theirs[theirsAt];
        if (state < 0) {
            addRegisters(r, at, other.registers, registerOffset(state));
        } else {
            for (int i = theirsAt + 1; i <= theirsAt + state; i++) {
                add(r, at, theirs[i]);
            }
        }
    }

    /** Hands the visitors of the value at {@code r[at]} to {@code visitors}. */
    void drainInto(long[] r, int at, Visitors visitors) {
        long state = r[at];
        if (state < 0) {
            visitors.mergeRegisters(registers, registerOffset(state));
        } else {
            for (int i = at + 1; i <= at + state; i++) {
                visitors.add(r[i]);
            }
        }
    }

    static boolean has(long[] r, int at) {
        return r[at] != 0;
    }

    /** Forgets the registers; the owner clears the records. */
    void clear() {
        Arrays.fill(registers, 0, registerSetsUsed * REGISTERS, (byte) 0);
        registerSetsUsed = 0;
    }

    /** The value's register set (made from its exact visitors, if any); returns its offset. */
    private int toRegisters(long[] r, int at) {
        long state = r[at];
        if (state < 0) {
            return registerOffset(state);
        }
        if ((registerSetsUsed + 1) * REGISTERS > registers.length) {
            registers = Arrays.copyOf(registers, Math.max(16 * REGISTERS, 2 * registers.length));
        }
        int set = registerSetsUsed++;
        r[at] = -(set + 1);
        for (int i = at + 1; i <= at + state; i++) {
            Visitors.addToRegisters(registers, set * REGISTERS, r[i], Visitors.ROW_LG_K);
        }
        return set * REGISTERS;
    }

    private static int registerOffset(long state) {
        return (int) (-state - 1) * REGISTERS;
    }

    /** Writes the visitors of the value at {@code r[at]}, read back by {@link #read}. */
    void write(DataOutput out, long[] r, int at) throws IOException {
        long state = r[at];
        if (state < 0) {
            out.writeByte(-1);
            out.write(registers, registerOffset(state), REGISTERS);
        } else {
            out.writeByte((int) state);
            for (int i = at + 1; i <= at + state; i++) {
                out.writeLong(r[i]);
            }
        }
    }

    /** Adds what {@link #write} wrote to the value at {@code r[at]}; {@code set} is scratch. */
    void read(DataInput in, long[] r, int at, byte[] set) throws IOException {
        int count = in.readByte();
        if (count < 0) {
            in.readFully(set);
            addRegisters(r, at, set, 0);
        }
        for (int i = 0; i < count; i++) {
            add(r, at, in.readLong());
        }
    }

    static byte[] registerScratch() {
        return new byte[REGISTERS];
    }
}
