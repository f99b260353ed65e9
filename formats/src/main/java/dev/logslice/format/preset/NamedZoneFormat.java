package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.RefinedFormat;
import dev.logslice.format.time.TimestampValue;
import dev.logslice.format.time.ZoneNames;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A format whose lines name their zone after the time in {@code extra.zone} (PostgreSQL's {@code
 * %m} and {@code %t}: {@code CET}, {@code UTC}, {@code +01}; PHP's {@code Europe/Berlin}): times
 * are at the offset the name stands for ({@link ZoneNames}, or the region's rules at that time),
 * and in {@code --zone} for names of no known offset.
 */
final class NamedZoneFormat extends RefinedFormat {
    private static final long serialVersionUID = 1L;

    private static final int MAX_REGIONS = 64;

    NamedZoneFormat(LogFormat lines) {
        super(lines);
    }

    @Override
    protected Refiner newRefiner() {
        TimestampValue time = new TimestampValue();
        Map<String, Optional<ZoneId>> regions = new HashMap<>();
        return (event, line, start) -> {
            Object zone = event.extra().get("zone");
            if (zone instanceof String name && event.has(Field.TIMESTAMP)) {
                byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
                int zoneOffset = ZoneNames.offsetSeconds(bytes, 0, bytes.length);
                if (zoneOffset == ZoneNames.UNKNOWN && name.indexOf('/') > 0) {
                    zoneOffset = regionOffset(regions, name, event);
                }
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

    /**
     * The offset of a region ({@code Europe/Berlin}, as PHP names its zone) at the line's local
     * time, or {@link ZoneNames#UNKNOWN}. A file names few regions: each is looked up once, and at
     * most {@link #MAX_REGIONS}, so that lines of made-up names cannot grow the map.
     */
    private static int regionOffset(
            Map<String, Optional<ZoneId>> regions, String name, LogEvent event) {
        Optional<ZoneId> region = regions.get(name);
        if (region == null) {
            if (regions.size() >= MAX_REGIONS) {
                return ZoneNames.UNKNOWN;
            }
            region = Optional.ofNullable(zoneId(name));
            regions.put(name, region);
        }
        if (region.isEmpty()) {
            return ZoneNames.UNKNOWN;
        }
        LocalDateTime local =
                LocalDateTime.ofEpochSecond(
                        event.epochSecond() + event.offsetSeconds(), event.nanos(), ZoneOffset.UTC);
        return region.get().getRules().getOffset(local).getTotalSeconds();
    }

    @Nullable
    private static ZoneId zoneId(String name) {
        try {
            return ZoneId.of(name);
        } catch (DateTimeException e) {
            return null;
        }
    }
}
