package dev.logslice.cli;

import dev.logslice.filter.EventFilter;
import dev.logslice.filter.LevelFilter;
import dev.logslice.filter.PathPrefixFilter;
import dev.logslice.filter.StatusFilter;
import dev.logslice.filter.TimeRangeFilter;
import dev.logslice.format.Field;
import dev.logslice.format.detect.InputFormats;

import picocli.CommandLine.Option;

import javax.annotation.Nullable;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * A time back from now, as journalctl and GNU date take it: {@code -90m}, {@code 2 days ago}.
     */
    private static final Pattern AGO =
            Pattern.compile("(?i)(?:-\\s*(\\d+)\\s*([a-z]+)|(\\d+)\\s*([a-z]+)\\s+ago)");

    private static final Map<String, Duration> UNITS = units();

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
                    "Events at or after this time: 2024-01-15, 2024-01-15T10:20:30 (in --zone),"
                            + " 2024-01-15T10:20:30+01:00, or now, today, yesterday, -90m,"
                            + " 2h ago, -7d (from this machine's clock; days start in --zone).")
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
        return filters(zone, Clock.systemUTC());
    }

    /**
     * As {@link #filters(ZoneId)}, relative times ({@code -1h}, {@code today}) from {@code clock}.
     */
    List<EventFilter> filters(ZoneId zone, Clock clock) {
        List<EventFilter> filters = new ArrayList<>();
        if (status != null) {
            filters.add(parsed("--status", () -> StatusFilter.parse(status)));
        }
        if (level != null) {
            filters.add(parsed("--level", () -> LevelFilter.parse(level)));
        }
        if (since != null || until != null) {
            Instant from = instant("--since", since, zone, clock);
            Instant to = instant("--until", until, zone, clock);
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

    /**
     * Tells on stderr of each filter given on a field that the formats of {@code paths} do not
     * have, so that nothing passes it ({@link FilterFit}).
     */
    void warnUnfit(InputFormats inputFormats, List<String> paths, ZoneId zone) throws IOException {
        FilterFit.warnUnfit(fieldsByOption(), inputFormats.fileFormats(), paths, zone, System.err);
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
        TemporalAccessor time;
        try {
            time = TIME.parseBest(text, OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
        } catch (DateTimeParseException relative) {
            return "";
        }
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

    /**
     * The instant {@code text} names: a date or time as {@link #TIME} reads it, or one relative to
     * {@code clock}'s now ({@code now}, {@code today}, {@code yesterday}, {@code tomorrow}, {@code
     * -90m}, {@code 2 days ago}).
     */
    @Nullable
    static Instant instant(String option, @Nullable String text, ZoneId zone, Clock clock) {
        if (text == null) {
            return null;
        }
        String word = text.strip().toLowerCase(Locale.ROOT);
        LocalDate today = LocalDate.now(clock.withZone(zone));
        switch (word) {
            case "now":
                return clock.instant();
            case "today":
                return today.atStartOfDay(zone).toInstant();
            case "yesterday":
                return today.minusDays(1).atStartOfDay(zone).toInstant();
            case "tomorrow":
                return today.plusDays(1).atStartOfDay(zone).toInstant();
            default:
                break;
        }
        Matcher ago = AGO.matcher(word);
        if (ago.matches()) {
            String unit = ago.group(2) != null ? ago.group(2) : ago.group(4);
            String count = ago.group(1) != null ? ago.group(1) : ago.group(3);
            Duration each = UNITS.get(unit);
            if (each != null && count.length() <= 9) {
                return clock.instant().minus(each.multipliedBy(Long.parseLong(count)));
            }
        }
        TemporalAccessor time;
        try {
            time = TIME.parseBest(text, OffsetDateTime::from, LocalDateTime::from, LocalDate::from);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    option
                            + " '"
                            + text
                            + "' is no time: give 2024-01-15, 2024-01-15T10:20:30 (in --zone),"
                            + " 2024-01-15T10:20:30+01:00, or now, today, yesterday, -90m, 2h ago,"
                            + " -7d (units s, min or m, h, d, w)");
        }
        if (time instanceof OffsetDateTime withOffset) {
            return withOffset.toInstant();
        }
        if (time instanceof LocalDateTime local) {
            return local.atZone(zone).toInstant();
        }
        return ((LocalDate) time).atStartOfDay(zone).toInstant();
    }

    private static Map<String, Duration> units() {
        Map<String, Duration> units = new HashMap<>();
        for (String name : List.of("s", "sec", "secs", "second", "seconds")) {
            units.put(name, Duration.ofSeconds(1));
        }
        for (String name : List.of("m", "min", "mins", "minute", "minutes")) {
            units.put(name, Duration.ofMinutes(1));
        }
        for (String name : List.of("h", "hour", "hours")) {
            units.put(name, Duration.ofHours(1));
        }
        for (String name : List.of("d", "day", "days")) {
            units.put(name, Duration.ofDays(1));
        }
        for (String name : List.of("w", "week", "weeks")) {
            units.put(name, Duration.ofDays(7));
        }
        return Map.copyOf(units);
    }
}
