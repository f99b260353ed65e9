package dev.logslice.table;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.Severity;

import org.apache.flink.table.data.StringData;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code level} column's value: the severity's reported name ({@link Severity#reportedName}),
 * as stats and parse give it, made once for each run of one spelling: a log writes a handful, and a
 * name made per row cost a level query 8% of its time.
 */
final class ReportedLevel {
    private final ByteSpan span = new ByteSpan();
    private byte[] spelling = new byte[0];
    private byte[] nameBytes = new byte[0];
    private StringData name = StringData.fromBytes(nameBytes);

    /** The reported name of the event's level, which the event must have. */
    StringData of(LogEvent event) {
        read(event);
        return name;
    }

    /** {@link #of} as UTF-8. */
    byte[] bytesOf(LogEvent event) {
        read(event);
        return nameBytes;
    }

    private void read(LogEvent event) {
        event.span(Field.LEVEL, span);
        if (!Arrays.equals(spelling, 0, spelling.length, span.bytes(), span.start(), span.end())) {
            spelling = Arrays.copyOfRange(span.bytes(), span.start(), span.end());
            String reported = Severity.reportedName(new String(spelling, StandardCharsets.UTF_8));
            nameBytes = reported.getBytes(StandardCharsets.UTF_8);
            name = StringData.fromBytes(nameBytes);
        }
    }
}
