package dev.logslice.job;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitDecoders;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Grep on parsed events: keeps the events that pass every field filter and in one of whose lines
 * the regex finds a match, and sends all their lines on, exactly as in the file. Lines that are no
 * event (malformed, before a file's first event, or no continuation line of the format as {@link
 * EventAssembler} tells them) never match; each split's last record counts them.
 *
 * <p>With {@code -v}, an event that passes the filters is kept when none of its lines has a match.
 * With the options that need them ({@link GrepOptions#structured()}), a kept event carries its file
 * and its lines' indexes, and the split's last record counts the events selected per file.
 *
 * <p>The events are those {@link EventAssembler} makes, as stats and sql see them, and the filters
 * judge each once it has all its lines: a format may take fields from an event's later lines
 * ({@link LogParser#complete}: the slow query log's time is in its {@code SET timestamp} line). So
 * the lines of a multi-line event are held until it ends; the source keeps each such event whole in
 * one split ({@link #eventStarts()}). A single-line format's line is judged as it comes.
 */
public final class EventGrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    private final LogEventDecoder events;
    private final LinePattern pattern;
    private final List<EventFilter> filters;

    /** Of GNU grep's options, those that go with events: -v, -c, -l, -m, -n, -H, -o, --color. */
    private final GrepOptions options;

    private long malformed;

    /** The lines of the event being assembled, or of the line being judged. */
    private transient HeldLines held;

    private transient Consumer<ParseResult> results;

    /** The line being decoded; null while a file is finished. */
    @Nullable private transient Line current;

    /** Whether {@link #current} was malformed or judged as an event of its own. */
    private transient boolean currentDone;

    /**
     * Whether the event being assembled failed the filters on its first line, which held all its
     * fields: its lines need not be held.
     */
    private transient boolean dropping;

    /** What the results of the line or file being finished selected, or null. */
    @Nullable private transient GrepMatch selected;

    /** With {@link GrepOptions#structured()}: the events selected per file. */
    private transient FileMatches matches;

    public EventGrepDecoder(
            FileFormats formats,
            ZoneId zone,
            LinePattern pattern,
            List<EventFilter> filters,
            GrepOptions options) {
        if (options.context()) {
            throw new IllegalArgumentException("-A/-B/-C do not go with events yet");
        }
        // The filters only read each event, their fields only, before the next line comes: it
        // need not copy the line.
        this.events =
                LogEventDecoder.transientEvents(formats, zone, EventBounds.DEFAULTS)
                        .readingOnly(
                                filters.stream()
                                        .map(EventFilter::field)
                                        .collect(Collectors.toSet()));
        this.pattern = pattern;
        this.filters = List.copyOf(filters);
        this.options = options;
    }

    @Nullable
    @Override
    public GrepMatch decode(Line line) {
        current = line;
        currentDone = false;
        selected = null;
        events.decode(line, results());
        if (!currentDone) {
            // It starts or continues the event being assembled.
            LogEvent started = events.startedWithItsFields(line.offset());
            if (started != null) {
                dropping = !EventFilter.allMatch(filters, started);
            }
            if (!dropping) {
                held().add(line);
            }
        }
        return selected;
    }

    /**
     * A result of the line being decoded (or of the file being finished): the event held before it,
     * or the line itself as a single-line format's event or as malformed.
     */
    private void judge(ParseResult result) {
        if (result instanceof LogEvent event) {
            boolean ownLine = current != null && !events.multiLine();
            if (!dropping && EventFilter.allMatch(filters, event)) {
                if (ownLine) {
                    held().add(current);
                }
                // One event at most per line: the one before it, or its own.
                selected = selection();
            }
            held().clear();
            dropping = false;
            currentDone |= ownLine;
            return;
        }
        if (!((MalformedLine) result).isBlank()) {
            malformed++;
        }
        currentDone = true;
    }

    /** What the held event, which passed the filters, sends on; null when it is not selected. */
    @Nullable
    private GrepMatch selection() {
        int found = firstFound();
        if (options.invert() == (found >= 0)) {
            return null;
        }
        if (!options.onlyMatching()) {
            return framed(held.copy(), held.indexes(), held.ends());
        }
        if (options.invert()) {
            // As GNU grep, -o writes nothing of a line selected by -v; the event still counts.
            return framed(new byte[0], new long[] {held.index(0)}, new int[1]);
        }
        return matchedParts(found);
    }

    /** The first held line in which the regex finds a match, or -1. */
    private int firstFound() {
        for (int i = 0; i < held.count(); i++) {
            if (pattern.find(held.buffer(), held.start(i), held.length(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * With -o: the matches of the held lines from {@code found}, the first with a match; it counts
     * even when its matches are empty, the lines after it only when they have some.
     */
    private GrepMatch matchedParts(int found) {
        ByteArrayOutputStream parts = new ByteArrayOutputStream();
        long[] lines = new long[held.count() - found];
        int[] ends = new int[lines.length];
        int count = 0;
        for (int i = found; i < held.count(); i++) {
            byte[] line = pattern.matchedParts(held.buffer(), held.start(i), held.length(i));
            if (i == found || line.length > 0) {
                parts.writeBytes(line);
                lines[count] = held.index(i);
                ends[count++] = parts.size();
            }
        }
        return framed(parts.toByteArray(), Arrays.copyOf(lines, count), Arrays.copyOf(ends, count));
    }

    /**
     * The held event's match of {@code bytes}; with {@link GrepOptions#structured()} also its file
     * and the index and end of each of its {@code lines}, counted as selected in its file.
     */
    private GrepMatch framed(byte[] bytes, long[] lines, int[] ends) {
        GrepMatch match = new GrepMatch(held.splitId(), bytes, 0);
        if (options.structured()) {
            match.file = matches().switchTo(held.file());
            match.eventLines = lines;
            match.eventLineEnds = ends;
            matches().select();
        }
        return match;
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return events.eventStarts();
    }

    /**
     * For {@code grep --follow}: each followed split's events judged by a decoder of its own, the
     * last one once its file is quiet for the event timeout, as {@code parse --follow} writes them.
     */
    public static LineDecoder<GrepMatch> following(
            FileFormats formats,
            ZoneId zone,
            LinePattern pattern,
            List<EventFilter> filters,
            GrepOptions options) {
        return new SplitDecoders<>(
                () -> new EventGrepDecoder(formats, zone, pattern, filters, options));
    }

    @Override
    public void finishFile(String splitId, Consumer<GrepMatch> output) {
        judgeHeld(output, results -> events.finishFile(splitId, results));
        // A long event's lines are not kept past its file.
        held = null;
    }

    /** The event held is judged as it is; a trace line that comes later is malformed. */
    @Override
    public void followedFlush(String splitId, Consumer<GrepMatch> output) {
        judgeHeld(output, results -> events.followedFlush(splitId, results));
    }

    /** Sends on the held event if {@code release} has it judged and selected. */
    private void judgeHeld(Consumer<GrepMatch> output, Consumer<Consumer<ParseResult>> release) {
        current = null;
        selected = null;
        release.accept(results());
        if (selected != null) {
            output.accept(selected);
        }
        dropping = false;
    }

    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        return events.followedHeldFrom(splitId);
    }

    /** A followed split may never end: its malformed lines are counted as they come. */
    @Override
    public void followedPollDone(String splitId, Consumer<GrepMatch> output) {
        if (malformed > 0) {
            output.accept(GrepMatch.malformed(splitId, malformed));
            malformed = 0;
        }
    }

    @Override
    public void followedOversizedLines(String splitId, long lines, Consumer<GrepMatch> output) {
        output.accept(GrepMatch.oversized(splitId, lines));
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<GrepMatch> output) {
        // The last event first: the counts below take it in.
        finishFile(report.splitId(), output);
        if (malformed > 0) {
            output.accept(GrepMatch.malformed(report.splitId(), malformed));
        }
        if (options.structured()) {
            output.accept(matches().summary(report));
        }
        GrepMatch.noteSkips(report, output);
        malformed = 0;
    }

    private FileMatches matches() {
        if (matches == null) {
            matches = new FileMatches();
        }
        return matches;
    }

    private Consumer<ParseResult> results() {
        if (results == null) {
            results = this::judge;
        }
        return results;
    }

    private HeldLines held() {
        if (held == null) {
            held = new HeldLines();
        }
        return held;
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
