package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** --since and --until around a zone's clock changes. */
class EventFilterOptionsTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    /** 02:30 does not exist in Berlin on 29 March 2026: read as 03:30, after 03:00. */
    @Test
    void aTimeInTheSkippedHourIsNamedWhenItComesAfterTheUntil() {
        EventFilterOptions options = options("2026-03-29T02:30", "2026-03-29T03:00");

        assertThatThrownBy(() -> options.filters(BERLIN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "--until 2026-03-29T03:00 must be after --since 2026-03-29T02:30;"
                                + " --since 2026-03-29T02:30 is in the hour Europe/Berlin skips"
                                + " (clocks go forward), read as 2026-03-29T03:30");
    }

    @Test
    void untilBeforeSinceOtherwiseSaysOnlyThat() {
        EventFilterOptions options = options("2026-03-29T05:00", "2026-03-29T04:00");

        assertThatThrownBy(() -> options.filters(BERLIN))
                .hasMessage("--until 2026-03-29T04:00 must be after --since 2026-03-29T05:00");
        assertThat(options("2026-03-29T02:30", "2026-03-29T04:00").filters(BERLIN)).hasSize(1);
    }

    private static EventFilterOptions options(String since, String until) {
        EventFilterOptions options = new EventFilterOptions();
        options.since = since;
        options.until = until;
        return options;
    }
}
