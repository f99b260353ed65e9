package dev.logslice.format.registry;

import dev.logslice.format.LogFormat;

import javax.annotation.Nullable;

import java.util.Optional;
import java.util.function.Function;

/**
 * A named format as {@code logslice formats} lists it: description, an example line (and the
 * pattern it needs, for formats defined by one), and how to make it from options.
 */
public final class FormatDefinition {
    /** Whether a format takes a pattern. */
    public enum PatternUse {
        NONE,
        OPTIONAL,
        REQUIRED
    }

    private final String name;
    private final String description;
    private final String example;
    @Nullable private final String examplePattern;
    private final PatternUse patternUse;
    private final boolean detectable;
    private final Function<FormatOptions, LogFormat> factory;

    FormatDefinition(
            String name,
            String description,
            String example,
            @Nullable String examplePattern,
            PatternUse patternUse,
            boolean detectable,
            Function<FormatOptions, LogFormat> factory) {
        this.name = name;
        this.description = description;
        this.example = example;
        this.examplePattern = examplePattern;
        this.patternUse = patternUse;
        this.detectable = detectable;
        this.factory = factory;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** A line of this format. */
    public String example() {
        return example;
    }

    /** For formats defined by a pattern: one that reads {@link #example()}. */
    public Optional<String> examplePattern() {
        return Optional.ofNullable(examplePattern);
    }

    public PatternUse patternUse() {
        return patternUse;
    }

    /** Whether {@code --format auto} considers this format. */
    public boolean isDetectable() {
        return detectable;
    }

    /**
     * The format, made with the options; throws IllegalArgumentException when the pattern is
     * missing, not taken, or invalid, with a message for the user.
     */
    public LogFormat create(FormatOptions options) {
        if (patternUse == PatternUse.REQUIRED && options.pattern().isEmpty()) {
            throw new IllegalArgumentException(
                    "format " + name + " needs a pattern, like: " + examplePattern);
        }
        if (patternUse == PatternUse.NONE && options.pattern().isPresent()) {
            throw new IllegalArgumentException("format " + name + " takes no pattern");
        }
        return factory.apply(options);
    }

    @Override
    public String toString() {
        return name;
    }
}
