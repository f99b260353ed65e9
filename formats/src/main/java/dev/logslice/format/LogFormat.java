package dev.logslice.format;

import java.io.Serializable;

/**
 * A log format: an immutable, serializable description that makes parsers. Instances come from
 * {@link dev.logslice.format.registry.FormatRegistry}.
 */
public interface LogFormat extends Serializable {

    /** The name given to {@code --format}, like {@code combined}. */
    String name();

    /** A parser for one thread, or one file when dates are inferred from the file. */
    LogParser newParser(ParserContext context);

    /**
     * Whether an event may span several lines: lines that do not parse belong to the event before
     * them (stack traces) rather than being malformed.
     */
    default boolean multiLine() {
        return false;
    }
}
