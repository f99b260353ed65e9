package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineTerminator;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import java.util.regex.Pattern;

/** Keeps the lines in which a Java regex finds a match, as {@link GrepMatch}es. */
public final class GrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;
    private static final byte[] LF = {'\n'};

    private final Pattern pattern;
    private final boolean matchesEverything;

    public GrepDecoder(Pattern pattern) {
        this.pattern = pattern;
        this.matchesEverything = pattern.pattern().isEmpty();
    }

    @Override
    public GrepMatch decode(Line line) {
        if (!matchesEverything && !pattern.matcher(line.toUtf8String()).find()) {
            return null;
        }
        byte[] terminator =
                line.terminator() == LineTerminator.NONE ? LF : line.terminator().bytes();
        byte[] bytes = new byte[line.length() + terminator.length];
        System.arraycopy(line.buffer(), line.start(), bytes, 0, line.length());
        System.arraycopy(terminator, 0, bytes, line.length(), terminator.length);
        return new GrepMatch(line.splitId(), bytes);
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
