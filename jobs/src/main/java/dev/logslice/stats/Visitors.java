package dev.logslice.stats;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Distinct visitors as GoAccess counts them: the same client, day and user agent are one visitor
 * ({@link #hash}). Exact (a set of 64-bit hashes) up to a bound, then a HyperLogLog estimate, so
 * memory stays bounded however many visitors come. The hashes are mixed already, so the registers
 * take them as they are (no second hash per visit, which cost more than the rest of a row's
 * update); registers merge by maximum, so sets and sketches merge in any order to the same result.
 */
final class Visitors {
    /**
     * A day's visitors: exact up to 4,096, then 2^14 registers (16 KiB), about 0.8% error. A larger
     * exact set cost a cache miss per line once it outgrew the caches.
     */
    static final int DAY_EXACT = 1 << 12;

    static final int DAY_LG_K = 14;

    /**
     * A row's visitors: exact up to 16 (256 bytes), then 2^9 registers, about 4.6% error: a panel
     * keeps up to {@link TopItems#MAX_ROWS} rows in each partial, so a row must stay small.
     */
    static final int ROW_EXACT = 16;

    static final int ROW_LG_K = 9;

    private final int maxExact;
    private final int lgK;

    /** Open addressing of the hashes while exact; 0 marks an empty slot (no hash is 0). */
    @Nullable private long[] table = new long[8];

    private int size;

    /** Per register, the largest rank seen: null while exact. */
    @Nullable private byte[] registers;

    private Visitors(int maxExact, int lgK) {
        this.maxExact = maxExact;
        this.lgK = lgK;
    }

    static Visitors forRow() {
        return new Visitors(ROW_EXACT, ROW_LG_K);
    }

    static Visitors forDay() {
        return new Visitors(DAY_EXACT, DAY_LG_K);
    }

    static Visitors readRow(DataInput in) throws IOException {
        return read(in, ROW_EXACT, ROW_LG_K);
    }

    static Visitors readDay(DataInput in) throws IOException {
        return read(in, DAY_EXACT, DAY_LG_K);
    }

    /**
     * One visitor's hash, from the hashes ({@link ByteCounts#hash64}) of its client and its user
     * agent (0 if none), and the day of the visit; never 0.
     */
    static long hash(long clientHash, long agentHash, long day) {
        long h = (clientHash ^ Long.rotateLeft(agentHash, 17)) * 0x9E3779B97F4A7C15L;
        h = Long.rotateLeft(h, 31) ^ day * 0xC2B2AE3D27D4EB4FL;
        // A final mix (murmur3's): the registers use the hash's bits as they are.
        h = (h ^ (h >>> 33)) * 0xFF51AFD7ED558CCDL;
        h = (h ^ (h >>> 33)) * 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }

    void add(long hash) {
        if (registers != null) {
            addToRegisters(hash);
        } else if (insert(hash) && ++size > maxExact) {
            toRegisters();
        } else if (size * 2 > table.length) {
            rehash();
        }
    }

    private void addToRegisters(long hash) {
        addToRegisters(registers, 0, hash, lgK);
    }

    /** Adds a hash to the {@code 2^lgK} registers at {@code registers[offset...]}. */
    static void addToRegisters(byte[] registers, int offset, long hash, int lgK) {
        int register = offset + (int) (hash >>> (64 - lgK));
        // Rank: 1 + leading zeros of the other bits (a 1 bit below them bounds it).
        byte rank = (byte) (Long.numberOfLeadingZeros((hash << lgK) | (1L << (lgK - 1))) + 1);
        if (registers[register] < rank) {
            registers[register] = rank;
        }
    }

    /** Puts the hash in the table; false when it was there. */
    private boolean insert(long hash) {
        int mask = table.length - 1;
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        while (table[slot] != 0) {
            if (table[slot] == hash) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        table[slot] = hash;
        return true;
    }

    void merge(Visitors other) {
        if (other.registers == null) {
            for (long hash : other.table) {
                if (hash != 0) {
                    add(hash);
                }
            }
            return;
        }
        mergeRegisters(other.registers, 0);
    }

    /** Merges the registers at {@code from[offset...]}, of the same {@code lgK}. */
    void mergeRegisters(byte[] from, int offset) {
        toRegisters();
        for (int i = 0; i < registers.length; i++) {
            registers[i] = (byte) Math.max(registers[i], from[offset + i]);
        }
    }

    /** The exact count, or the HyperLogLog estimate (linear counting while registers are empty). */
    long count() {
        if (registers == null) {
            return size;
        }
        int m = registers.length;
        double sum = 0;
        int zeros = 0;
        for (byte rank : registers) {
            sum += Math.scalb(1.0, -rank);
            if (rank == 0) {
                zeros++;
            }
        }
        double estimate = 0.7213 / (1 + 1.079 / m) * m * (double) m / sum;
        if (estimate <= 2.5 * m && zeros > 0) {
            estimate = m * Math.log((double) m / zeros);
        }
        return Math.round(estimate);
    }

    boolean exact() {
        return registers == null;
    }

    private void toRegisters() {
        if (registers != null) {
            return;
        }
        registers = new byte[1 << lgK];
        for (long hash : table) {
            if (hash != 0) {
                addToRegisters(hash);
            }
        }
        table = null;
        size = 0;
    }

    private void rehash() {
        long[] old = table;
        table = new long[2 * old.length];
        for (long hash : old) {
            if (hash != 0) {
                insert(hash);
            }
        }
    }

    void write(DataOutput out) throws IOException {
        out.writeBoolean(registers != null);
        if (registers != null) {
            out.write(registers);
            return;
        }
        out.writeInt(size);
        for (long hash : table) {
            if (hash != 0) {
                out.writeLong(hash);
            }
        }
    }

    private static Visitors read(DataInput in, int maxExact, int lgK) throws IOException {
        Visitors visitors = new Visitors(maxExact, lgK);
        if (in.readBoolean()) {
            visitors.table = null;
            visitors.registers = new byte[1 << lgK];
            in.readFully(visitors.registers);
            return visitors;
        }
        int size = in.readInt();
        visitors.table = new long[Math.max(8, Integer.highestOneBit(Math.max(1, size)) * 4)];
        for (int i = 0; i < size; i++) {
            visitors.insert(in.readLong());
        }
        visitors.size = size;
        return visitors;
    }
}
