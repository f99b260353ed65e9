package dev.logslice.format.time;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import static org.assertj.core.api.Assertions.assertThat;

/** The hand-written calendar and ISO writer against java.time. */
class IsoTimestampsTest {

    @Property
    void formatsLikeIsoOffsetDateTime(
            @ForAll @LongRange(min = -62_135_596_800L, max = 253_402_300_799L) long epochSecond,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos,
            @ForAll @IntRange(min = -18 * 3600, max = 18 * 3600) int offsetSeconds) {
        String expected =
                OffsetDateTime.ofInstant(
                                Instant.ofEpochSecond(epochSecond, nanos),
                                ZoneOffset.ofTotalSeconds(offsetSeconds))
                        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);

        assertThat(IsoTimestamps.format(epochSecond, nanos, offsetSeconds)).isEqualTo(expected);
    }

    @Property
    void epochDaysMatchLocalDate(@ForAll @LongRange(min = -800_000, max = 3_000_000) long day) {
        LocalDate date = LocalDate.ofEpochDay(day);
        int[] civil = CivilDates.civilDate(day, new int[3]);

        assertThat(civil)
                .containsExactly(date.getYear(), date.getMonthValue(), date.getDayOfMonth());
        assertThat(CivilDates.epochDay(civil[0], civil[1], civil[2])).isEqualTo(day);
    }
}
