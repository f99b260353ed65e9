package dev.logslice.format.multiline;

import dev.logslice.connector.source.Line;
import dev.logslice.format.AnsiEscapes;
import dev.logslice.format.ByteSpan;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import javax.annotation.Nullable;

import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Turns the lines of one file, in order, into events.
 *
 * <p><b>Nothing is lost silently</b>: every line given to {@link #accept} ends up in exactly one
 * emitted event ({@link LogEvent#lineCount()} counts it) or is emitted as a {@link MalformedLine}
 * of its own, with its reason and first bytes. So over a file, the line counts of the events plus
 * the malformed lines are the lines read, for every format (checked by {@code
 * LineAccountingPropertyTest}).
 *
 * <p>For a multi-line format a line that does not start an event joins the pending event only when
 * it looks like a continuation for the format ({@link ContinuationLines}: a stack trace line,
 * {@code Caused by: ...}, an indented line), never merely because its header failed; any other line
 * is malformed, and so are the continuation lines after it or before the file's first event (the
 * trace of a header that failed is not the event before's). The pending event is emitted when the
 * next event starts, a malformed line comes, at {@link #finish()}, or, for a file that grows, at
 * {@link #flushHeld()}, once the parser has {@link LogParser#complete completed} it; it keeps the
 * file and offset of its first line. A line that starts an event but that the parser says {@link
 * LogParser#joinsHeader joins} the pending one's header is one of its lines. An event that grows
 * past its {@link EventBounds} is cut ({@link LogEvent#isCut()}): its further continuation lines
 * are counted in it but not kept. For single-line formats every line is emitted at once.
 */
public final class EventAssembler {
    private final LogParser parser;
    private final ContinuationLines continuations;
    private final EventBounds bounds;
    private final Consumer<ParseResult> sink;

    /** Whether events may span lines, so each waits for the lines that may continue it. */
    private final boolean holdsEvents;

    private final ByteSpan piece = new ByteSpan();
    private final AnsiEscapes escapes = new AnsiEscapes();
    private LogEvent pending;
    private boolean afterMalformed;

    /** Whether the last event was flushed for a timeout ({@link #flushHeld}), none since. */
    private boolean afterTimeout;

    private String failure = "";

    /** An assembler with the format's continuation lines and the default bounds. */
    public EventAssembler(LogFormat format, LogParser parser, Consumer<ParseResult> sink) {
        this(format, parser, EventBounds.DEFAULTS, sink);
    }

    public EventAssembler(
            LogFormat format, LogParser parser, EventBounds bounds, Consumer<ParseResult> sink) {
        this(parser, format.continuationLines(), format.multiLine(), bounds, sink);
    }

    public EventAssembler(
            LogParser parser,
            ContinuationLines continuations,
            EventBounds bounds,
            Consumer<ParseResult> sink) {
        this(parser, continuations, continuations != ContinuationLines.NONE, bounds, sink);
    }

    private EventAssembler(
            LogParser parser,
            ContinuationLines continuations,
            boolean holdsEvents,
            EventBounds bounds,
            Consumer<ParseResult> sink) {
        this.parser = parser;
        this.continuations = continuations;
        this.holdsEvents = holdsEvents;
        this.bounds = bounds;
        this.sink = sink;
    }

    /**
     * Whether a line that starts no event continues the one before it, in the format's way: as a
     * raw line ({@link LogFormat#continuationLines()}) or, in a container log, by its message
     * ({@link LogParser#continuesEvent}); {@code scratch} is overwritten.
     */
    public static boolean continues(
            LogFormat format, LogParser parser, byte[] b, int start, int length, ByteSpan scratch) {
        return format.continuationLines().continues(b, start, length)
                || parser.continuesEvent(b, start, length, scratch);
    }

    /** Takes the next line of the file; its colours (ANSI escapes) are no part of it. */
    public void accept(byte[] bytes, int start, int length, String file, long offset) {
        ByteSpan line = escapes.plain(bytes, start, length);
        acceptPlain(line.bytes(), line.start(), line.length(), file, offset);
    }

    /** {@link #accept(byte[], int, int, String, long)} of a line as its reader gave it. */
    public void accept(Line line, String file) {
        ByteSpan plain = escapes.plain(line);
        acceptPlain(plain.bytes(), plain.start(), plain.length(), file, line.offset());
    }

    private void acceptPlain(byte[] bytes, int start, int length, String file, long offset) {
        if (pending != null && pending.hasUnfinishedLine() && finishesLine(bytes, start, length)) {
            pending.appendRest(
                    piece.bytes(),
                    piece.start(),
                    piece.length(),
                    bounds.maxLines(),
                    bounds.maxBytes());
            return;
        }
        LogEvent event = parseEvent(bytes, start, length, file, offset);
        if (event != null && pending != null && joinsHeader(bytes, start, length)) {
            pending.appendLine(bytes, start, length, bounds.maxLines(), bounds.maxBytes());
            return;
        }
        if (event != null) {
            afterMalformed = false;
            afterTimeout = false;
            flush();
            if (holdsEvents) {
                pending = event;
            } else {
                sink.accept(event);
            }
            return;
        }
        boolean wrapped = continuesEvent(bytes, start, length);
        boolean continues = wrapped || continuations.continues(bytes, start, length);
        if (continues && pending != null) {
            if (wrapped) {
                pending.appendLine(
                        piece.bytes(),
                        piece.start(),
                        piece.length(),
                        bounds.maxLines(),
                        bounds.maxBytes());
                // Only the line right after a cut one is its rest: the source cuts splits so.
                pending.setUnfinishedLine(leavesLineUnfinished(bytes, start, length));
            } else {
                pending.appendLine(bytes, start, length, bounds.maxLines(), bounds.maxBytes());
            }
            return;
        }
        String reason;
        if (!holdsEvents) {
            reason = failure;
        } else if (!continues) {
            reason = failure + ", and continues no event";
        } else if (afterTimeout) {
            reason =
                    "continues an event written out before it came, its file quiet for the event"
                            + " timeout (--event-timeout)";
        } else if (afterMalformed) {
            reason = "continues a malformed line, which " + failure;
        } else {
            reason = "no event starts before this line, which " + failure;
        }
        // What follows a malformed line belongs to it, not to the event before it.
        flush();
        afterMalformed = true;
        sink.accept(MalformedLine.of(file, offset, reason, bytes, start, length));
    }

    private boolean finishesLine(byte[] bytes, int start, int length) {
        try {
            return parser.finishesLine(pending, bytes, start, length, piece);
        } catch (RuntimeException e) {
            // As in parseEvent: a parser bug costs a line, never the job.
            return false;
        }
    }

    private boolean leavesLineUnfinished(byte[] bytes, int start, int length) {
        try {
            return parser.leavesLineUnfinished(bytes, start, length);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean joinsHeader(byte[] bytes, int start, int length) {
        try {
            return parser.joinsHeader(pending, bytes, start, length);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean continuesEvent(byte[] bytes, int start, int length) {
        try {
            return parser.continuesEvent(bytes, start, length, piece);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Emits the pending event; call at the end of the file. */
    public void finish() {
        flush();
    }

    /**
     * The pending event if the line at {@code offset}, just accepted, started it with all its
     * fields (no later line completes them, and the line is not unfinished); null otherwise. A
     * caller may judge the event by them before its other lines come, while the line is there.
     */
    @Nullable
    public LogEvent startedWithItsFields(long offset) {
        return pending != null
                        && pending.offset() == offset
                        && !pending.hasUnfinishedLine()
                        && !parser.completesFromLaterLines()
                ? pending
                : null;
    }

    /**
     * The offset of the pending event's first line, which waits for the lines that may continue it;
     * empty when none is pending.
     */
    public OptionalLong heldFrom() {
        return pending == null ? OptionalLong.empty() : OptionalLong.of(pending.offset());
    }

    /**
     * Emits the pending event as it is, before the end of a file that may grow (a followed file,
     * quiet for a timeout). Lines that would have continued it are malformed then, each with a
     * reason that says so, up to the next event.
     */
    public void flushHeld() {
        if (pending != null) {
            flush();
            afterTimeout = true;
        }
    }

    private LogEvent parseEvent(byte[] bytes, int start, int length, String file, long offset) {
        try {
            LogEvent event = parser.tryParse(bytes, start, length, file, offset);
            if (event == null) {
                failure = parser.failureReason();
            }
            return event;
        } catch (RuntimeException e) {
            // As LogParser#parse: a parser bug costs a line, never the job.
            failure = "parser failure: " + e;
            return null;
        }
    }

    private void flush() {
        if (pending != null) {
            pending.dropTrailingBlankLines();
            try {
                parser.complete(pending);
            } catch (RuntimeException e) {
                // As in parseEvent: a parser bug costs the fields of later lines, not the event.
            }
            sink.accept(pending);
            pending = null;
        }
    }
}
