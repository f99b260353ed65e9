package dev.logslice.format;

import dev.logslice.format.multiline.ContinuationLines;

import java.io.Serializable;
import java.util.Set;

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
     * A parser whose events are read for {@code fieldsRead} only: a format that can leave the other
     * fields unset (none) spares their conversion; whether a line is an event is the same.
     */
    default LogParser newParser(ParserContext context, Set<Field> fieldsRead) {
        return newParser(context);
    }

    /**
     * Whether an event may span several lines: lines that do not parse belong to the event before
     * them (stack traces) rather than being malformed.
     */
    default boolean multiLine() {
        return false;
    }

    /**
     * Whether a line may be cut short, its rest the next line ({@link
     * LogParser#leavesLineUnfinished}): a container runtime cuts a program's long line.
     */
    default boolean cutsLines() {
        return false;
    }

    /**
     * Which lines that start no event continue the one before: stack traces and indented lines for
     * multi-line formats, none for the others; a format of declared blocks names its own.
     */
    default ContinuationLines continuationLines() {
        return multiLine() ? ContinuationLines.STACK_TRACES : ContinuationLines.NONE;
    }
}
