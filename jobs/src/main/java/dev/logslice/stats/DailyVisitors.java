package dev.logslice.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Per day (UTC, as every time of the report): visitors ({@link Visitors}), hits and bytes. */
public final class DailyVisitors {
    private static final long DAY_SECONDS = 86_400;

    private final TreeMap<Long, Day> days = new TreeMap<>();
    private long lastDay = Long.MIN_VALUE;
    private Day last;

    /** One row of the report. */
    public record Row(LocalDate day, long visitors, boolean exact, long hits, long bytes) {}

    private static final class Day {
        long hits;
        long bytes;
        final Visitors visitors = Visitors.forDay();
    }

    static long dayOf(long epochSecond) {
        return Math.floorDiv(epochSecond, DAY_SECONDS);
    }

    /**
     * A hit on {@code day} ({@link #dayOf}) by {@code visitor}, with its response bytes (or -1).
     */
    void add(long day, long visitor, long responseBytes) {
        // Logs come in time order: most hits fall on the day of the one before.
        if (day != lastDay) {
            last = days.computeIfAbsent(day, k -> new Day());
            lastDay = day;
        }
        last.hits++;
        if (responseBytes > 0) {
            last.bytes += responseBytes;
        }
        last.visitors.add(visitor);
    }

    void merge(DailyVisitors other) {
        other.days.forEach(
                (day, theirs) -> {
                    Day mine = days.computeIfAbsent(day, k -> new Day());
                    mine.hits += theirs.hits;
                    mine.bytes += theirs.bytes;
                    mine.visitors.merge(theirs.visitors);
                });
    }

    List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        days.forEach(
                (day, counts) ->
                        rows.add(
                                new Row(
                                        LocalDate.ofEpochDay(day),
                                        // An estimate past the hits is known wrong.
                                        Math.min(counts.hits, counts.visitors.count()),
                                        counts.visitors.exact(),
                                        counts.hits,
                                        counts.bytes)));
        return rows;
    }

    void write(DataOutput out) throws IOException {
        out.writeInt(days.size());
        for (Map.Entry<Long, Day> entry : days.entrySet()) {
            out.writeLong(entry.getKey());
            out.writeLong(entry.getValue().hits);
            out.writeLong(entry.getValue().bytes);
            entry.getValue().visitors.write(out);
        }
    }

    static DailyVisitors read(DataInput in) throws IOException {
        DailyVisitors read = new DailyVisitors();
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            Day day = new Day();
            long key = in.readLong();
            day.hits = in.readLong();
            day.bytes = in.readLong();
            day.visitors.merge(Visitors.readDay(in));
            read.days.put(key, day);
        }
        return read;
    }
}
