package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;

import javax.annotation.Nullable;

import java.io.Serializable;

/**
 * Turns the bytes of a line into the source's record type, in the reader's fetch thread, where the
 * bytes lie; so a parser needs no {@code String} per line.
 *
 * @param <T> the record type the source emits
 */
@PublicEvolving
public interface LineDecoder<T> extends Serializable, ResultTypeQueryable<T> {

    /** The record for one line, or {@code null} to emit nothing for it. */
    @Nullable
    T decode(Line line);

    /**
     * The record that carries a finished split's read report to the job, or {@code null} (the
     * default) when the job does not want reports in its stream.
     */
    @Nullable
    default T splitReport(SplitReport report) {
        return null;
    }
}
