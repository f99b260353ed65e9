package dev.logslice.stats;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ring of {@code stats --follow --window}, on explicit arrival times (a fake clock): what it
 * counts is what arrived in the window, to a slot; its bytes restore into a ring of any window.
 */
class ArrivalWindowTest {
    private static final long T0 = 1_764_000_000_000L; // an arrival time, epoch millis

    /** A partial arriving at a time, in millis after T0. */
    record Arrival(long afterMillis, int lines) {}

    /**
     * At any time, the lines counted are those of the partials whose slot (a 60th of the window)
     * still overlaps the window: all that arrived in the window, and none that arrived a slot or
     * more before it. Arrivals in any order of time (a clock that steps back) and queries between.
     */
    @Property(tries = 300)
    void countsWhatArrivedInTheWindowToASlot(
            @ForAll @IntRange(min = 1, max = 7200) int windowSeconds,
            @ForAll("arrivals") @Size(max = 60) List<Arrival> arrivals,
            @ForAll @IntRange(min = 0, max = 20_000_000) int queryAfterMillis) {
        Duration window = Duration.ofSeconds(windowSeconds);
        long slot = Math.max(1000, window.toMillis() / ArrivalWindow.SLOTS);
        ArrivalWindow ring = new ArrivalWindow(window);
        List<Arrival> kept = new ArrayList<>();
        for (Arrival arrival : arrivals) {
            long at = T0 + arrival.afterMillis();
            ring.add(lines(arrival.lines()), at);
            // A later arrival ends slots: what the model keeps must be in the window at every add.
            kept.removeIf(k -> !inWindow(T0 + k.afterMillis(), at, window, slot));
            kept.add(arrival);
        }
        long now = T0 + queryAfterMillis;
        long expected =
                kept.stream()
                        .filter(k -> inWindow(T0 + k.afterMillis(), now, window, slot))
                        .mapToLong(Arrival::lines)
                        .sum();
        long counted = ring.total(now).lines();
        assertThat(counted).isEqualTo(expected);

        // Everything that arrived in (now - window, now], and was not dropped by a later arrival.
        long inWindowExactly =
                kept.stream()
                        .filter(k -> T0 + k.afterMillis() > now - window.toMillis())
                        .filter(k -> T0 + k.afterMillis() <= now)
                        .mapToLong(Arrival::lines)
                        .sum();
        assertThat(counted).isGreaterThanOrEqualTo(inWindowExactly);
    }

    /** The slot of {@code at} ends after the window that ends at {@code now} began. */
    private static boolean inWindow(long at, long now, Duration window, long slot) {
        return Math.floorDiv(at, slot) * slot + slot > now - window.toMillis();
    }

    @Provide
    Arbitrary<List<Arrival>> arrivals() {
        return Combinators.combine(
                        Arbitraries.longs().between(0, 20_000_000),
                        Arbitraries.integers().between(1, 5))
                .as(Arrival::new)
                .list();
    }

    @Test
    void anHourWindowForgetsWhatCameMoreThanAnHourAndAMinuteAgo() {
        ArrivalWindow ring = new ArrivalWindow(Duration.ofHours(1));
        long minute = 60_000;
        long start = T0 - T0 % minute; // a slot's start
        ring.add(lines(5), start);
        ring.add(lines(7), start + 30 * minute);
        assertThat(ring.total(start + 60 * minute).lines()).isEqualTo(12);
        // The first slot, [start, start + 1 min), is out once the window starts after it.
        assertThat(ring.total(start + 61 * minute - 1).lines()).isEqualTo(12);
        assertThat(ring.total(start + 61 * minute).lines()).isEqualTo(7);
        assertThat(ring.total(start + 91 * minute).lines()).isZero();
    }

    @Test
    void withoutAWindowEverythingSinceTheStartCounts() {
        ArrivalWindow ring = new ArrivalWindow(null);
        ring.add(lines(3), T0);
        ring.add(lines(4), T0 + Duration.ofDays(400).toMillis());
        assertThat(ring.total(T0 + Duration.ofDays(800).toMillis()).lines()).isEqualTo(7);
    }

    @Test
    void itsBytesRestoreIntoARingOfAnotherWindowByTheSlotsStarts() {
        ArrivalWindow hour = new ArrivalWindow(Duration.ofHours(1));
        hour.add(lines(2), T0);
        hour.add(lines(3), T0 + Duration.ofMinutes(50).toMillis());
        byte[] bytes = hour.toBytes();
        long now = T0 + Duration.ofMinutes(55).toMillis();

        ArrivalWindow same = new ArrivalWindow(Duration.ofHours(1));
        same.restore(bytes);
        assertThat(same.total(now).lines()).isEqualTo(5);
        ArrivalWindow tenMinutes = new ArrivalWindow(Duration.ofMinutes(10));
        tenMinutes.restore(bytes);
        assertThat(tenMinutes.total(now).lines()).isEqualTo(3);
        ArrivalWindow whole = new ArrivalWindow(null);
        whole.restore(bytes);
        assertThat(whole.total(now).lines()).isEqualTo(5);
    }

    @Test
    void aTotalOfVersion1IsOneSlotThatArrivedBeforeAnyWindow() {
        byte[] ring = ArrivalWindow.ofTotal(lines(9).toBytes());
        ArrivalWindow whole = new ArrivalWindow(null);
        whole.restore(ring);
        assertThat(whole.total(T0).lines()).isEqualTo(9);
        ArrivalWindow day = new ArrivalWindow(Duration.ofDays(1));
        day.restore(ring);
        assertThat(day.total(T0).lines()).isZero();
    }

    @Test
    void trailingBytesAndUnknownVersionsAreRefused() {
        byte[] bytes = new ArrivalWindow(null).toBytes();
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> new ArrivalWindow(null).restore(longer))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("trailing bytes");
        bytes[3] = 9;
        assertThatThrownBy(() -> new ArrivalWindow(null).restore(bytes))
                .hasMessageContaining("unknown version 9 of a stats window");
    }

    private static LogStats lines(int count) {
        LogStats partial = new LogStats();
        partial.skipRowTotals();
        for (int i = 0; i < count; i++) {
            partial.addLine(10);
        }
        return partial;
    }
}
