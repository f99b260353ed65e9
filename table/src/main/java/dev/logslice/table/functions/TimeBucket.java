package dev.logslice.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ScalarFunction;

import javax.annotation.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * {@code TIME_BUCKET(ts, INTERVAL '5' MINUTE)}: the start of the bucket of that size that holds
 * {@code ts}, buckets counted from 1970-01-01 00:00 UTC (so hours and days start at UTC's); for
 * timelines, {@code GROUP BY TIME_BUCKET(ts, ...)}. NULL for a NULL time. The size may come first
 * too, as DuckDB and TimescaleDB write it: {@code TIME_BUCKET(INTERVAL '5' MINUTE, ts)}.
 *
 * <p>A scalar function rather than Flink's window functions: it works on any time column, in batch
 * and streaming alike, and sorts and filters as a plain value. Registered by {@code logslice sql};
 * elsewhere: {@code CREATE TEMPORARY SYSTEM FUNCTION TIME_BUCKET AS
 * 'dev.logslice.table.functions.TimeBucket'}.
 */
@PublicEvolving
public final class TimeBucket extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    public @DataTypeHint("TIMESTAMP_LTZ(3)") Instant eval(
            @Nullable @DataTypeHint("TIMESTAMP_LTZ(3)") Instant ts,
            @DataTypeHint("INTERVAL SECOND(9)") Duration size) {
        return ts == null ? null : Instant.ofEpochMilli(bucketStart(ts.toEpochMilli(), size));
    }

    public @DataTypeHint("TIMESTAMP(3)") LocalDateTime eval(
            @Nullable @DataTypeHint("TIMESTAMP(3)") LocalDateTime ts,
            @DataTypeHint("INTERVAL SECOND(9)") Duration size) {
        if (ts == null) {
            return null;
        }
        long millis = ts.toInstant(ZoneOffset.UTC).toEpochMilli();
        return LocalDateTime.ofInstant(
                Instant.ofEpochMilli(bucketStart(millis, size)), ZoneOffset.UTC);
    }

    public @DataTypeHint("TIMESTAMP_LTZ(3)") Instant eval(
            @DataTypeHint("INTERVAL SECOND(9)") Duration size,
            @Nullable @DataTypeHint("TIMESTAMP_LTZ(3)") Instant ts) {
        return eval(ts, size);
    }

    public @DataTypeHint("TIMESTAMP(3)") LocalDateTime eval(
            @DataTypeHint("INTERVAL SECOND(9)") Duration size,
            @Nullable @DataTypeHint("TIMESTAMP(3)") LocalDateTime ts) {
        return eval(ts, size);
    }

    private static long bucketStart(long epochMillis, Duration size) {
        long millis = size.toMillis();
        if (millis <= 0) {
            throw new IllegalArgumentException(
                    "TIME_BUCKET: the bucket size " + size + " is not a positive interval");
        }
        return Math.floorDiv(epochMillis, millis) * millis;
    }
}
