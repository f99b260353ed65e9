package dev.logslice.filter;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

import javax.annotation.Nullable;

import java.time.Instant;

/** Events whose timestamp is at or after {@code since} and before {@code until}; either is open. */
public final class TimeRangeFilter implements EventFilter {
    private static final long serialVersionUID = 1L;

    @Nullable private final Instant since;
    @Nullable private final Instant until;

    public TimeRangeFilter(@Nullable Instant since, @Nullable Instant until) {
        this.since = since;
        this.until = until;
    }

    @Override
    public Field field() {
        return Field.TIMESTAMP;
    }

    @Override
    public boolean matches(LogEvent event) {
        if (!event.hasValue(Field.TIMESTAMP)) {
            return false;
        }
        Instant time = Instant.ofEpochSecond(event.epochSecond(), event.nanos());
        return (since == null || !time.isBefore(since)) && (until == null || time.isBefore(until));
    }
}
