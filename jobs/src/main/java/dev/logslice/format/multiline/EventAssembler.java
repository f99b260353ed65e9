package dev.logslice.format.multiline;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import java.util.function.Consumer;

/**
 * Turns the lines of one file, in order, into events. For a multi-line format a line that does not
 * start an event (a stack trace line, {@code Caused by: ...}, any line the layout does not read) is
 * appended to the pending event, which is emitted when the next event starts or at {@link
 * #finish()}; it keeps the file and offset of its first line. Lines before the first event of a
 * file have no event to join and are malformed. For single-line formats every line is emitted at
 * once.
 */
public final class EventAssembler {
    /** Default cap on an event's bytes; continuation lines past it are counted, not kept. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 1 << 20;

    private final LogParser parser;
    private final boolean multiLine;
    private final int maxEventBytes;
    private final Consumer<ParseResult> sink;
    private LogEvent pending;
    private boolean seenEvent;
    private String failure = "";

    public EventAssembler(LogFormat format, LogParser parser, Consumer<ParseResult> sink) {
        this(parser, format.multiLine(), DEFAULT_MAX_EVENT_BYTES, sink);
    }

    public EventAssembler(
            LogParser parser, boolean multiLine, int maxEventBytes, Consumer<ParseResult> sink) {
        this.parser = parser;
        this.multiLine = multiLine;
        this.maxEventBytes = maxEventBytes;
        this.sink = sink;
    }

    /** Takes the next line of the file. */
    public void accept(byte[] bytes, int start, int length, String file, long offset) {
        LogEvent event = parseEvent(bytes, start, length, file, offset);
        if (event != null) {
            seenEvent = true;
            flush();
            if (multiLine) {
                pending = event;
            } else {
                sink.accept(event);
            }
        } else if (multiLine && pending != null) {
            pending.appendLine(bytes, start, length, maxEventBytes);
        } else {
            String reason =
                    multiLine ? "no event starts before this line, which " + failure : failure;
            sink.accept(MalformedLine.of(file, offset, reason, bytes, start, length));
        }
    }

    /**
     * Whether a following continuation line would belong here: an event is open, or (for a
     * multi-line format) no event has started yet, so such a line is malformed here.
     */
    public boolean isOpen() {
        return multiLine && (pending != null || !seenEvent);
    }

    /**
     * Takes a line that may only continue what is open (a line past the end of the reader's split):
     * appends it to the open event (or reports it malformed before the first event) and returns
     * true, or returns false without using it when it starts an event of its own.
     */
    public boolean acceptContinuation(
            byte[] bytes, int start, int length, String file, long offset) {
        if (!isOpen() || startsEvent(bytes, start, length, file, offset)) {
            return false;
        }
        accept(bytes, start, length, file, offset);
        return true;
    }

    /** Whether a line starts an event (and so is no continuation line). */
    boolean startsEvent(byte[] bytes, int start, int length, String file, long offset) {
        return parseEvent(bytes, start, length, file, offset) != null;
    }

    /** Emits the pending event; call at the end of the file. */
    public void finish() {
        flush();
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
            sink.accept(pending);
            pending = null;
        }
    }
}
