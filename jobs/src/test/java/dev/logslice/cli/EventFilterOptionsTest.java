package dev.logslice.cli;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** --since and --until: relative times, and times around a zone's clock changes. */
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

    /** 2026-12-07 00:30 in Berlin: still the 6th in UTC, so "today" is Berlin's day. */
    private static final Clock CLOCK =
            Clock.fixed(Instant.parse("2026-12-06T23:30:00Z"), ZoneId.of("UTC"));

    @Test
    void relativeTimesCountFromTheClockAndDaysStartInTheZone() {
        Instant now = CLOCK.instant();

        assertThat(at("now")).isEqualTo(now);
        assertThat(at("-90m")).isEqualTo(now.minusSeconds(90 * 60));
        assertThat(at("- 90 min")).isEqualTo(now.minusSeconds(90 * 60));
        assertThat(at("2h ago")).isEqualTo(now.minusSeconds(2 * 3600));
        assertThat(at("3 Days Ago")).isEqualTo(now.minusSeconds(3 * 86_400));
        assertThat(at("-1w")).isEqualTo(now.minusSeconds(7 * 86_400));
        assertThat(at("-45s")).isEqualTo(now.minusSeconds(45));
        assertThat(at("today")).isEqualTo(Instant.parse("2026-12-06T23:00:00Z"));
        assertThat(at("Yesterday")).isEqualTo(Instant.parse("2026-12-05T23:00:00Z"));
        assertThat(at("tomorrow")).isEqualTo(Instant.parse("2026-12-07T23:00:00Z"));
        assertThat(at("2026-12-01")).isEqualTo(Instant.parse("2026-11-30T23:00:00Z"));
    }

    @Test
    void aRelativeTimeThatIsNoneIsRefusedNamingTheForms() {
        for (String text : List.of("-1y", "1h", "ago", "-h", "last week", "-9999999999h")) {
            assertThatThrownBy(() -> at(text))
                    .as(text)
                    .hasMessageStartingWith("--since '" + text + "' is no time: give 2024-01-15,")
                    .hasMessageEndingWith(
                            "or now, today, yesterday, -90m, 2h ago, -7d (units s,"
                                    + " min or m, h, d, w)");
        }
    }

    @Test
    void untilBeforeSinceInRelativeTimesSaysSo() {
        EventFilterOptions options = options("today", "yesterday");

        assertThatThrownBy(() -> options.filters(BERLIN, CLOCK))
                .hasMessage("--until yesterday must be after --since today");
        assertThat(options("-1h", "now").filters(BERLIN, CLOCK)).hasSize(1);
    }

    private static Instant at(String text) {
        return EventFilterOptions.instant("--since", text, BERLIN, CLOCK);
    }

    private static EventFilterOptions options(String since, String until) {
        EventFilterOptions options = new EventFilterOptions();
        options.since = since;
        options.until = until;
        return options;
    }
}
