package dev.logslice.stats;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Distinct visitors as GoAccess counts them: the same client, day and user agent are one visitor
 * ({@link #hash}). Exact (a set of 64-bit hashes) up to a bound, then a HyperLogLog estimate, so
 * memory stays bounded however many visitors come; sets and sketches merge in any order.
 */
final class Visitors {
    /** A day's visitors: exact up to 65,536, then about 0.8% error. */
    static final int DAY_EXACT = 1 << 16;

    static final int DAY_LG_K = 14;

    /** A row's visitors: exact up to 32 (512 bytes), then about 3% error in 1 KiB. */
    static final int ROW_EXACT = 32;

    static final int ROW_LG_K = 10;

    private final int maxExact;
    private final int lgK;

    /** Open addressing of the hashes while exact; 0 marks an empty slot (no hash is 0). */
    @Nullable private long[] table = new long[8];

    private int size;
    @Nullable private HllSketch sketch;

    Visitors(int maxExact, int lgK) {
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
     * agent (0 if none), and the day of the visit.
     */
    static long hash(long clientHash, long agentHash, long day) {
        long h = (clientHash ^ Long.rotateLeft(agentHash, 17)) * 0x9E3779B97F4A7C15L;
        h = Long.rotateLeft(h, 31) ^ day * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 29;
        return h == 0 ? 1 : h;
    }

    void add(long hash) {
        if (sketch != null) {
            sketch.update(hash);
            return;
        }
        int mask = table.length - 1;
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        while (table[slot] != 0) {
            if (table[slot] == hash) {
                return;
            }
            slot = (slot + 1) & mask;
        }
        table[slot] = hash;
        if (++size > maxExact) {
            toSketch();
        } else if (size * 2 > table.length) {
            rehash(2 * table.length);
        }
    }

    void merge(Visitors other) {
        if (other.sketch == null) {
            for (long hash : other.table) {
                if (hash != 0) {
                    add(hash);
                }
            }
            return;
        }
        toSketch();
        Union union = new Union(lgK);
        union.update(sketch);
        union.update(other.sketch);
        sketch = union.getResult(TgtHllType.HLL_8);
    }

    long count() {
        return sketch == null ? size : Math.round(sketch.getEstimate());
    }

    boolean exact() {
        return sketch == null;
    }

    private void toSketch() {
        if (sketch != null) {
            return;
        }
        sketch = new HllSketch(lgK, TgtHllType.HLL_8);
        for (long hash : table) {
            if (hash != 0) {
                sketch.update(hash);
            }
        }
        table = null;
        size = 0;
    }

    private void rehash(int capacity) {
        long[] old = table;
        table = new long[capacity];
        size = 0;
        for (long hash : old) {
            if (hash != 0) {
                add(hash);
            }
        }
    }

    void write(DataOutput out) throws IOException {
        out.writeBoolean(sketch != null);
        if (sketch != null) {
            Strings.writeBytes(out, sketch.toCompactByteArray());
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
            visitors.sketch = HllSketch.heapify(Strings.readBytes(in));
            return visitors;
        }
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            visitors.add(in.readLong());
        }
        return visitors;
    }
}
