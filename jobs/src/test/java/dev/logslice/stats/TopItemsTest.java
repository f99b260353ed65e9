package dev.logslice.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A panel's counts read back as written, the sketch's serial form notwithstanding. */
class TopItemsTest {
    /**
     * Values each seen once, more than the sketch's map holds, until a purge leaves it no value:
     * DataSketches then writes it as an empty sketch, without its stream length and offset.
     */
    @Test
    void aSketchItsPurgesEmptiedKeepsItsEventsAndErrorThroughItsBytes() {
        TopItems items = new TopItems();
        long added = 0;
        while (added < 1_000 || !items.isEmpty()) {
            items.add("10.0." + (added >> 8) + "." + (added & 255) + ":" + added, 1);
            added++;
            assertThat(added).as("a purge that empties the sketch").isLessThan(1_000_000);
        }

        TopItems read = TopItems.fromBytes(items.toBytes());
        TopItems merged = new TopItems();
        merged.add("one more", 1);
        merged.merge(TopItems.fromBytes(read.toBytes()));

        assertThat(read.events()).isEqualTo(added);
        assertThat(read.maxError()).isEqualTo(items.maxError()).isPositive();
        assertThat(merged.events()).isEqualTo(added + 1);
        assertThat(merged.maxError()).isGreaterThanOrEqualTo(items.maxError());
    }
}
