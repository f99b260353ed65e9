package dev.logslice.cli;

import dev.logslice.format.multiline.EventBounds;

import org.apache.flink.configuration.MemorySize;

import picocli.CommandLine.Option;

/** How far a multi-line event may grow: {@code --max-event-lines}, {@code --max-event-bytes}. */
final class EventBoundsOptions {
    @Option(
            names = "--max-event-lines",
            paramLabel = "N",
            description =
                    "A multi-line event (a Java log event with its stack trace) longer than this"
                            + " is cut: its further lines are counted in it, not kept, and it is"
                            + " reported as cut (default: "
                            + EventBounds.DEFAULT_MAX_LINES
                            + ").")
    int maxLines = EventBounds.DEFAULT_MAX_LINES;

    @Option(
            names = "--max-event-bytes",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "The same for an event's bytes (default: 1m).")
    MemorySize maxBytes = MemorySize.parse(EventBounds.DEFAULT_MAX_BYTES + "b");

    EventBounds bounds() {
        if (maxBytes.getBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "--max-event-bytes " + maxBytes + " must be below 2g");
        }
        return EventBounds.of(maxLines, (int) maxBytes.getBytes());
    }
}
