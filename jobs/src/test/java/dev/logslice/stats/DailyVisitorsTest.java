package dev.logslice.stats;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/** Visitors per day past the exact range: an estimate, never more than the day's hits. */
class DailyVisitorsTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void aDayOfOneHitPerVisitorHasNoMoreVisitorsThanHits(int seed) {
        Random random = new Random(seed);
        DailyVisitors days = new DailyVisitors();
        long day = DailyVisitors.dayOf(1_796_000_000L);
        int hits = 20_000;
        for (int i = 0; i < hits; i++) {
            days.add(day, Visitors.hash(random.nextLong(), random.nextLong(), day), 100);
        }

        DailyVisitors.Row row = days.rows().get(0);

        assertThat(row.exact()).isFalse();
        assertThat(row.hits()).isEqualTo(hits);
        assertThat(row.visitors()).isLessThanOrEqualTo(hits).isCloseTo(hits, withinPercentage(3));
    }
}
