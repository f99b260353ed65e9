package dev.logslice.format;

import dev.logslice.format.time.IsoTimestamps;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Writes events as JSON lines, one object per event with the fields in {@link Field} order, and
 * malformed lines as {@code {"malformed": true, "file", "offset", "reason"}}. Fields the format
 * does not have are left out; fields it has without a value are written as null. ASCII spans go out
 * as bytes without being decoded to a String. Not thread-safe; {@link #close} flushes but leaves
 * the stream open.
 */
public final class LogEventJsonWriter implements Closeable, Flushable {
    private final JsonGenerator json;
    private final Set<Field> fields;
    private final char[] timestamp = new char[40];

    /** A writer of all fields. */
    public LogEventJsonWriter(OutputStream out) throws IOException {
        this(out, EnumSet.allOf(Field.class));
    }

    /** A writer of the given fields only (a {@code --fields} selection). */
    public LogEventJsonWriter(OutputStream out, Set<Field> fields) throws IOException {
        this.json = JsonEscapes.LINES.createGenerator(out);
        this.fields = EnumSet.copyOf(fields);
    }

    /** Writes an event or a malformed line, then a line feed. */
    public void write(ParseResult result) throws IOException {
        if (result instanceof LogEvent) {
            writeEvent((LogEvent) result);
        } else {
            writeMalformed((MalformedLine) result);
        }
    }

    private void writeEvent(LogEvent event) throws IOException {
        json.writeStartObject();
        for (Field field : fields) {
            if (event.has(field)) {
                json.writeFieldName(field.jsonName());
                writeValue(event, field);
            }
        }
        json.writeEndObject();
        endLine();
    }

    private void writeMalformed(MalformedLine line) throws IOException {
        json.writeStartObject();
        json.writeBooleanField("malformed", true);
        json.writeStringField("file", line.file());
        json.writeNumberField("offset", line.offset());
        json.writeStringField("reason", line.reason());
        json.writeEndObject();
        endLine();
    }

    private void writeValue(LogEvent event, Field field) throws IOException {
        if (!event.hasValue(field)) {
            json.writeNull();
            return;
        }
        switch (field.kind()) {
            case TIMESTAMP:
                int length =
                        IsoTimestamps.format(
                                event.epochSecond(),
                                event.nanos(),
                                event.offsetSeconds(),
                                timestamp);
                json.writeString(timestamp, 0, length);
                break;
            case STRING:
                if (field == Field.LEVEL) {
                    // One name per level, as stats reports it.
                    json.writeString(Severity.reportedName(event.level()));
                } else if (field != Field.FILE && event.isAsciiSpan(field)) {
                    int start = event.spanStart(field);
                    json.writeUTF8String(event.text(), start, event.spanEnd(field) - start);
                } else {
                    json.writeString((String) event.value(field));
                }
                break;
            case MAP:
                writeExtra(event.extra());
                break;
            default:
                writeScalar(event.value(field));
        }
    }

    private void writeExtra(Map<String, Object> extra) throws IOException {
        json.writeStartObject();
        for (Map.Entry<String, Object> entry : extra.entrySet()) {
            json.writeFieldName(entry.getKey());
            writeScalar(entry.getValue());
        }
        json.writeEndObject();
    }

    private void writeScalar(Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Long) {
            json.writeNumber((Long) value);
        } else if (value instanceof Double) {
            json.writeNumber((Double) value);
        } else if (value instanceof Boolean) {
            json.writeBoolean((Boolean) value);
        } else {
            json.writeString(value.toString());
        }
    }

    private void endLine() throws IOException {
        json.writeRaw('\n');
    }

    @Override
    public void flush() throws IOException {
        json.flush();
    }

    @Override
    public void close() throws IOException {
        json.close();
    }
}
