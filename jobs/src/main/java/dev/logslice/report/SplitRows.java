package dev.logslice.report;

import dev.logslice.connector.source.SplitReport;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The splits a report lists one by one: at most {@value #LISTED}, the ones that read the most bytes
 * (of equal ones, the first in the job's list, so that the same input gives the same report on any
 * machine), in the order of the job's list, and the sums of all the others in one row. Tiny split
 * sizes make up to 10,000 splits, a row each of which no one reads and every report would carry.
 *
 * @param listed the splits listed, in split order
 * @param total all the splits of the job
 * @param others the sums of the splits not listed
 */
public record SplitRows(List<SplitReport> listed, int total, Sums others) {
    /** The most splits a report lists one by one. */
    public static final int LISTED = 100;

    private static final Comparator<SplitReport> LARGEST_FIRST =
            Comparator.comparingLong(SplitReport::bytesRead)
                    .reversed()
                    .thenComparing(SplitReport::splitId);

    /** The figures of several splits added up. */
    public record Sums(
            int splits,
            long bytes,
            long lines,
            long readCalls,
            long readNanos,
            long oversizedLines) {

        /** How the row of these sums is labelled in place of a split's id. */
        public String label() {
            return String.format(splits == 1 ? "%,d more split" : "%,d more splits", splits);
        }
    }

    /** Up to {@value #LISTED} of {@code splits}. */
    public static SplitRows of(List<SplitReport> splits) {
        return of(splits, split -> true);
    }

    /** Up to {@value #LISTED} of those {@code splits} that are {@code listable}. */
    public static SplitRows of(List<SplitReport> splits, Predicate<SplitReport> listable) {
        Set<SplitReport> largest = Collections.newSetFromMap(new IdentityHashMap<>());
        splits.stream().filter(listable).sorted(LARGEST_FIRST).limit(LISTED).forEach(largest::add);
        List<SplitReport> listed = new ArrayList<>(largest.size());
        int others = 0;
        long bytes = 0;
        long lines = 0;
        long readCalls = 0;
        long readNanos = 0;
        long oversizedLines = 0;
        for (SplitReport split : splits) {
            if (largest.contains(split)) {
                listed.add(split);
            } else {
                others++;
                bytes += split.bytesRead();
                lines += split.lines();
                readCalls += split.readCalls();
                readNanos += split.readNanos();
                oversizedLines += split.oversizedLines();
            }
        }
        return new SplitRows(
                listed,
                splits.size(),
                new Sums(others, bytes, lines, readCalls, readNanos, oversizedLines));
    }

    /**
     * Writes {@code splitsTotal}, {@code splitsShown}, {@code otherSplits} (the sums of those not
     * shown) and {@code splits}, the array of those shown.
     */
    public void writeJson(JsonGenerator json) throws IOException {
        json.writeNumberField("splitsTotal", total);
        json.writeNumberField("splitsShown", listed.size());
        json.writeObjectFieldStart("otherSplits");
        json.writeNumberField("splits", others.splits());
        json.writeNumberField("bytes", others.bytes());
        json.writeNumberField("lines", others.lines());
        json.writeNumberField("readCalls", others.readCalls());
        json.writeNumberField("readNanos", others.readNanos());
        json.writeNumberField("oversizedLines", others.oversizedLines());
        json.writeEndObject();
        json.writeArrayFieldStart("splits");
        for (SplitReport split : listed) {
            SplitJson.write(json, split);
        }
        json.writeEndArray();
    }
}
