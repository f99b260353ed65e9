package dev.logslice.format.source;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.AnsiEscapes;
import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.multiline.EventBounds;

import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Parses the source's lines into events in its fetch thread, with a parser per file ({@link
 * PerFileParser}) of the file's format.
 *
 * <p>For multi-line formats (Java logs with stack traces) the source keeps every event in the split
 * where its first line starts, asking {@link #eventStarts()} which lines start one; the lines up to
 * the next start go to the same split, where {@link EventAssembler} folds continuation lines into
 * the event before them (emitted when the next one starts or when the split ends) and reports the
 * others malformed.
 */
public final class LogEventDecoder implements LineDecoder<ParseResult> {
    private static final long serialVersionUID = 1L;

    private final PerFileParser perFile;
    private final EventBounds bounds;
    private final boolean transientEvents;
    private transient EventAssembler assembler;
    private transient ArrayDeque<ParseResult> completed;
    private transient AnsiEscapes escapes;

    public LogEventDecoder(LogFormat format, ZoneId zone) {
        this(FileFormats.of(format), zone, EventBounds.DEFAULTS);
    }

    /** Parses each file in its own format. */
    public LogEventDecoder(FileFormats formats, ZoneId zone, EventBounds bounds) {
        this(new PerFileParser(formats, zone), bounds, false);
    }

    private LogEventDecoder(PerFileParser perFile, EventBounds bounds, boolean transientEvents) {
        this.perFile = perFile;
        this.bounds = bounds;
        this.transientEvents = transientEvents;
    }

    /**
     * This decoder, for a consumer that reads only {@code fields} of the events: the formats that
     * can leave the others unset ({@link LogFormat#newParser(ParserContext, Set)}). Lines are
     * events or malformed as they are without it.
     */
    public LogEventDecoder readingOnly(Set<Field> fields) {
        return new LogEventDecoder(perFile.readingOnly(fields), bounds, transientEvents);
    }

    /**
     * A decoder for a consumer that is done with each event before it gives the next line (a fold
     * into counts, a row built from it): an event of a single-line format may then view the line
     * and be the same object each time ({@link LogParser#tryParseTransient}), which spares a copy
     * of every line and an event per line. Multi-line events are still made whole and held.
     */
    public static LogEventDecoder transientEvents(
            FileFormats formats, ZoneId zone, EventBounds bounds) {
        return new LogEventDecoder(new PerFileParser(formats, zone), bounds, true);
    }

    @Nullable
    @Override
    public ParseResult decode(Line line) {
        LogParser lineParser = perFile.forFile(line.file(), line.offset());
        String file = perFile.currentFile();
        if (!perFile.format().multiLine()) {
            return parseLine(lineParser, line, file);
        }
        // A malformed line completes two results, the event before it and itself: the second
        // waits for the next line that completes none, so results keep the lines' order.
        assemble(line, lineParser, file);
        return completed.poll();
    }

    /**
     * As {@link #decode(Line)}, for a consumer that must know which results a line completes: each
     * goes to {@code results} at once. For a single-line format that is the line's own result; for
     * a multi-line one, the event before the line if the line ends it, then the line itself if it
     * is malformed (else the line starts or continues the event being assembled).
     */
    public void decode(Line line, Consumer<ParseResult> results) {
        LogParser lineParser = perFile.forFile(line.file(), line.offset());
        String file = perFile.currentFile();
        if (!perFile.format().multiLine()) {
            results.accept(parseLine(lineParser, line, file));
            return;
        }
        assemble(line, lineParser, file);
        drainTo(results);
    }

    /** Whether the format of the file of the line decoded last is multi-line. */
    public boolean multiLine() {
        return perFile.format().multiLine();
    }

    /**
     * The event the line at {@code offset}, just decoded, started with all its fields, as {@link
     * EventAssembler#startedWithItsFields} tells; null for a single-line format.
     */
    @Nullable
    public LogEvent startedWithItsFields(long offset) {
        return assembler == null ? null : assembler.startedWithItsFields(offset);
    }

    private ParseResult parseLine(LogParser lineParser, Line line, String file) {
        // As the assembler does for multi-line formats: colours are no part of the line.
        if (escapes == null) {
            escapes = new AnsiEscapes();
        }
        ByteSpan plain = escapes.plain(line);
        return transientEvents
                ? lineParser.parseTransient(
                        plain.bytes(), plain.start(), plain.length(), file, line.offset())
                : lineParser.parse(
                        plain.bytes(), plain.start(), plain.length(), file, line.offset());
    }

    private void assemble(Line line, LogParser lineParser, String file) {
        // finishFile and finishSplit drop the assembler, so it holds this file's event.
        if (assembler == null) {
            completed = new ArrayDeque<>(2);
            assembler = new EventAssembler(perFile.format(), lineParser, bounds, completed::add);
        }
        assembler.accept(line, file);
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return perFile.eventStarts();
    }

    /**
     * What this decoder holds, as one followed split's decoder ({@link FollowedEvents}): a result
     * completed but not returned yet, or the event the assembler holds.
     */
    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        if (assembler == null) {
            return OptionalLong.empty();
        }
        ParseResult waiting = completed.peek();
        return waiting != null ? OptionalLong.of(waiting.offset()) : assembler.heldFrom();
    }

    /** Emits all this decoder holds, as one followed split's decoder; see {@link #decode}. */
    @Override
    public void followedFlush(String splitId, Consumer<ParseResult> output) {
        if (assembler != null) {
            // The assembler stays: a trace line that comes late is told as such.
            assembler.flushHeld();
            drainTo(output);
        }
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<ParseResult> output) {
        finishFile(report.splitId(), output);
    }

    @Override
    public void finishFile(String splitId, Consumer<ParseResult> output) {
        if (assembler != null) {
            assembler.finish();
            drainTo(output);
            // The next file or split starts with an event of its own.
            assembler = null;
        }
    }

    private void drainTo(Consumer<ParseResult> output) {
        for (ParseResult result; (result = completed.poll()) != null; ) {
            output.accept(result);
        }
    }

    @Override
    public TypeInformation<ParseResult> getProducedType() {
        return TypeInformation.of(ParseResult.class);
    }
}
