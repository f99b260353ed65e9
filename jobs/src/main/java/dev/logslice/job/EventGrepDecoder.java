package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.AnsiEscapes;
import dev.logslice.format.ByteSpan;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.PerFileParser;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Grep on parsed events: keeps the events that pass every field filter and in one of whose lines
 * the regex finds a match, and sends all their lines on, exactly as in the file. Lines that are no
 * event (malformed, before a file's first event, or no continuation line of the format as {@link
 * EventAssembler} tells them) never match; each split's last record counts them.
 *
 * <p>With {@code -v}, an event that passes the filters is kept when none of its lines has a match:
 * its lines are held until it ends. With the options that need them ({@link
 * GrepOptions#structured()}), matches carry their file, first line's index and whether they start
 * an event, and the split's last record counts the events selected per file.
 *
 * <p>The filters look at the fields of an event's first line, so an event that fails them is
 * dropped line by line as it is read. Only the lines of an event that passes them but has not met
 * the regex yet are held, and sent on together with the line that meets it; the lines after that go
 * on one by one. The source keeps each multi-line event whole in one split ({@link
 * #eventStarts()}).
 */
public final class EventGrepDecoder implements LineDecoder<GrepMatch> {
    private static final long serialVersionUID = 1L;

    /** Where the lines of the event being read go. */
    private enum Course {
        /** No event is open: none started in this split yet, or a malformed line ended it. */
        NO_EVENT,
        /** The event failed a filter. */
        DROP,
        /** The event passed the filters; its lines are held until one meets the regex. */
        HOLD,
        /** The event matched; its lines go on. */
        SEND
    }

    private final PerFileParser parser;
    private final LinePattern pattern;
    private final List<EventFilter> filters;

    /** Of GNU grep's options, those that go with events: -v, -c, -l, -m, -n, -H, -o, --color. */
    private final GrepOptions options;

    private Course course = Course.NO_EVENT;
    private long malformed;
    private transient ByteArrayOutputStream held;

    /** The file of the event whose lines are held, and the index in it of its first line. */
    @Nullable private transient Path heldFile;

    private transient long heldFrom;

    /** With {@link GrepOptions#structured()}: the events selected per file. */
    private transient FileMatches matches;

    private transient ByteSpan scratch;
    private transient AnsiEscapes escapes;

    public EventGrepDecoder(
            FileFormats formats,
            ZoneId zone,
            LinePattern pattern,
            List<EventFilter> filters,
            GrepOptions options) {
        if (options.context()) {
            throw new IllegalArgumentException("-A/-B/-C do not go with events yet");
        }
        this.parser = new PerFileParser(formats, zone);
        this.pattern = pattern;
        this.filters = List.copyOf(filters);
        this.options = options;
    }

    @Nullable
    @Override
    public GrepMatch decode(Line line) {
        LogParser lineParser = parser.forFile(line.file(), line.offset());
        // The filters read the line without its colours; the match is written as in the file.
        ByteSpan plain = escapes().plain(line.buffer(), line.start(), line.length());
        // The event only says whether the line passes: it may view the line, not copy it.
        ParseResult result =
                lineParser.parseTransient(
                        plain.bytes(),
                        plain.start(),
                        plain.length(),
                        parser.currentFile(),
                        line.offset());
        GrepMatch ended = null;
        if (result instanceof LogEvent event) {
            ended = endEvent(line.splitId());
            course = passesFilters(event) ? Course.HOLD : Course.DROP;
            heldFile = line.file();
            heldFrom = line.indexInSplitOfFile();
        } else if (course == Course.NO_EVENT
                || !EventAssembler.continues(
                        parser.format(),
                        lineParser,
                        plain.bytes(),
                        plain.start(),
                        plain.length(),
                        scratch())) {
            if (!((MalformedLine) result).isBlank()) {
                malformed++;
            }
            ended = endEvent(line.splitId());
            course = Course.NO_EVENT;
            return ended;
        }
        switch (course) {
            case SEND:
                if (options.onlyMatching()) {
                    byte[] parts = pattern.matchedParts(line);
                    return parts.length == 0 ? null : partsOf(line, parts, false);
                }
                return framed(
                        GrepMatch.ofLine(line), line.file(), line.indexInSplitOfFile(), false);
            case HOLD:
                boolean found = pattern.find(line);
                if (options.invert()) {
                    // Selected when it ends with no line found: held until then.
                    if (found) {
                        course = Course.DROP;
                        held().reset();
                    } else {
                        hold(line);
                    }
                    return ended;
                }
                if (found) {
                    course = Course.SEND;
                    if (options.onlyMatching()) {
                        // The lines held had no match, so no part to write.
                        return partsOf(line, pattern.matchedParts(line), true);
                    }
                    return framed(
                            held().size() == 0 ? GrepMatch.ofLine(line) : heldWith(line),
                            heldFile,
                            heldFrom,
                            true);
                }
                if (parser.format().multiLine() && !options.onlyMatching()) {
                    hold(line);
                }
                return null;
            default:
                return ended;
        }
    }

    /**
     * Ends the event being read: with {@code -v}, its lines if no line had a match; null else. The
     * next event starts with nothing held.
     */
    @Nullable
    private GrepMatch endEvent(String splitId) {
        GrepMatch selected = null;
        if (options.invert() && course == Course.HOLD && held().size() > 0) {
            // As GNU grep, -o writes nothing of a line selected by -v; the event still counts.
            byte[] bytes = options.onlyMatching() ? new byte[0] : held.toByteArray();
            selected = framed(new GrepMatch(splitId, bytes, 0), heldFile, heldFrom, true);
            selected.partsOfOneLine = options.onlyMatching();
        }
        held().reset();
        return selected;
    }

    @Nullable
    @Override
    public Predicate<Line> eventStarts() {
        return parser.eventStarts();
    }

    /**
     * With {@link GrepOptions#structured()}: the match with its file and first line's index, as the
     * start of a selected event (counted in its file) or a continuation of one.
     */
    private GrepMatch framed(GrepMatch match, Path file, long index, boolean startsEvent) {
        if (!options.structured()) {
            return match;
        }
        match.file = matches().switchTo(file);
        match.lineIndex = index;
        match.startsEvent = startsEvent;
        match.continuesEvent = !startsEvent;
        if (startsEvent) {
            matches().select();
        }
        return match;
    }

    /** With -o: the matches of one line of a selected event, starting it or going with it. */
    private GrepMatch partsOf(Line line, byte[] parts, boolean startsEvent) {
        GrepMatch match =
                framed(
                        new GrepMatch(line.splitId(), parts, 0),
                        line.file(),
                        line.indexInSplitOfFile(),
                        startsEvent);
        match.partsOfOneLine = true;
        return match;
    }

    @Override
    public void finishFile(String splitId, Consumer<GrepMatch> output) {
        GrepMatch ended = endEvent(splitId);
        if (ended != null) {
            output.accept(ended);
        }
        course = Course.NO_EVENT;
        // The lines of an event that never met the regex; the next file starts afresh.
        held = null;
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

    private boolean passesFilters(LogEvent event) {
        for (EventFilter filter : filters) {
            if (!filter.matches(event)) {
                return false;
            }
        }
        return true;
    }

    private void hold(Line line) {
        held.write(line.buffer(), line.start(), line.length());
        held.writeBytes(GrepMatch.terminatorOf(line));
    }

    private GrepMatch heldWith(Line line) {
        hold(line);
        GrepMatch match = new GrepMatch(line.splitId(), held.toByteArray(), 0);
        held.reset();
        return match;
    }

    private AnsiEscapes escapes() {
        if (escapes == null) {
            escapes = new AnsiEscapes();
        }
        return escapes;
    }

    private ByteSpan scratch() {
        if (scratch == null) {
            scratch = new ByteSpan();
        }
        return scratch;
    }

    private ByteArrayOutputStream held() {
        if (held == null) {
            held = new ByteArrayOutputStream();
        }
        return held;
    }

    @Override
    public TypeInformation<GrepMatch> getProducedType() {
        return TypeInformation.of(GrepMatch.class);
    }
}
