package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.util.function.Consumer;

/**
 * Keeps the lines in which a Java regex finds a match (or, with {@code -v}, does not), as {@link
 * GrepMatch}es; parses nothing. With the options that need them, matches carry their file and line
 * index, and a split's last record the counts per file (see {@link GrepOutput}).
 */
public final class GrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final LinePattern pattern;
    private final GrepOptions options;

    private transient FileMatches matches;

    /** With {@link GrepOptions#context()}: the lines around the selected ones; else null. */
    @Nullable private transient ContextLines context;

    public GrepDecoder(LinePattern pattern, GrepOptions options) {
        this.pattern = pattern;
        this.options = options;
    }

    @Nullable
    @Override
    public GrepMatch decode(Line line) {
        boolean selected = pattern.find(line) != options.invert();
        if (!selected && !options.context()) {
            return null;
        }
        String fileName = matches().switchTo(line.file());
        // Past -m, a line is no longer selected: at most context of the last one that was.
        selected &= options.maxCount() < 0 || matches().current() < options.maxCount();
        GrepMatch match = null;
        if (selected) {
            matches().select();
            if (options.countsOnly()) {
                match = null;
            } else if (options.context()) {
                match = context().selected(line);
            } else if (options.onlyMatching()) {
                match = new GrepMatch(line.splitId(), pattern.matchedParts(line), 0);
                match.lineIndex = line.indexInSplitOfFile();
            } else {
                match = GrepMatch.ofLine(line);
                match.lineIndex = line.indexInSplitOfFile();
            }
        } else if (options.context()) {
            match = context().other(line);
        }
        if (options.context()) {
            context().hold(line);
        }
        if (match != null && options.structured()) {
            match.file = fileName;
        }
        return match;
    }

    private ContextLines context() {
        if (context == null) {
            context = new ContextLines(options.before(), options.after());
        }
        return context;
    }

    /**
     * With context: the last lines of the file that may precede a selected line of the next split.
     */
    private void sendTail(String splitId, Consumer<GrepMatch> output) {
        if (context == null) {
            return;
        }
        GrepMatch tail = context.finishFile(splitId);
        if (tail != null) {
            tail.file = matches().currentName();
            output.accept(tail);
        }
    }

    /** The prefilter of the regex; none with {@code -v}, which selects the lines without it. */
    @Nullable
    @Override
    public LinePrefilter prefilter() {
        // Context needs the lines around a match, which the literal search skips.
        return options.invert() || options.context() ? null : pattern.prefilter();
    }

    @Override
    public void finishFile(String splitId, Consumer<GrepMatch> output) {
        sendTail(splitId, output);
        matches().switchTo(null);
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<GrepMatch> output) {
        sendTail(report.splitId(), output);
        GrepMatch summary = matches().summary(report);
        if (options.structured()) {
            output.accept(summary);
        }
        GrepMatch.noteSkips(report, output);
    }

    @Override
    public void followedOversizedLines(String splitId, long lines, Consumer<GrepMatch> output) {
        output.accept(GrepMatch.oversized(splitId, lines));
    }

    private FileMatches matches() {
        if (matches == null) {
            matches = new FileMatches();
        }
        return matches;
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
