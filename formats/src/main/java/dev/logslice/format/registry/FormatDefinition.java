package dev.logslice.format.registry;

import dev.logslice.format.LogFormat;

import javax.annotation.Nullable;

import java.util.Optional;
import java.util.Set;
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
    private final boolean takesJsonKeys;
    private final Function<FormatOptions, LogFormat> factory;
    private Set<String> refines = Set.of();
    private boolean fallback;
    private boolean detectedByKnownLevels;
    @Nullable private String exampleHeader;

    FormatDefinition(
            String name,
            String description,
            String example,
            @Nullable String examplePattern,
            PatternUse patternUse,
            boolean detectable,
            boolean takesJsonKeys,
            Function<FormatOptions, LogFormat> factory) {
        this.name = name;
        this.description = description;
        this.example = example;
        this.examplePattern = examplePattern;
        this.patternUse = patternUse;
        this.detectable = detectable;
        this.takesJsonKeys = takesJsonKeys;
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

    /** Whether the format reads JSON keys, so takes {@link FormatOptions#withJsonKeys}. */
    public boolean takesJsonKeys() {
        return takesJsonKeys;
    }

    /**
     * Whether this format reads lines of another (by name) more precisely, as docker reads JSON
     * lines and MySQL's error log syslog-like ones: where both read a file equally well, detection
     * takes this one.
     */
    public boolean refines(String otherFormat) {
        return refines.contains(otherFormat);
    }

    /**
     * Whether detection takes any other format that reads a file as well as this one: a format that
     * reads lines of many others, less precisely (a time, then anything).
     */
    public boolean isFallback() {
        return fallback;
    }

    /**
     * Whether detection counts only the lines whose level is a known name ({@link
     * dev.logslice.format.Severity}): for layouts whose level is any word, so that a line of
     * another kind whose word sits there (PostgreSQL's zone, a host name) is not taken for an event
     * of it. The format itself, once chosen, still reads custom levels.
     */
    public boolean isDetectedByKnownLevels() {
        return detectedByKnownLevels;
    }

    /** This definition, detected by its known levels only ({@link #isDetectedByKnownLevels}). */
    FormatDefinition detectedByKnownLevels() {
        detectedByKnownLevels = true;
        return this;
    }

    /** This definition, as a fallback ({@link #isFallback}). */
    FormatDefinition asFallback() {
        fallback = true;
        return this;
    }

    /**
     * For formats whose header names the columns (W3C, Zeek): the header lines the example needs
     * before it, joined by line feeds.
     */
    public Optional<String> exampleHeader() {
        return Optional.ofNullable(exampleHeader);
    }

    /** This definition, whose example needs the given header lines first. */
    FormatDefinition withExampleHeader(String header) {
        exampleHeader = header;
        return this;
    }

    /** This definition, refining the named formats ({@link #refines}). */
    FormatDefinition refining(String... otherFormats) {
        refines = Set.of(otherFormats);
        return this;
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
        if (!takesJsonKeys && !options.jsonKeys().isEmpty()) {
            throw new IllegalArgumentException(
                    "format "
                            + name
                            + " is no JSON or logfmt format; --time-field, --level-field and"
                            + " --message-field apply to JSON and logfmt formats");
        }
        return factory.apply(options);
    }

    /**
     * The format of a file detected as this one: the JSON keys of {@code --time-field} and co.
     * apply to the JSON files of a mixed folder and are left out for the others.
     */
    public LogFormat createDetected(FormatOptions options) {
        return create(takesJsonKeys ? options : options.withoutJsonKeys());
    }

    @Override
    public String toString() {
        return name;
    }
}
