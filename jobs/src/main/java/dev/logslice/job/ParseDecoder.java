package dev.logslice.job;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogEventJsonWriter;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.malformed.MalformedLineException;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.FollowedEvents;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Parses lines into events and writes each as a JSON line, in the reader's fetch thread; the bytes
 * go to the ordered output of their split.
 */
public final class ParseDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final LineDecoder<ParseResult> events;
    private final Set<Field> fields;
    private final long limitPerSplit;
    private final boolean strict;

    /** Events that fail one are not written ({@code parse --level error}); malformed lines are. */
    private final List<EventFilter> filters;

    private transient ByteArrayOutputStream buffer;
    private transient LogEventJsonWriter json;
    private transient long written;

    /**
     * @param limitPerSplit events a split writes at most: a {@code --limit} bound, since the first
     *     events of the output can come from any split
     * @param strict whether a malformed line fails the job with {@code file:offset: reason}
     * @param filters what an event must pass to be written
     */
    public ParseDecoder(
            FileFormats formats,
            ZoneId zone,
            EventBounds bounds,
            Set<Field> fields,
            long limitPerSplit,
            boolean strict,
            List<EventFilter> filters) {
        // Each event is folded (written) before the next line: it need not copy the line.
        this(
                LogEventDecoder.transientEvents(formats, zone, bounds),
                fields,
                limitPerSplit,
                strict,
                filters);
    }

    private ParseDecoder(
            LineDecoder<ParseResult> events,
            Set<Field> fields,
            long limitPerSplit,
            boolean strict,
            List<EventFilter> filters) {
        this.events = events;
        this.fields = Set.copyOf(fields);
        this.limitPerSplit = limitPerSplit;
        this.strict = strict;
        this.filters = List.copyOf(filters);
    }

    /**
     * For {@code parse --follow}: each followed file's events assembled apart ({@link
     * FollowedEvents}), the last one written out once its file is quiet for the event timeout.
     */
    public static ParseDecoder following(
            FileFormats formats,
            ZoneId zone,
            EventBounds bounds,
            Set<Field> fields,
            List<EventFilter> filters) {
        return new ParseDecoder(
                FollowedEvents.of(formats, zone, bounds), fields, Long.MAX_VALUE, false, filters);
    }

    @Nullable
    @Override
    public GrepMatch decode(Line line) {
        ParseResult result = events.decode(line);
        return result == null ? null : toJson(line.splitId(), result);
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return events.eventStarts();
    }

    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        return events.followedHeldFrom(splitId);
    }

    @Override
    public void followedFlush(String splitId, Consumer<GrepMatch> output) {
        events.followedFlush(splitId, asJson(splitId, output));
    }

    @Override
    public void finishFile(String splitId, Consumer<GrepMatch> output) {
        events.finishFile(splitId, asJson(splitId, output));
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<GrepMatch> output) {
        events.finishSplit(report, asJson(report.splitId(), output));
        GrepMatch.noteSkips(report, output);
        written = 0;
    }

    /** The results of {@code splitId} as JSON lines to {@code output}. */
    private Consumer<ParseResult> asJson(String splitId, Consumer<GrepMatch> output) {
        return result -> {
            GrepMatch json = toJson(splitId, result);
            if (json != null) {
                output.accept(json);
            }
        };
    }

    @Override
    public void followedOversizedLines(String splitId, long lines, Consumer<GrepMatch> output) {
        output.accept(GrepMatch.oversized(splitId, lines));
    }

    @Nullable
    private GrepMatch toJson(String splitId, ParseResult result) {
        if (result instanceof MalformedLine blank && blank.isBlank()) {
            return null; // no event, and nothing of the log's left out
        }
        if (strict && result instanceof MalformedLine malformed) {
            throw new MalformedLineException(malformed);
        }
        if (result instanceof LogEvent event && !EventFilter.allMatch(filters, event)) {
            return null;
        }
        if (written >= limitPerSplit) {
            return null;
        }
        written++;
        try {
            if (json == null) {
                buffer = new ByteArrayOutputStream();
                json = new LogEventJsonWriter(buffer, fields);
            }
            json.write(result);
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        GrepMatch match = new GrepMatch(splitId, buffer.toByteArray(), 0);
        buffer.reset();
        return match;
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
