package dev.logslice.stats;

import dev.logslice.connector.runtime.SketchMemory;

import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;
import org.apache.datasketches.req.ReqSketch;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The times served of a row, in seconds, for its p99: the first {@link #EXACT} as they are, then a
 * relative-error quantile sketch (high rank accuracy: its error shrinks towards the top, where p99
 * lies). Most rows of a busy panel have a handful of events and come and go as the rows kept
 * change; a sketch made for each cost more than the rest of the row.
 */
final class TimesServed {
    static {
        SketchMemory.load();
    }

    /** Times kept as they are before a sketch takes them. */
    static final int EXACT = 16;

    private float[] exact = new float[EXACT];
    private int exactCount;
    @Nullable private ReqSketch sketch;

    void add(float seconds) {
        if (sketch == null && exactCount < EXACT) {
            exact[exactCount++] = seconds;
        } else {
            sketch().update(seconds);
        }
    }

    void merge(TimesServed other) {
        if (other.sketch != null) {
            sketch().merge(other.sketch);
            return;
        }
        for (int i = 0; i < other.exactCount; i++) {
            add(other.exact[i]);
        }
    }

    /** The sketch, made from the exact times when there is none yet. */
    private ReqSketch sketch() {
        if (sketch == null) {
            sketch = ReqSketch.builder().setHighRankAccuracy(true).build();
            for (int i = 0; i < exactCount; i++) {
                sketch.update(exact[i]);
            }
            exact = null;
            exactCount = 0;
        }
        return sketch;
    }

    boolean isEmpty() {
        return sketch == null ? exactCount == 0 : sketch.isEmpty();
    }

    /** The 99th percentile by nearest rank (as the sketch's inclusive criterion); NaN if empty. */
    double p99() {
        if (sketch != null) {
            return sketch.getQuantile(0.99, QuantileSearchCriteria.INCLUSIVE);
        }
        if (exactCount == 0) {
            return Double.NaN;
        }
        float[] sorted = Arrays.copyOf(exact, exactCount);
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(0.99 * exactCount) - 1];
    }

    void write(DataOutput out) throws IOException {
        if (sketch == null) {
            out.writeByte(exactCount);
            for (int i = 0; i < exactCount; i++) {
                out.writeFloat(exact[i]);
            }
        } else {
            out.writeByte(-1);
            Strings.writeBytes(out, sketch.toByteArray());
        }
    }

    static TimesServed read(DataInput in) throws IOException {
        TimesServed read = new TimesServed();
        int count = in.readByte();
        if (count < 0) {
            read.sketch = ReqSketch.heapify(Memory.wrap(Strings.readBytes(in)));
            read.exact = null;
        } else {
            for (int i = 0; i < count; i++) {
                read.exact[read.exactCount++] = in.readFloat();
            }
        }
        return read;
    }
}
