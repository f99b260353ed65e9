package dev.logslice.stats;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Events and errors per minute; reports regroup minutes into coarser buckets, so partials from any
 * reader merge exactly whatever bucket the user asks for.
 */
public final class Timeline {
    public static final long MINUTE = 60;

    /** Per minute (epoch seconds of its start): {events, errors}. */
    private final TreeMap<Long, long[]> minutes = new TreeMap<>();

    private long lastMinute;
    @Nullable private long[] lastCounts;

    /** One bucket of the report. */
    public record Bucket(long startEpochSecond, long events, long errors) {}

    public void add(long epochSecond, boolean error) {
        // Logs are written in time order: most events fall in the minute of the one before, found
        // without a division.
        if (lastCounts == null || epochSecond < lastMinute || epochSecond >= lastMinute + MINUTE) {
            lastMinute = Math.floorDiv(epochSecond, MINUTE) * MINUTE;
            lastCounts = minutes.computeIfAbsent(lastMinute, k -> new long[2]);
        }
        long[] counts = lastCounts;
        counts[0]++;
        if (error) {
            counts[1]++;
        }
    }

    public void merge(Timeline other) {
        other.minutes.forEach(
                (minute, counts) -> {
                    long[] mine = minutes.computeIfAbsent(minute, k -> new long[2]);
                    mine[0] += counts[0];
                    mine[1] += counts[1];
                });
    }

    public boolean isEmpty() {
        return minutes.isEmpty();
    }

    /** Seconds from the first minute to the end of the last. */
    public long spanSeconds() {
        return minutes.isEmpty() ? 0 : minutes.lastKey() - minutes.firstKey() + MINUTE;
    }

    /**
     * Buckets of {@code bucketSeconds} (a multiple of a minute) from the first event's bucket to
     * the last, empty ones included so that gaps show.
     */
    public List<Bucket> buckets(long bucketSeconds) {
        List<Bucket> buckets = new ArrayList<>();
        if (minutes.isEmpty()) {
            return buckets;
        }
        long first = Math.floorDiv(minutes.firstKey(), bucketSeconds) * bucketSeconds;
        for (long start = first; start <= minutes.lastKey(); start += bucketSeconds) {
            long events = 0;
            long errors = 0;
            for (long[] counts : minutes.subMap(start, start + bucketSeconds).values()) {
                events += counts[0];
                errors += counts[1];
            }
            buckets.add(new Bucket(start, events, errors));
        }
        return buckets;
    }

    /** A bucket size of whole minutes that gives at most {@code maxBuckets} buckets. */
    public long autoBucketSeconds(int maxBuckets) {
        long[] steps = {1, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 10080};
        for (long minutesPerBucket : steps) {
            if (spanSeconds() <= minutesPerBucket * MINUTE * maxBuckets) {
                return minutesPerBucket * MINUTE;
            }
        }
        long weeks = spanSeconds() / (10080 * MINUTE * maxBuckets) + 1;
        return weeks * 10080 * MINUTE;
    }

    void write(DataOutput out) throws IOException {
        out.writeInt(minutes.size());
        for (Map.Entry<Long, long[]> entry : minutes.entrySet()) {
            out.writeLong(entry.getKey());
            out.writeLong(entry.getValue()[0]);
            out.writeLong(entry.getValue()[1]);
        }
    }

    static Timeline read(DataInput in) throws IOException {
        Timeline timeline = new Timeline();
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            timeline.minutes.put(in.readLong(), new long[] {in.readLong(), in.readLong()});
        }
        return timeline;
    }
}
