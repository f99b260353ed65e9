package dev.logslice.job;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stops of the follow runs in this JVM, by id, for a sink that ends its run once it has written
 * all it may ({@code grep --follow -m}): the sink is a copy made for the job, so it finds its run's
 * stop by the id it was given, as {@code LiveStats} finds a run's total.
 */
public final class FollowStops {
    private static final Map<String, CompletableFuture<Void>> RUNNING = new ConcurrentHashMap<>();

    private FollowStops() {}

    /** The id by which a sink of this JVM completes {@code stop}; let go once it completes. */
    public static String register(CompletableFuture<Void> stop) {
        String id = UUID.randomUUID().toString();
        RUNNING.put(id, stop);
        stop.whenComplete((stopped, error) -> RUNNING.remove(id));
        return id;
    }

    static void stop(String id) {
        CompletableFuture<Void> stop = RUNNING.get(id);
        if (stop != null) {
            stop.complete(null);
        }
    }
}
