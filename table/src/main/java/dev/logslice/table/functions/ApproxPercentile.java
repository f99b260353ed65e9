package dev.logslice.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.functions.AggregateFunction;

import javax.annotation.Nullable;

/**
 * {@code APPROX_PERCENTILE(value, fraction)}: the value below which {@code fraction} (0 to 1) of
 * the group's values lie, from a DataSketches KLL sketch (rank error about 1.3% at the default
 * size); NULL values are left out, a group of none gives NULL.
 *
 * <p>Unlike Flink's exact {@code PERCENTILE}, which keeps every distinct value of a group, the
 * sketch is a few kilobytes and merges: the local aggregate in the readers' task sends only it.
 * Registered by {@code logslice sql}; elsewhere: {@code CREATE TEMPORARY SYSTEM FUNCTION
 * APPROX_PERCENTILE AS 'dev.logslice.table.functions.ApproxPercentile'}.
 */
@PublicEvolving
@FunctionHint(
        accumulator =
                @DataTypeHint(
                        value = "RAW",
                        bridgedTo = PercentileSketch.class,
                        rawSerializer = PercentileSketchSerializer.class))
public final class ApproxPercentile extends AggregateFunction<Double, PercentileSketch> {
    private static final long serialVersionUID = 1L;

    @Override
    public PercentileSketch createAccumulator() {
        return new PercentileSketch();
    }

    public void accumulate(PercentileSketch sketch, @Nullable Double value, Double fraction) {
        if (value != null) {
            sketch.add(value, fraction);
        }
    }

    public void merge(PercentileSketch sketch, Iterable<PercentileSketch> others) {
        for (PercentileSketch other : others) {
            sketch.merge(other);
        }
    }

    @Override
    @Nullable
    public Double getValue(PercentileSketch sketch) {
        return sketch.quantile();
    }
}
