package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * A reader's request for its next split while it still reads one, so that the round trip to the
 * enumerator overlaps reading instead of following it. Unlike a split request it may be declined:
 * it is granted only while every reader can still get a split of its own.
 */
@Internal
public record SplitPrefetchRequest() implements SourceEvent {
    private static final long serialVersionUID = 1L;
}
