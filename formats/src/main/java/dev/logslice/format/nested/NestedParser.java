package dev.logslice.format.nested;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;

import javax.annotation.Nullable;

import java.util.Map;

/**
 * Parses a line with the outer format, then its message with an inner one: the inner event's fields
 * replace the outer's (message, level, logger...), but the outer timestamp stays, as it is always
 * there and has a date and zone; {@code extra.innerFormat} names the inner format.
 */
final class NestedParser implements LogParser {
    private final LogParser outer;
    private final InnerMessageParser inner;
    private final ByteSpan message = new ByteSpan();

    NestedParser(LogParser outer, InnerMessageParser inner) {
        this.outer = outer;
        this.inner = inner;
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset) {
        LogEvent event = outer.tryParse(bytes, start, length, file, offset);
        if (event == null || !event.span(Field.MESSAGE, message) || message.length() == 0) {
            return event;
        }
        LogEvent program =
                inner.parse(message.bytes(), message.start(), message.length(), file, offset);
        if (program != null) {
            copyFields(program, event);
            event.putExtra("innerFormat", inner.formatName());
        }
        return event;
    }

    private static void copyFields(LogEvent from, LogEvent to) {
        for (Field field : Field.values()) {
            if (field == Field.TIMESTAMP
                    || field == Field.EXTRA
                    || field == Field.FILE
                    || field == Field.OFFSET
                    || !from.has(field)) {
                continue;
            }
            if (!from.hasValue(field)) {
                to.setNull(field);
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
    public String failureReason() {
        return outer.failureReason();
    }
}
