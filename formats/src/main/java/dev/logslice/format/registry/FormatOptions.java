package dev.logslice.format.registry;

import dev.logslice.format.Field;

import javax.annotation.Nullable;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a format may need besides its name: a pattern (the layout of {@code log4j}, the {@code
 * log_format} of {@code nginx}, the LogFormat of {@code apache}, the regex of {@code regex}), JSON
 * key overrides for {@code json}, the timestamp layout of {@code regex} ({@code --time-format}) and
 * the year of syslog's year-less timestamps ({@code --year}).
 */
public final class FormatOptions {
    private static final FormatOptions NONE = new FormatOptions(null, Map.of(), null, null);

    @Nullable private final String pattern;
    private final Map<Field, List<String>> jsonKeys;
    @Nullable private final String timeFormat;
    @Nullable private final Integer year;

    private FormatOptions(
            @Nullable String pattern,
            Map<Field, List<String>> jsonKeys,
            @Nullable String timeFormat,
            @Nullable Integer year) {
        this.pattern = pattern;
        this.jsonKeys = jsonKeys;
        this.timeFormat = timeFormat;
        this.year = year;
    }

    public static FormatOptions none() {
        return NONE;
    }

    public static FormatOptions pattern(String pattern) {
        return new FormatOptions(pattern, Map.of(), null, null);
    }

    /** These options with the layout of timestamps ({@code --time-format}). */
    public FormatOptions withTimeFormat(String layout) {
        return new FormatOptions(pattern, jsonKeys, layout, year);
    }

    /** These options with the year of timestamps that have none ({@code --year}). */
    public FormatOptions withYear(int givenYear) {
        return new FormatOptions(pattern, jsonKeys, timeFormat, givenYear);
    }

    /** These options plus JSON keys for one field, most preferred first. */
    public FormatOptions withJsonKeys(Field field, List<String> keys) {
        Map<Field, List<String>> changed = new EnumMap<>(Field.class);
        changed.putAll(jsonKeys);
        changed.put(field, List.copyOf(keys));
        return new FormatOptions(pattern, changed, timeFormat, year);
    }

    /** These options without JSON keys: for a detected format that is no JSON format. */
    public FormatOptions withoutJsonKeys() {
        return new FormatOptions(pattern, Map.of(), timeFormat, year);
    }

    public Optional<String> pattern() {
        return Optional.ofNullable(pattern);
    }

    public Optional<String> timeFormat() {
        return Optional.ofNullable(timeFormat);
    }

    public Optional<Integer> year() {
        return Optional.ofNullable(year);
    }

    public Map<Field, List<String>> jsonKeys() {
        return Collections.unmodifiableMap(jsonKeys);
    }
}
