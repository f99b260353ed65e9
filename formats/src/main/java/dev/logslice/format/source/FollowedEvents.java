package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The events of a followed source: each split's lines go to a {@link LogEventDecoder} of its own,
 * since a reader interleaves the lines of the files it follows, and one assembler would join a
 * trace of one file to an event of another. Each split's decoder tells and flushes what it holds
 * ({@link LineDecoder#followedHeldFrom}, {@link LineDecoder#followedFlush}). For a consumer that is
 * done with each event before the next line, as {@link LogEventDecoder#transientEvents}.
 */
public final class FollowedEvents implements LineDecoder<ParseResult> {
    private static final long serialVersionUID = 1L;

    private final FileFormats formats;
    private final ZoneId zone;
    private final EventBounds bounds;

    /** Tells event starts for the reader: each split's decoder only decodes. */
    private final LogEventDecoder starts;

    private transient Map<String, LogEventDecoder> splits;
    @Nullable private transient String lastSplitId;
    @Nullable private transient LogEventDecoder last;

    public FollowedEvents(FileFormats formats, ZoneId zone, EventBounds bounds) {
        this.formats = formats;
        this.zone = zone;
        this.bounds = bounds;
        this.starts = new LogEventDecoder(formats, zone, bounds);
    }

    @Nullable
    @Override
    public ParseResult decode(Line line) {
        String splitId = line.splitId();
        // The lines of one split come in runs: the map is asked once a run.
        if (!splitId.equals(lastSplitId)) {
            if (splits == null) {
                splits = new HashMap<>();
            }
            last =
                    splits.computeIfAbsent(
                            splitId, id -> LogEventDecoder.transientEvents(formats, zone, bounds));
            lastSplitId = splitId;
        }
        return last.decode(line);
    }

    @Nullable
    @Override
    public Predicate<Line> eventStarts() {
        return starts.eventStarts();
    }

    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        LogEventDecoder split = splitDecoder(splitId);
        return split == null ? OptionalLong.empty() : split.followedHeldFrom(splitId);
    }

    @Override
    public void followedFlush(String splitId, Consumer<ParseResult> output) {
        LogEventDecoder split = splitDecoder(splitId);
        if (split != null) {
            split.followedFlush(splitId, output);
        }
    }

    @Override
    public void finishFile(String splitId, Consumer<ParseResult> output) {
        LogEventDecoder split = splitDecoder(splitId);
        if (split != null) {
            split.finishFile(splitId, output);
        }
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<ParseResult> output) {
        finishFile(report.splitId(), output);
        if (splits != null) {
            splits.remove(report.splitId());
        }
        if (report.splitId().equals(lastSplitId)) {
            lastSplitId = null;
            last = null;
        }
    }

    @Nullable
    private LogEventDecoder splitDecoder(String splitId) {
        return splits == null ? null : splits.get(splitId);
    }

    @Override
    public TypeInformation<ParseResult> getProducedType() {
        return TypeInformation.of(ParseResult.class);
    }
}
