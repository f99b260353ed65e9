package dev.logslice.sql;

import dev.logslice.format.JsonEscapes;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Rows as JSON objects keyed by column: one array, or one object per line. */
final class JsonRows {
    private JsonRows() {}

    static void write(
            List<String> columns, Iterator<List<Object>> rows, Writer out, boolean oneObjectPerLine)
            throws IOException {
        JsonGenerator json = JsonEscapes.LINES.createGenerator(out);
        if (!oneObjectPerLine) {
            json.writeStartArray();
        }
        while (rows.hasNext()) {
            List<Object> row = rows.next();
            json.writeStartObject();
            for (int i = 0; i < columns.size(); i++) {
                json.writeFieldName(columns.get(i));
                value(json, row.get(i));
            }
            json.writeEndObject();
            if (oneObjectPerLine) {
                json.flush();
                out.write('\n');
            }
        }
        if (!oneObjectPerLine) {
            json.writeEndArray();
            json.flush();
            out.write('\n');
        }
        json.flush();
    }

    private static void value(JsonGenerator json, Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte) {
            json.writeNumber(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            // JSON has no NaN or infinity: they go as the strings Java writes.
            if (Double.isFinite(number)) {
                json.writeNumber(number);
            } else {
                json.writeString(String.valueOf(number));
            }
        } else if (value instanceof BigDecimal decimal) {
            json.writeNumber(decimal);
        } else if (value instanceof Boolean bool) {
            json.writeBoolean(bool);
        } else if (value instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                json.writeFieldName(String.valueOf(entry.getKey()));
                value(json, entry.getValue());
            }
            json.writeEndObject();
        } else if (value instanceof List<?> list) {
            json.writeStartArray();
            for (Object element : list) {
                value(json, element);
            }
            json.writeEndArray();
        } else {
            json.writeString(String.valueOf(value));
        }
    }
}
