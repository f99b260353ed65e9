package dev.logslice.stats;

import javax.annotation.Nullable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The total of a {@code stats --follow} run as a ring of slots by arrival time: each partial is
 * merged into the slot of the time it came (the sink's clock), and the total is that of the slots
 * of the last {@code --window}, a window cut into {@value #SLOTS} slots (of at least a second): a
 * slot counts while any of it is in the window, so the total covers the window and at most one slot
 * more. Without a window the ring is one slot that never ends: everything since the start.
 *
 * <p>By arrival, not event time: a partial folds lines of any times (and lines with none, malformed
 * ones), so it can only be placed by when it came; and "the last hour" then needs no watermark or
 * lateness, whatever the clocks of the logs. A backlog read with {@code --from-start} arrives at
 * the start, and so stays in the window for its length.
 */
final class ArrivalWindow {
    static final int SLOTS = 60;

    private static final int VERSION = 1;

    @Nullable private final Duration window;
    private final long slotMillis;

    /** The slots by their start (epoch millis; 0 for the one slot of no window). */
    private final TreeMap<Long, LogStats> slots = new TreeMap<>();

    /** A ring for {@code window}, or for the whole run when null. */
    ArrivalWindow(@Nullable Duration window) {
        this.window = window;
        this.slotMillis = window == null ? 0 : Math.max(1000, window.toMillis() / SLOTS);
    }

    /** Merges a partial that arrived at {@code nowMillis}, and forgets the slots it ended. */
    void add(LogStats partial, long nowMillis) {
        slotAt(nowMillis).merge(partial);
        expire(nowMillis);
    }

    /** A copy of the total of the window that ends at {@code nowMillis}. */
    LogStats total(long nowMillis) {
        expire(nowMillis);
        LogStats total = new LogStats();
        // Merging takes from its argument (pending counts, sketches): a copy of each slot.
        slots.values().forEach(slot -> total.merge(LogStats.fromBytes(slot.toBytes())));
        return total;
    }

    private LogStats slotAt(long millis) {
        long start = window == null ? 0 : Math.floorDiv(millis, slotMillis) * slotMillis;
        return slots.computeIfAbsent(start, k -> new LogStats());
    }

    private void expire(long nowMillis) {
        if (window != null) {
            // A slot ends at start + slotMillis; those that ended before the window began go.
            slots.headMap(nowMillis - window.toMillis() - slotMillis, true).clear();
        }
    }

    /** The slots with their starts; read back into a ring of any window by {@link #restore}. */
    byte[] toBytes() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            out.writeInt(VERSION);
            out.writeInt(slots.size());
            for (Map.Entry<Long, LogStats> slot : slots.entrySet()) {
                byte[] stats = slot.getValue().toBytes();
                out.writeLong(slot.getKey());
                out.writeInt(stats.length);
                out.write(stats);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /**
     * Merges in the slots of {@link #toBytes}, each into the slot of this ring its start falls in
     * (the window may have changed between runs); trailing bytes are an error.
     */
    void restore(byte[] serialized) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException("unknown version " + version + " of a stats window");
            }
            for (int count = in.readInt(); count > 0; count--) {
                long start = in.readLong();
                byte[] stats = new byte[in.readInt()];
                in.readFully(stats);
                slotAt(start).merge(LogStats.fromBytes(stats));
            }
            if (in.read() != -1) {
                throw new IOException("trailing bytes after a stats window");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The bytes of a ring holding {@code total} alone, as arrived at the epoch (before any window).
     */
    static byte[] ofTotal(byte[] total) {
        ArrivalWindow ring = new ArrivalWindow(null);
        ring.slots.put(0L, LogStats.fromBytes(total));
        return ring.toBytes();
    }
}
