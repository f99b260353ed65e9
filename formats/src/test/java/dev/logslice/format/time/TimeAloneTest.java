package dev.logslice.format.time;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A time logged without a date (Logback's and Log4j 2's console layouts) is dated from the file's
 * modification time, and never lands far after it: a file that runs over midnight keeps its order.
 */
class TimeAloneTest {
    private static final TimestampPattern TIME = TimestampPattern.of("HH:mm:ss.SSS");

    @Test
    void linesBeforeMidnightInAFileWrittenAfterItAreOfTheDayBefore() {
        LocalTimeResolver resolver =
                new LocalTimeResolver(ZoneOffset.UTC, Instant.parse("2024-01-16T00:00:10Z"));

        assertThat(parse("23:59:59.999", resolver)).isEqualTo("2024-01-15T23:59:59.999Z");
        assertThat(parse("00:00:00.001", resolver)).isEqualTo("2024-01-16T00:00:00.001Z");
    }

    /**
     * Whatever the zone and the times, a line is at most an hour past the reference, a day before.
     */
    @Property(tries = 500)
    void aTimeAloneLiesInTheDayBeforeTheReference(
            @ForAll @LongRange(min = 0, max = 4_000_000_000L) long referenceSecond,
            @ForAll @IntRange(min = 0, max = 86_399) int secondOfDay,
            @ForAll @IntRange(min = -12, max = 14) int offsetHours) {
        Instant reference = Instant.ofEpochSecond(referenceSecond);
        LocalTimeResolver resolver =
                new LocalTimeResolver(ZoneOffset.ofHours(offsetHours), reference);
        String text =
                String.format(
                        "%02d:%02d:%02d.000",
                        secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60);

        Instant parsed = Instant.parse(parse(text, resolver));

        assertThat(parsed)
                .isAfter(reference.minusSeconds(23 * 3600))
                .isBeforeOrEqualTo(reference.plusSeconds(3600));
        assertThat(parsed.atOffset(ZoneOffset.ofHours(offsetHours)).toLocalTime().toSecondOfDay())
                .isEqualTo(secondOfDay);
    }

    private static String parse(String text, LocalTimeResolver resolver) {
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        TimestampValue value = new TimestampValue();
        assertThat(TIME.parse(b, 0, b.length, resolver, value)).isEqualTo(b.length);
        return Instant.ofEpochSecond(value.epochSecond, value.nanos).toString();
    }
}
