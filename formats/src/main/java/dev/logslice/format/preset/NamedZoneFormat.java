package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogFormat;
import dev.logslice.format.RefinedFormat;
import dev.logslice.format.time.TimestampValue;
import dev.logslice.format.time.ZoneNames;

import java.nio.charset.StandardCharsets;

/**
 * A format whose lines name their zone after the time in {@code extra.zone} (PostgreSQL's {@code
 * %m} and {@code %t}: {@code CET}, {@code UTC}, {@code +01}): times are at the offset the name
 * stands for ({@link ZoneNames}), and in {@code --zone} for names of no known offset.
 */
final class NamedZoneFormat extends RefinedFormat {
    private static final long serialVersionUID = 1L;

    NamedZoneFormat(LogFormat lines) {
        super(lines);
    }

    @Override
    protected Refiner newRefiner() {
        TimestampValue time = new TimestampValue();
        return (event, line, start) -> {
            Object zone = event.extra().get("zone");
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
        };
    }
}
