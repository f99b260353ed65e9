package dev.logslice.stats;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.Severity;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;

/**
 * A field {@code stats --top-field} ranks: an event field by its JSON name ({@code status}, {@code
 * level}, {@code logger}), a key of {@code extra} as {@code extra.KEY}, or any other name as a key
 * of {@code extra} ({@code query} or Zeek's {@code id.resp_h} in a JSON log). A key that the format
 * maps to a field (Zeek's {@code id.orig_h} is {@code client}) is ranked by the field's name.
 * Levels are counted by their reported name ({@link Severity#reportedName}), as everywhere else.
 */
record TopField(String name, @Nullable Field field, @Nullable String extraKey) {
    private static final String EXTRA_PREFIX = "extra.";

    static TopField of(String name) {
        if (name.startsWith(EXTRA_PREFIX)) {
            return new TopField(name, null, name.substring(EXTRA_PREFIX.length()));
        }
        Field field = Field.byJsonName(name);
        return field != null && field != Field.EXTRA
                ? new TopField(name, field, null)
                : new TopField(name, null, name);
    }

    /** Counts the event's value of this field, if it has one. */
    void fold(LogEvent event, LogStats stats, ByteSpan span) {
        if (field == null) {
            Object value = event.has(Field.EXTRA) ? event.extra().get(extraKey) : null;
            if (value != null) {
                add(stats, String.valueOf(value));
            }
        } else if (field == Field.LEVEL) {
            if (event.hasValue(Field.LEVEL)) {
                add(stats, Severity.reportedName(event.level()));
            }
        } else if (field.kind() == Field.Kind.STRING && field != Field.FILE) {
            if (event.span(field, span)) {
                stats.addField(name, span.bytes(), span.start(), span.end());
            }
        } else if (field == Field.TIMESTAMP) {
            if (event.hasValue(field)) {
                add(stats, event.timestampText());
            }
        } else if (event.hasValue(field)) {
            add(stats, String.valueOf(event.value(field)));
        }
    }

    private void add(LogStats stats, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        stats.addField(name, bytes, 0, bytes.length);
    }
}
