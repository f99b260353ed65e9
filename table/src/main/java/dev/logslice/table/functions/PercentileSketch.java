package dev.logslice.table.functions;

import dev.logslice.connector.runtime.SketchMemory;

import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

import javax.annotation.Nullable;

/**
 * The accumulator of {@link ApproxPercentile}: a KLL sketch of the values, and the fraction the
 * query asked for (the result is computed from the accumulator alone).
 */
public final class PercentileSketch {
    static {
        SketchMemory.load();
    }

    final KllDoublesSketch sketch;
    double fraction = Double.NaN;

    PercentileSketch() {
        this(KllDoublesSketch.newHeapInstance());
    }

    PercentileSketch(KllDoublesSketch sketch) {
        this.sketch = sketch;
    }

    void add(double value, double fraction) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException(
                    "APPROX_PERCENTILE: the fraction " + fraction + " is not between 0 and 1");
        }
        this.fraction = fraction;
        sketch.update(value);
    }

    void merge(PercentileSketch other) {
        if (!other.sketch.isEmpty()) {
            sketch.merge(other.sketch);
            fraction = other.fraction;
        }
    }

    /** The value at the fraction of the values, or null when there were none. */
    @Nullable
    Double quantile() {
        return sketch.isEmpty()
                ? null
                : sketch.getQuantile(fraction, QuantileSearchCriteria.INCLUSIVE);
    }
}
