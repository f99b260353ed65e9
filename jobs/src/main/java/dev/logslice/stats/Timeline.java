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
    public static final long WEEK = 7 * 24 * 60 * MINUTE;

    /**
     * Buckets the automatic choice aims at: one choice for every output, and few enough for a
     * terminal's rows.
     */
    public static final int AUTO_BUCKETS = 48;

    /** The most buckets of a size the user gives: a year of 5-minute ones, 100 days of minutes. */
    public static final int MAX_BUCKETS = 105_120;

    /** Bucket sizes in minutes, each a whole number of its largest unit (min, h, day, week). */
    private static final long[] STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 10080};

    /** 1970-01-05, the first Monday of the epoch: weeks start on Monday (ISO 8601). */
    private static final long FIRST_MONDAY = 4 * 24 * 60 * MINUTE;

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

    /** Error events of all minutes. */
    public long errors() {
        return minutes.values().stream().mapToLong(counts -> counts[1]).sum();
    }

    /** Seconds from the first minute to the end of the last. */
    public long spanSeconds() {
        return minutes.isEmpty() ? 0 : minutes.lastKey() - minutes.firstKey() + MINUTE;
    }

    /**
     * Buckets of {@code bucketSeconds} (a multiple of a minute) from the first event's bucket to
     * the last, empty ones included so that gaps show. Buckets of whole weeks start on Mondays,
     * others on multiples of their size since the epoch (days at midnight UTC).
     */
    public List<Bucket> buckets(long bucketSeconds) {
        List<Bucket> buckets = new ArrayList<>();
        if (minutes.isEmpty()) {
            return buckets;
        }
        long origin = bucketSeconds % WEEK == 0 ? FIRST_MONDAY : 0;
        long first =
                origin + Math.floorDiv(minutes.firstKey() - origin, bucketSeconds) * bucketSeconds;
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

    /**
     * {@code bucketSeconds}, or the smallest size of {@link #autoBucketSeconds(int)} that makes at
     * most {@link #MAX_BUCKETS} buckets when it makes more: a minute's buckets over a log spanning
     * centuries (one wrong year) took minutes and every gigabyte of the heap, then failed.
     */
    public long bucketSecondsAtMost(long bucketSeconds) {
        return bucketCount(bucketSeconds) <= MAX_BUCKETS
                ? bucketSeconds
                : autoBucketSeconds(MAX_BUCKETS);
    }

    /** The bucket size every output of a run uses unless the user gives one. */
    public long autoBucketSeconds() {
        return autoBucketSeconds(AUTO_BUCKETS);
    }

    /**
     * The smallest bucket size of {@link #STEPS} (then whole weeks) that gives at most {@code
     * maxBuckets} buckets, counted as {@link #buckets} aligns them.
     */
    public long autoBucketSeconds(int maxBuckets) {
        for (long minutesPerBucket : STEPS) {
            long size = minutesPerBucket * MINUTE;
            if (bucketCount(size) <= maxBuckets) {
                return size;
            }
        }
        long weeks = Math.max(1, spanSeconds() / (WEEK * maxBuckets));
        while (bucketCount(weeks * WEEK) > maxBuckets) {
            weeks++;
        }
        return weeks * WEEK;
    }

    private long bucketCount(long bucketSeconds) {
        if (minutes.isEmpty()) {
            return 0;
        }
        long origin = bucketSeconds % WEEK == 0 ? FIRST_MONDAY : 0;
        return Math.floorDiv(minutes.lastKey() - origin, bucketSeconds)
                - Math.floorDiv(minutes.firstKey() - origin, bucketSeconds)
                + 1;
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
