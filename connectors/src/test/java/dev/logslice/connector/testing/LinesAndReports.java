package dev.logslice.connector.testing;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.function.SerializableFunction;

import javax.annotation.Nullable;

import java.util.function.Consumer;

/**
 * A decoder for tests: each line as a record of the test's choice, then each split's report;
 * optionally with multi-line events, so that splits read past their ends through their last event.
 */
public final class LinesAndReports implements LineDecoder<Object> {
    private static final long serialVersionUID = 1L;

    private final SerializableFunction<Line, Object> lineRecord;
    @Nullable private final SerializableFunction<Line, Boolean> eventStart;

    public LinesAndReports(SerializableFunction<Line, Object> lineRecord) {
        this(lineRecord, null);
    }

    /** Lines for which {@code eventStart} is false continue the event before them. */
    public LinesAndReports(
            SerializableFunction<Line, Object> lineRecord,
            @Nullable SerializableFunction<Line, Boolean> eventStart) {
        this.lineRecord = lineRecord;
        this.eventStart = eventStart;
    }

    @Override
    public Object decode(Line line) {
        return lineRecord.apply(line);
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return eventStart == null ? null : eventStart::apply;
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<Object> output) {
        output.accept(report);
    }

    @Override
    public TypeInformation<Object> getProducedType() {
        return TypeInformation.of(Object.class);
    }
}
