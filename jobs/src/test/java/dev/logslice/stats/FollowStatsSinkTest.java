package dev.logslice.stats;

import org.apache.flink.core.io.SimpleVersionedSerialization;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The total of {@code stats --follow} in its checkpoint, and a restore that counts on from it. */
class FollowStatsSinkTest {
    @Test
    void aRestoredWriterCountsOnFromTheTotalOfItsCheckpoint() throws IOException {
        String id = "restore-" + System.nanoTime();
        FollowStatsSink sink = new FollowStatsSink(id);
        FollowStatsSink.Writer first = sink.createWriter(null);
        assertThat(LiveStats.of(id).copy().lines()).isZero();
        first.write(lines(3, 10), null);
        first.write(lines(2, 5), null);
        byte[] state =
                SimpleVersionedSerialization.writeVersionAndSerialize(
                        sink.getWriterStateSerializer(), first.snapshotState(1).get(0));
        first.write(lines(100, 1), null); // after the checkpoint: lost with the run

        FollowStatsSink.Writer resumed =
                sink.restoreWriter(
                        null,
                        List.of(
                                SimpleVersionedSerialization.readVersionAndDeSerialize(
                                        sink.getWriterStateSerializer(), state)));
        assertThat(LiveStats.of(id).copy().lines()).isEqualTo(5);
        resumed.write(lines(4, 1), null);
        LogStats total = LiveStats.of(id).copy();
        assertThat(total.lines()).isEqualTo(9);
        assertThat(total.bytes()).isEqualTo(3 * 10 + 2 * 5 + 4);
        LiveStats.release(id);
    }

    @Test
    void aWindowedTotalDropsWhatArrivedBeforeItsWindowAcrossARestore() throws IOException {
        String id = "window-" + System.nanoTime();
        AtomicLong clock = new AtomicLong(1_764_000_000_000L);
        LiveStats live = LiveStats.open(id, Duration.ofMinutes(10), clock::get);
        FollowStatsSink sink = new FollowStatsSink(id);
        FollowStatsSink.Writer first = sink.createWriter(null);
        first.write(lines(3, 10), null);
        clock.addAndGet(Duration.ofMinutes(6).toMillis());
        first.write(lines(2, 10), null);
        assertThat(live.copy().lines()).isEqualTo(5);
        byte[] state =
                SimpleVersionedSerialization.writeVersionAndSerialize(
                        sink.getWriterStateSerializer(), first.snapshotState(1).get(0));

        // Restored later: the slots keep their arrival times, so the first 3 lines age out.
        clock.addAndGet(Duration.ofMinutes(5).toMillis());
        sink.restoreWriter(
                null,
                List.of(
                        SimpleVersionedSerialization.readVersionAndDeSerialize(
                                sink.getWriterStateSerializer(), state)));
        assertThat(live.copy().lines()).isEqualTo(2);
        clock.addAndGet(Duration.ofMinutes(6).toMillis());
        assertThat(live.copy().lines()).isZero();
        LiveStats.release(id);
    }

    @Test
    void aTotalOfVersion1IsRestoredWhole() throws IOException {
        String id = "v1-" + System.nanoTime();
        FollowStatsSink sink = new FollowStatsSink(id);
        byte[] v1 = new FollowStatsSink.TotalSerializer().deserialize(1, lines(4, 10));
        sink.restoreWriter(null, List.of(v1));
        assertThat(LiveStats.of(id).copy().lines()).isEqualTo(4);
        LiveStats.release(id);
    }

    @Test
    void anUnknownVersionIsRefused() {
        assertThatThrownBy(() -> new FollowStatsSink.TotalSerializer().deserialize(3, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 3");
    }

    private static byte[] lines(int count, long bytesEach) {
        LogStats partial = new LogStats();
        partial.skipRowTotals();
        for (int i = 0; i < count; i++) {
            partial.addLine(bytesEach);
        }
        return partial.toBytes();
    }
}
