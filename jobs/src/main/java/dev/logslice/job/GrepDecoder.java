package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.util.function.Consumer;

/** Keeps the lines in which a Java regex finds a match, as {@link GrepMatch}es; parses nothing. */
public final class GrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final LinePattern pattern;

    public GrepDecoder(LinePattern pattern) {
        this.pattern = pattern;
    }

    @Override
    public GrepMatch decode(Line line) {
        return pattern.find(line) ? GrepMatch.ofLine(line) : null;
    }

    @Nullable
    @Override
    public LinePrefilter prefilter() {
        return pattern.prefilter();
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<GrepMatch> output) {
        GrepMatch.noteSkip(report, output);
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
