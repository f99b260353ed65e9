package dev.logslice.filter;

import dev.logslice.format.LogEvent;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** A half-open time range, to the nanosecond. */
class TimeRangeFilterTest {
    private static final Instant SINCE = Instant.parse("2024-01-15T10:00:00Z");
    private static final Instant UNTIL = Instant.parse("2024-01-15T11:00:00Z");

    @Test
    void sinceIsIncludedAndUntilExcluded() {
        TimeRangeFilter range = new TimeRangeFilter(SINCE, UNTIL);

        assertThat(range.matches(at(SINCE))).isTrue();
        assertThat(range.matches(at(SINCE.minusNanos(1)))).isFalse();
        assertThat(range.matches(at(UNTIL.minusNanos(1)))).isTrue();
        assertThat(range.matches(at(UNTIL))).isFalse();
    }

    @Test
    void eitherEndMayBeOpen() {
        assertThat(new TimeRangeFilter(null, UNTIL).matches(at(Instant.EPOCH))).isTrue();
        assertThat(new TimeRangeFilter(SINCE, null).matches(at(Instant.MAX))).isTrue();
    }

    @Test
    void anEventWithoutTimestampNeverMatches() {
        assertThat(new TimeRangeFilter(null, null).matches(LogEvent.withoutText("f", 0))).isFalse();
    }

    private static LogEvent at(Instant time) {
        LogEvent event = LogEvent.withoutText("f", 0);
        event.setTimestamp(time.getEpochSecond(), time.getNano(), 3600);
        return event;
    }
}
