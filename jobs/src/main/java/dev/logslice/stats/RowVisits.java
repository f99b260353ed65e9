package dev.logslice.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The visitors of each value of a {@link ByteCounts} over one stretch, indexed as its values: a
 * value's first {@link Visitors#ROW_EXACT} distinct visitors in a block of a shared array, then
 * HyperLogLog registers ({@link Visitors#ROW_LG_K}, as a row's) in a shared pool. A visit is a scan
 * of at most one block or one register update, with no object per value; the few values that pass
 * the block (the heavy hitters) are the only ones that take registers. A drain hands each value's
 * block or registers to its row's {@link Visitors} once.
 */
final class RowVisits {
    private static final int BLOCK = Visitors.ROW_EXACT;
    private static final int REGISTERS = 1 << Visitors.ROW_LG_K;

    /** Register sets held before the owner must drain: 1 MiB of them. */
    private static final int MAX_REGISTER_SETS = 2048;

    /** Per value: 0 none yet, b + 1 its exact block b, -(r + 1) its register set r. */
    private int[] at;

    /** Per value with a block: how many of its slots are taken. */
    private byte[] blockSize;

    private long[] blocks = new long[16 * BLOCK];
    private int blocksUsed;
    private byte[] registers = new byte[0];
    private int registerSetsUsed;

    RowVisits(int capacity) {
        at = new int[capacity];
        blockSize = new byte[capacity];
    }

    void grow(int capacity) {
        at = Arrays.copyOf(at, capacity);
        blockSize = Arrays.copyOf(blockSize, capacity);
    }

    boolean isFull() {
        return registerSetsUsed >= MAX_REGISTER_SETS;
    }

    /** A visit of {@code visitor} (never 0) to value {@code index}. */
    void add(int index, long visitor) {
        int where = at[index];
        if (where < 0) {
            Visitors.addToRegisters(
                    registers, (-where - 1) * REGISTERS, visitor, Visitors.ROW_LG_K);
            return;
        }
        if (where == 0) {
            where = newBlock();
            at[index] = where;
        }
        int base = (where - 1) * BLOCK;
        int size = blockSize[index];
        for (int i = base; i < base + size; i++) {
            if (blocks[i] == visitor) {
                return;
            }
        }
        if (size < BLOCK) {
            blocks[base + size] = visitor;
            blockSize[index] = (byte) (size + 1);
            return;
        }
        int set = toRegisters(index);
        Visitors.addToRegisters(registers, set, visitor, Visitors.ROW_LG_K);
    }

    /** Merges registers {@code from[offset, offset + 2^ROW_LG_K)} into value {@code index}. */
    void addRegisters(int index, byte[] from, int offset) {
        int set = toRegisters(index);
        for (int i = 0; i < REGISTERS; i++) {
            if (registers[set + i] < from[offset + i]) {
                registers[set + i] = from[offset + i];
            }
        }
    }

    /** Adds what {@code other} holds for its value {@code theirs} to value {@code mine}. */
    void addAll(int mine, RowVisits other, int theirs) {
        int where = other.at[theirs];
        if (where < 0) {
            addRegisters(mine, other.registers, (-where - 1) * REGISTERS);
        } else if (where > 0) {
            int base = (where - 1) * BLOCK;
            for (int i = base; i < base + other.blockSize[theirs]; i++) {
                add(mine, other.blocks[i]);
            }
        }
    }

    /** Hands value {@code index}'s visitors to {@code visitors}. */
    void drainInto(int index, Visitors visitors) {
        int where = at[index];
        if (where < 0) {
            visitors.mergeRegisters(registers, (-where - 1) * REGISTERS);
        } else if (where > 0) {
            int base = (where - 1) * BLOCK;
            for (int i = base; i < base + blockSize[index]; i++) {
                visitors.add(blocks[i]);
            }
        }
    }

    boolean has(int index) {
        return at[index] != 0;
    }

    void clear(int size) {
        Arrays.fill(at, 0, size, 0);
        Arrays.fill(blockSize, 0, size, (byte) 0);
        blocksUsed = 0;
        Arrays.fill(registers, 0, registerSetsUsed * REGISTERS, (byte) 0);
        registerSetsUsed = 0;
    }

    private int newBlock() {
        if ((blocksUsed + 1) * BLOCK > blocks.length) {
            blocks = Arrays.copyOf(blocks, 2 * blocks.length);
        }
        return ++blocksUsed;
    }

    /** Value {@code index}'s register set (made from its block, if any); returns its offset. */
    private int toRegisters(int index) {
        int where = at[index];
        if (where < 0) {
            return (-where - 1) * REGISTERS;
        }
        if ((registerSetsUsed + 1) * REGISTERS > registers.length) {
            registers = Arrays.copyOf(registers, Math.max(16 * REGISTERS, 2 * registers.length));
        }
        int set = registerSetsUsed++;
        at[index] = -(set + 1);
        if (where > 0) {
            int base = (where - 1) * BLOCK;
            for (int i = base; i < base + blockSize[index]; i++) {
                Visitors.addToRegisters(registers, set * REGISTERS, blocks[i], Visitors.ROW_LG_K);
            }
            blockSize[index] = 0;
        }
        return set * REGISTERS;
    }

    /** Writes the visitors of values {@code [0, size)}, read back by {@link #read}. */
    void write(DataOutput out, int size) throws IOException {
        for (int index = 0; index < size; index++) {
            int where = at[index];
            if (where < 0) {
                out.writeByte(-1);
                out.write(registers, (-where - 1) * REGISTERS, REGISTERS);
            } else {
                int count = where == 0 ? 0 : blockSize[index];
                out.writeByte(count);
                for (int i = 0; i < count; i++) {
                    out.writeLong(blocks[(where - 1) * BLOCK + i]);
                }
            }
        }
    }

    void read(DataInput in, int size) throws IOException {
        byte[] set = new byte[REGISTERS];
        for (int index = 0; index < size; index++) {
            int count = in.readByte();
            if (count < 0) {
                in.readFully(set);
                addRegisters(index, set, 0);
            }
            for (int i = 0; i < count; i++) {
                add(index, in.readLong());
            }
        }
    }
}
