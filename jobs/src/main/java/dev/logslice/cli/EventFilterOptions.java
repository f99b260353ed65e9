package dev.logslice.cli;

import dev.logslice.filter.EventFilter;
import dev.logslice.filter.LevelFilter;
import dev.logslice.filter.PathPrefixFilter;
import dev.logslice.filter.StatusFilter;
import dev.logslice.filter.TimeRangeFilter;
import dev.logslice.format.Field;

import picocli.CommandLine.Option;

import javax.annotation.Nullable;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Conditions on the fields of parsed events: {@code --status}, {@code --level}, and so on. */
final class EventFilterOptions {
    /** A date, optionally with a time (after T or a space), optionally with an offset or Z. */
    private static final DateTimeFormatter TIME =
            new DateTimeFormatterBuilder()
                    .parseCaseInsensitive()
                    .append(DateTimeFormatter.ISO_LOCAL_DATE)
                    .optionalStart()
                    .appendPattern("[ ]['T']")
                    .append(DateTimeFormatter.ISO_LOCAL_TIME)
                    .optionalStart()
                    .appendOffsetId()
                    .toFormatter();

    @Option(
            names = "--status",
            paramLabel = "CODES",
            description = "HTTP status classes or codes, comma-separated: 5xx, 404, 4xx,500.")
    String status;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            description =
                    "This level or a more severe one, in any case: ERROR takes FATAL and"
                            + " CRITICAL too (syslog and java.util.logging names work).")
    String level;

    @Option(
            names = "--since",
            paramLabel = "TIME",
            description =
                    "Events at or after this time: 2024-01-15, 2024-01-15T10:20:30 (in --zone)"
                            + " or 2024-01-15T10:20:30+01:00.")
    String since;

    @Option(
            names = "--until",
            paramLabel = "TIME",
            description = "Events before this time (exclusive); written as for --since.")
    String until;

    @Option(
            names = "--path-prefix",
            paramLabel = "PREFIX",
            description = "Requests whose path (query included) starts with this.")
    String pathPrefix;

    /**
     * The filters given, all of which an event must pass; times without an offset are in {@code
     * zone}. Empty when none is given.
     */
    List<EventFilter> filters(ZoneId zone) {
        List<EventFilter> filters = new ArrayList<>();
        if (status != null) {
            filters.add(parsed("--status", () -> StatusFilter.parse(status)));
        }
        if (level != null) {
            filters.add(parsed("--level", () -> LevelFilter.parse(level)));
        }
        if (since != null || until != null) {
            Instant from = instant("--since", since, zone);
            Instant to = instant("--until", until, zone);
            if (from != null && to != null && !to.isAfter(from)) {
                throw new IllegalArgumentException(
                        "--until "
                                + until
                                + " must be after --since "
                                + since
                                + skippedHour("--since", since, zone)
                                + skippedHour("--until", until, zone));
            }
            filters.add(new TimeRangeFilter(from, to));
        }
        if (pathPrefix != null) {
            filters.add(new PathPrefixFilter(pathPrefix));
        }
        return filters;
    }

    /**
     * The field each given filter looks at, by option ({@code --since} and {@code --until} both the
     * timestamp); an event without it passes none.
     */
    Map<String, Field> fieldsByOption() {
        Map<String, Field> fields = new LinkedHashMap<>();
        if (status != null) {
            fields.put("--status", Field.STATUS);
        }
        if (level != null) {
            fields.put("--level", Field.LEVEL);
        }
        if (since != null || until != null) {
            fields.put(since != null ? "--since" : "--until", Field.TIMESTAMP);
        }
        if (pathPrefix != null) {
            fields.put("--path-prefix", Field.PATH);
        }
        return fields;
    }

    private static EventFilter parsed(String option, Supplier<EventFilter> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    /**
     * A note when {@code text} is a local time that {@code zone}'s clocks skip (spring forward):
     * read an hour later, it may come after a time that looks later.
     */
    private static String skippedHour(String option, String text, ZoneId zone) {
        TemporalAccessor time =
                TIME.parseBest(text, OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
        if (!(time instanceof LocalDateTime local)
                || !zone.getRules().getValidOffsets(local).isEmpty()) {
            return "";
        }
        return "; "
                + option
                + " "
                + text
                + " is in the hour "
                + zone.getId()
                + " skips (clocks go forward), read as "
                + local.atZone(zone).toLocalDateTime();
    }

    @Nullable
    private static Instant instant(String option, @Nullable String text, ZoneId zone) {
        if (text == null) {
            return null;
        }
        TemporalAccessor time;
        try {
            time = TIME.parseBest(text, OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    option
                            + " '"
                            + text
                            + "' is no time: give 2024-01-15, 2024-01-15T10:20:30 (in --zone)"
                            + " or 2024-01-15T10:20:30+01:00");
        }
        if (time instanceof OffsetDateTime withOffset) {
            return withOffset.toInstant();
        }
        if (time instanceof LocalDateTime local) {
            return local.atZone(zone).toInstant();
        }
        return ((LocalDate) time).atStartOfDay(zone).toInstant();
    }
}
