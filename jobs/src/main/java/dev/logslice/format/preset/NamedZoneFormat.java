package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.ContinuationLines;
import dev.logslice.format.time.TimestampValue;
import dev.logslice.format.time.ZoneNames;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;

/**
 * A format whose lines name their zone after the time in {@code extra.zone} (PostgreSQL's {@code
 * %m} and {@code %t}: {@code CET}, {@code UTC}, {@code +01}): times are at the offset the name
 * stands for ({@link ZoneNames}), and in {@code --zone} for names of no known offset.
 */
final class NamedZoneFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final LogFormat lines;

    NamedZoneFormat(LogFormat lines) {
        this.lines = lines;
    }

    @Override
    public String name() {
        return lines.name();
    }

    @Override
    public boolean multiLine() {
        return lines.multiLine();
    }

    @Override
    public ContinuationLines continuationLines() {
        return lines.continuationLines();
    }

    @Override
    public LogParser newParser(ParserContext context) {
        LogParser parser = lines.newParser(context);
        TimestampValue time = new TimestampValue();
        return new LogParser() {
            @Nullable
            @Override
            public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
                LogEvent event = parser.tryParse(b, start, length, file, offset);
                Object zone = event == null ? null : event.extra().get("zone");
                if (zone instanceof String name && event.has(Field.TIMESTAMP)) {
                    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
                    int zoneOffset = ZoneNames.offsetSeconds(bytes, 0, bytes.length);
                    if (zoneOffset != ZoneNames.UNKNOWN) {
                        time.epochSecond = event.epochSecond();
                        time.nanos = event.nanos();
                        time.offsetSeconds = event.offsetSeconds();
                        ZoneNames.atOffset(time, zoneOffset);
                        event.setTimestamp(time.epochSecond, time.nanos, time.offsetSeconds);
                    }
                }
                return event;
            }

            @Override
            public String failureReason() {
                return parser.failureReason();
            }
        };
    }
}
