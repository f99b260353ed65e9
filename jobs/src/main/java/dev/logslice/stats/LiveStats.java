package dev.logslice.stats;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The running total of a {@code --follow} job in this JVM, over the whole run or its last {@code
 * --window} ({@link ArrivalWindow}): its sink merges the partials into it (on a cluster, the
 * updates collected from {@link FollowStatsTotal} do), and the command's thread takes copies of it
 * to render, each refresh. Found by the id the sink was made with, since the sink is serialised
 * into the job; the window and the clock are this JVM's, set by the command.
 */
public final class LiveStats {
    private static final Map<String, LiveStats> RUNNING = new ConcurrentHashMap<>();

    @Nullable private final Duration window;
    private final LongSupplier clock;

    @Nullable private ArrivalWindow ring;

    private LiveStats(@Nullable Duration window, LongSupplier clock) {
        this.window = window;
        this.clock = clock;
    }

    /**
     * The total of the job whose sink has {@code id}, over {@code window} (null: the whole run) by
     * {@code clock} (epoch millis); to be made before the job starts.
     */
    public static LiveStats open(String id, @Nullable Duration window, LongSupplier clock) {
        LiveStats live = new LiveStats(window, clock);
        RUNNING.put(id, live);
        return live;
    }

    /** The total of the job whose sink has {@code id}; of the whole run if not opened. */
    public static LiveStats of(String id) {
        return RUNNING.computeIfAbsent(id, k -> new LiveStats(null, System::currentTimeMillis));
    }

    /** Lets the total of a job that ended go. */
    public static void release(String id) {
        RUNNING.remove(id);
    }

    /** The window of the total, null for the whole run. */
    @Nullable
    Duration window() {
        return window;
    }

    /**
     * The sink (re)started, or a base came: the total is what its states held ({@link #toBytes}),
     * or nothing.
     */
    synchronized void reset(Collection<byte[]> restored) {
        ring = new ArrivalWindow(window);
        restored.forEach(ring::restore);
    }

    synchronized void merge(LogStats partial) {
        ring.add(partial, clock.getAsLong());
    }

    /** The total as bytes, for a checkpoint. */
    synchronized byte[] toBytes() {
        return ring.toBytes();
    }

    /** A copy of the total, or null while the sink has not started (or restored) it yet. */
    @Nullable
    public synchronized LogStats copy() {
        return ring == null ? null : ring.total(clock.getAsLong());
    }
}
