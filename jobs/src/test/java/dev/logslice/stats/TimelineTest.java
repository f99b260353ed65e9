package dev.logslice.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Bucket choice and alignment, shared by every output of a run. */
class TimelineTest {
    private static final long DAY = 86_400;

    @Test
    void weeklyBucketsStartOnMondayAtMidnight() {
        Timeline timeline = new Timeline();
        // 2026-03-05 is a Thursday, the weekday of the epoch.
        long thursday = Instant.parse("2026-03-05T10:00:00Z").getEpochSecond();
        for (int day = 0; day < 200; day++) {
            timeline.add(thursday + day * DAY, day % 7 == 0);
        }

        List<Timeline.Bucket> weeks = timeline.buckets(Timeline.WEEK);

        assertThat(weeks).isNotEmpty();
        for (Timeline.Bucket week : weeks) {
            var start = Instant.ofEpochSecond(week.startEpochSecond()).atOffset(ZoneOffset.UTC);
            assertThat(start.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
            assertThat(start.toLocalTime().toSecondOfDay()).isZero();
        }
        assertThat(weeks.get(0).startEpochSecond())
                .isEqualTo(Instant.parse("2026-03-02T00:00:00Z").getEpochSecond());
        // Thursday to Sunday, then whole weeks.
        assertThat(weeks.get(0).events()).isEqualTo(4);
        assertThat(weeks.get(1).events()).isEqualTo(7);
        assertThat(weeks.stream().mapToLong(Timeline.Bucket::events).sum()).isEqualTo(200);
        assertThat(weeks.stream().mapToLong(Timeline.Bucket::errors).sum()).isEqualTo(29);
        assertThat(timeline.errors()).isEqualTo(29);
    }

    @Test
    void autoBucketsAreWholeUnits() {
        assertThat(spanning(8 * 60).autoBucketSeconds()).isEqualTo(60);
        assertThat(spanning(DAY).autoBucketSeconds()).isEqualTo(30 * 60);
        assertThat(spanning(7 * DAY).autoBucketSeconds()).isEqualTo(6 * 3600);
        assertThat(spanning(20 * DAY).autoBucketSeconds()).isEqualTo(12 * 3600);
        assertThat(spanning(40 * DAY).autoBucketSeconds()).isEqualTo(DAY);
        assertThat(spanning(200 * DAY).autoBucketSeconds()).isEqualTo(Timeline.WEEK);
        assertThat(spanning(3 * 365 * DAY).autoBucketSeconds() % Timeline.WEEK).isZero();
    }

    @Property(tries = 200)
    void theAutomaticChoiceGivesAtMostTheBucketsItAimsAt(
            @ForAll @LongRange(min = 0, max = 20 * 365 * DAY) long span,
            @ForAll @LongRange(min = 0, max = 4_000_000_000L) long start,
            @ForAll @IntRange(min = 2, max = 200) int maxBuckets) {
        Timeline timeline = new Timeline();
        timeline.add(start, false);
        timeline.add(start + span, true);

        long size = timeline.autoBucketSeconds(maxBuckets);
        List<Timeline.Bucket> buckets = timeline.buckets(size);

        assertThat(buckets.size()).isLessThanOrEqualTo(maxBuckets);
        assertThat(buckets.stream().mapToLong(Timeline.Bucket::events).sum()).isEqualTo(2);
        assertThat(buckets.get(0).startEpochSecond()).isLessThanOrEqualTo(start);
        assertThat(buckets.get(buckets.size() - 1).startEpochSecond() + size)
                .isGreaterThan(start + span);
    }

    @Property(tries = 200)
    void aBucketSizeGivenIsKeptUnlessItMakesTooManyBuckets(
            @ForAll @LongRange(min = 0, max = 1_000 * 365 * DAY) long span,
            @ForAll @LongRange(min = 1, max = 7 * 24 * 60) long minutes) {
        Timeline timeline = spanning(span + 1);
        long asked = minutes * 60;

        long size = timeline.bucketSecondsAtMost(asked);

        // buckets(asked) would make span / asked buckets, give or take their alignment.
        if (span / asked + 2 <= Timeline.MAX_BUCKETS) {
            assertThat(size).isEqualTo(asked);
        } else if (span / asked > Timeline.MAX_BUCKETS) {
            assertThat(size).isGreaterThan(asked);
        }
        // Counted without making them first, should the property fail: each is a few longs.
        assertThat(span / size).isLessThanOrEqualTo(Timeline.MAX_BUCKETS);
        if (span / size < 1_000_000) {
            assertThat(timeline.buckets(size)).hasSizeLessThanOrEqualTo(Timeline.MAX_BUCKETS);
        }
    }

    private static Timeline spanning(long seconds) {
        Timeline timeline = new Timeline();
        long start = Instant.parse("2026-03-05T10:00:00Z").getEpochSecond();
        timeline.add(start, false);
        timeline.add(start + seconds - 1, false);
        return timeline;
    }
}
