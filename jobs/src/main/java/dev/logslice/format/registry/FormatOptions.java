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
 * log_format} of {@code nginx}, the LogFormat of {@code apache}, the regex of {@code regex}) and
 * JSON key overrides for {@code json}.
 */
public final class FormatOptions {
    private static final FormatOptions NONE = new FormatOptions(null, Map.of());

    @Nullable private final String pattern;
    private final Map<Field, List<String>> jsonKeys;

    private FormatOptions(@Nullable String pattern, Map<Field, List<String>> jsonKeys) {
        this.pattern = pattern;
        this.jsonKeys = jsonKeys;
    }

    public static FormatOptions none() {
        return NONE;
    }

    public static FormatOptions pattern(String pattern) {
        return new FormatOptions(pattern, Map.of());
    }

    /** These options plus JSON keys for one field, most preferred first. */
    public FormatOptions withJsonKeys(Field field, List<String> keys) {
        Map<Field, List<String>> changed = new EnumMap<>(Field.class);
        changed.putAll(jsonKeys);
        changed.put(field, List.copyOf(keys));
        return new FormatOptions(pattern, changed);
    }

    public Optional<String> pattern() {
        return Optional.ofNullable(pattern);
    }

    public Map<Field, List<String>> jsonKeys() {
        return Collections.unmodifiableMap(jsonKeys);
    }
}
