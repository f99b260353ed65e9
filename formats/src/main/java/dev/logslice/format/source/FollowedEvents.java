package dev.logslice.format.source;

import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitDecoders;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;

import java.time.ZoneId;

/**
 * The events of a followed source: each split's lines assembled by a {@link LogEventDecoder} of its
 * own ({@link SplitDecoders}). For a consumer that is done with each event before the next line, as
 * {@link LogEventDecoder#transientEvents}.
 */
public final class FollowedEvents {
    private FollowedEvents() {}

    public static LineDecoder<ParseResult> of(
            FileFormats formats, ZoneId zone, EventBounds bounds) {
        return new SplitDecoders<>(() -> LogEventDecoder.transientEvents(formats, zone, bounds));
    }
}
