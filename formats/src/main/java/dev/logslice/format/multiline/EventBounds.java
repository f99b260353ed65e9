package dev.logslice.format.multiline;

import java.io.Serializable;

/**
 * How far a multi-line event may grow: past {@link #maxLines()} lines or {@link #maxBytes()} bytes
 * of text it is cut, its further continuation lines counted in it but not kept, and reported as
 * suspicious (a runaway trace, or lines that only look like continuations).
 */
public final class EventBounds implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A deep recursion's trace (the JVM prints 1,024 frames) fits, with its causes. */
    public static final int DEFAULT_MAX_LINES = 5_000;

    public static final int DEFAULT_MAX_BYTES = 1 << 20;

    public static final EventBounds DEFAULTS =
            new EventBounds(DEFAULT_MAX_LINES, DEFAULT_MAX_BYTES);

    private final int maxLines;
    private final int maxBytes;

    private EventBounds(int maxLines, int maxBytes) {
        this.maxLines = maxLines;
        this.maxBytes = maxBytes;
    }

    /** Bounds; throws IllegalArgumentException naming the option when one is below 1. */
    public static EventBounds of(int maxLines, int maxBytes) {
        if (maxLines < 1) {
            throw new IllegalArgumentException(
                    "--max-event-lines " + maxLines + " must be at least 1");
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException(
                    "--max-event-bytes " + maxBytes + " must be at least 1");
        }
        return new EventBounds(maxLines, maxBytes);
    }

    public int maxLines() {
        return maxLines;
    }

    public int maxBytes() {
        return maxBytes;
    }

    @Override
    public String toString() {
        return "at most " + maxLines + " lines and " + maxBytes + " bytes per event";
    }
}
