package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import java.util.function.Consumer;
import java.util.regex.Pattern;

/** Keeps the lines in which a Java regex finds a match, as {@link GrepMatch}es; parses nothing. */
public final class GrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final LinePattern pattern;

    public GrepDecoder(Pattern pattern) {
        this.pattern = new LinePattern(pattern);
    }

    @Override
    public GrepMatch decode(Line line) {
        return pattern.find(line) ? GrepMatch.ofLine(line) : null;
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
