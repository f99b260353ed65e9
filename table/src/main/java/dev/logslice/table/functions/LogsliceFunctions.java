package dev.logslice.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.TableEnvironment;

/** The SQL functions of logslice, by the names queries call them. */
@PublicEvolving
public final class LogsliceFunctions {
    private LogsliceFunctions() {}

    /**
     * Registers {@code APPROX_PERCENTILE} and {@code TIME_BUCKET} for the environment's queries.
     */
    public static void register(TableEnvironment tables) {
        tables.createTemporarySystemFunction("APPROX_PERCENTILE", ApproxPercentile.class);
        tables.createTemporarySystemFunction("TIME_BUCKET", TimeBucket.class);
    }
}
