package dev.logslice.connector.testing;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.function.SerializableFunction;

import java.util.function.Consumer;

/** A decoder for tests: each line as a record of the test's choice, then each split's report. */
public final class LinesAndReports implements LineDecoder<Object> {
    private static final long serialVersionUID = 1L;

    private final SerializableFunction<Line, Object> lineRecord;

    public LinesAndReports(SerializableFunction<Line, Object> lineRecord) {
        this.lineRecord = lineRecord;
    }

    @Override
    public Object decode(Line line) {
        return lineRecord.apply(line);
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
