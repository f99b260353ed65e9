package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import java.util.function.Consumer;

/** Finds every line but emits only each split's read report: what {@code scan} measures. */
public final class SplitReportDecoder implements LineDecoder<SplitReport> {
    private static final long serialVersionUID = 1L;

    @Override
    public SplitReport decode(Line line) {
        return null;
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<SplitReport> output) {
        output.accept(report);
    }

    @Override
    public TypeInformation<SplitReport> getProducedType() {
        return TypeInformation.of(SplitReport.class);
    }
}
