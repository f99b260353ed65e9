package dev.logslice.stats;

import javax.annotation.Nullable;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The running total of a {@code --follow} job in this JVM: its sink merges the partials into it,
 * and the command's thread takes copies of it to render, each refresh. Found by the id the sink was
 * made with, since the sink is serialised into the job.
 */
public final class LiveStats {
    private static final Map<String, LiveStats> RUNNING = new ConcurrentHashMap<>();

    private LogStats total;

    private LiveStats() {}

    /** The total of the job whose sink has {@code id}; empty until the sink has started. */
    public static LiveStats of(String id) {
        return RUNNING.computeIfAbsent(id, k -> new LiveStats());
    }

    /** Lets the total of a job that ended go. */
    public static void release(String id) {
        RUNNING.remove(id);
    }

    /** The sink (re)started: the total is what its state held, or nothing on a first run. */
    synchronized void reset(LogStats restored) {
        total = restored;
    }

    synchronized void merge(LogStats partial) {
        total.merge(partial);
    }

    /** The total as bytes, for a checkpoint. */
    synchronized byte[] toBytes() {
        return total.toBytes();
    }

    /** A copy of the total, or null while the sink has not started (or restored) it yet. */
    @Nullable
    public synchronized LogStats copy() {
        return total == null ? null : LogStats.fromBytes(total.toBytes());
    }
}
