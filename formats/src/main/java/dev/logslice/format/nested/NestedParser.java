package dev.logslice.format.nested;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.multiline.ContinuationLines;

import javax.annotation.Nullable;

import java.util.Map;
import java.util.Objects;

/**
 * Parses a line with the outer format, then its message with an inner one: the inner event's fields
 * replace the outer's (message, level, logger...), but an outer timestamp stays, as it has a date
 * and zone (docker compose's lines have none of their own); {@code extra.innerFormat} names the
 * inner format.
 */
final class NestedParser implements LogParser {
    private final LogParser outer;
    private final InnerMessageParser inner;
    private final boolean container;
    private final ByteSpan message = new ByteSpan();
    @Nullable private String failure;

    NestedParser(LogParser outer, InnerMessageParser inner, boolean container) {
        this.outer = outer;
        this.inner = inner;
        this.container = container;
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset) {
        failure = null;
        LogEvent event = outerLine(bytes, start, length, file, offset);
        boolean cut = event != null && container && isPartial(event);
        if (event != null && container) {
            event.setUnfinishedLine(cut);
            event.setFirstLineCut(cut);
        }
        if (event == null || !event.span(Field.MESSAGE, message) || message.length() == 0) {
            return event;
        }
        if (container && isContinuation(message)) {
            failure = "its message continues the program's line before (a stack trace or indented)";
            return null;
        }
        if (!cut) {
            parseInner(event);
        }
        return event;
    }

    /**
     * A program's line the runtime cut (a JSON line of a long stack trace, say) is read in its
     * format once its rest has come, or as far as it goes.
     */
    @Override
    public void complete(LogEvent event) {
        if (container
                && event.isFirstLineCut()
                && event.span(Field.MESSAGE, message)
                && message.length() > 0) {
            parseInner(event);
        }
    }

    /** Reads the event's message, in {@link #message}, in the inner formats. */
    private void parseInner(LogEvent event) {
        LogEvent program =
                inner.parse(
                        message.bytes(),
                        message.start(),
                        message.length(),
                        event.file(),
                        event.offset());
        if (program != null) {
            copyFields(program, event);
            event.putExtra("innerFormat", inner.formatName());
        }
    }

    /**
     * The outer format's event of a line; a container's line is of stdout or stderr, so that words
     * after a time (what {@code kubectl logs --timestamps} writes) are no CRI stream and tag.
     */
    @Nullable
    private LogEvent outerLine(byte[] bytes, int start, int length, String file, long offset) {
        LogEvent event = outer.tryParse(bytes, start, length, file, offset);
        Object stream = event == null || !container ? null : event.extra().get("stream");
        if (stream != null && !"stdout".equals(stream) && !"stderr".equals(stream)) {
            failure = "the stream is neither stdout nor stderr";
            return null;
        }
        return event;
    }

    private static void copyFields(LogEvent from, LogEvent to) {
        for (Field field : Field.values()) {
            if ((field == Field.TIMESTAMP && to.hasValue(Field.TIMESTAMP))
                    || field == Field.EXTRA
                    || field == Field.FILE
                    || field == Field.OFFSET
                    || !from.has(field)) {
                continue;
            }
            if (!from.hasValue(field)) {
                to.setNull(field);
            } else if (field == Field.TIMESTAMP) {
                to.setTimestamp(from.epochSecond(), from.nanos(), from.offsetSeconds());
            } else if (field.kind() == Field.Kind.STRING) {
                to.setString(field, from.string(field));
            } else if (field == Field.REQUEST_TIME) {
                to.setRequestTime(from.requestTime());
            } else {
                to.setInteger(field, (Long) from.value(field));
            }
        }
        for (Map.Entry<String, Object> entry : from.extra().entrySet()) {
            to.putExtra(entry.getKey(), entry.getValue());
        }
    }

    @Override
    public boolean continuesEvent(byte[] bytes, int start, int length, ByteSpan piece) {
        if (!container) {
            return false;
        }
        LogEvent line = outerLine(bytes, start, length, "", 0);
        return line != null
                && line.span(Field.MESSAGE, piece)
                && piece.length() > 0
                && isContinuation(piece);
    }

    @Override
    public boolean leavesLineUnfinished(byte[] bytes, int start, int length) {
        if (!container) {
            return false;
        }
        LogEvent line = outerLine(bytes, start, length, "", 0);
        return line != null && isPartial(line);
    }

    @Override
    public boolean finishesLine(
            LogEvent unfinished, byte[] bytes, int start, int length, ByteSpan piece) {
        if (!container) {
            return false;
        }
        LogEvent line = outerLine(bytes, start, length, "", 0);
        // CRI interleaves stdout and stderr: the rest of a line comes in the line's own stream.
        if (line == null
                || !Objects.equals(line.extra().get("stream"), unfinished.extra().get("stream"))
                || !line.span(Field.MESSAGE, piece)) {
            return false;
        }
        unfinished.setUnfinishedLine(isPartial(line));
        return true;
    }

    /**
     * The runtime cut the program's line, whose rest is the next line's: CRI's {@code P} tag, or
     * the outer parser's mark (a Docker message without its line end).
     */
    private static boolean isPartial(LogEvent line) {
        return line.hasUnfinishedLine() || "P".equals(line.extra().get("tag"));
    }

    private static boolean isContinuation(ByteSpan text) {
        return ContinuationLines.STACK_TRACES.continues(text.bytes(), text.start(), text.length());
    }

    @Override
    public String failureReason() {
        return failure != null ? failure : outer.failureReason();
    }
}
