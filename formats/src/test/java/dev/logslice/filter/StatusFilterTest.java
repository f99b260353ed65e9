package dev.logslice.filter;

import dev.logslice.format.LogEvent;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Status classes and codes. */
class StatusFilterTest {

    @Test
    void classesAndCodesCommaSeparated() {
        StatusFilter filter = StatusFilter.parse("4xx, 500");

        assertThat(filter.matches(withStatus(400))).isTrue();
        assertThat(filter.matches(withStatus(499))).isTrue();
        assertThat(filter.matches(withStatus(500))).isTrue();
        assertThat(filter.matches(withStatus(501))).isFalse();
        assertThat(filter.matches(withStatus(399))).isFalse();
        assertThat(StatusFilter.parse("5XX").matches(withStatus(503))).isTrue();
    }

    @Test
    void anEventWithoutStatusNeverMatches() {
        LogEvent noStatus = LogEvent.withoutText("f", 0);

        assertThat(StatusFilter.parse("1xx,2xx,3xx,4xx,5xx").matches(noStatus)).isFalse();
    }

    /** Every status a log may hold ({@link dev.logslice.format.HttpStatus}) can be selected. */
    @Test
    void statusesPastHttpsRangeAreSelectableToo() {
        assertThat(StatusFilter.parse("000").matches(withStatus(0))).isTrue();
        assertThat(StatusFilter.parse("0xx").matches(withStatus(9))).isTrue();
        assertThat(StatusFilter.parse("9xx").matches(withStatus(999))).isTrue();
        assertThat(StatusFilter.parse("999").matches(withStatus(999))).isTrue();
        assertThat(StatusFilter.parse("5xx").matches(withStatus(600))).isFalse();
    }

    @Test
    void anythingButClassesAndCodesIsRefused() {
        for (String bad : new String[] {"99", "1000", "50x", "4xx,", "ok", "", "-1"}) {
            assertThatThrownBy(() -> StatusFilter.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is no status");
        }
    }

    private static LogEvent withStatus(int status) {
        LogEvent event = LogEvent.withoutText("f", 0);
        event.setStatus(status);
        return event;
    }
}
