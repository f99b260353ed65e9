package dev.logslice.format.malformed;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts events, malformed and blank lines per file and keeps a few malformed samples, so that a
 * job reports bad lines instead of failing on them; in strict mode the first malformed line fails
 * with {@code file:offset: reason}. Not thread-safe: one per task, merged by the caller.
 */
public final class MalformedLines {
    private final int maxSamples;
    private final boolean strict;
    private final Map<String, FileTally> byFile = new LinkedHashMap<>();

    /**
     * @param maxSamples malformed lines kept per file for the report
     * @param strict whether the first malformed line throws {@link MalformedLineException}
     */
    public MalformedLines(int maxSamples, boolean strict) {
        if (maxSamples < 0) {
            throw new IllegalArgumentException("max samples " + maxSamples + " is negative");
        }
        this.maxSamples = maxSamples;
        this.strict = strict;
    }

    /** Counts a parse result; in strict mode throws for a malformed line. */
    public void count(ParseResult result) {
        FileTally tally = byFile.computeIfAbsent(result.file(), f -> new FileTally(f, maxSamples));
        if (result instanceof LogEvent) {
            tally.countEvent();
            return;
        }
        MalformedLine line = (MalformedLine) result;
        if (line.isBlank()) {
            tally.countBlank();
            return;
        }
        if (strict) {
            throw new MalformedLineException(line);
        }
        tally.countMalformed(line);
    }

    /** The tallies, in the order files were first seen. */
    public Collection<FileTally> files() {
        return Collections.unmodifiableCollection(byFile.values());
    }

    public long malformed() {
        return byFile.values().stream().mapToLong(FileTally::malformed).sum();
    }

    /**
     * A report for people: per file with malformed lines, the count and rate, then each sample as
     * {@code file:offset: reason} and its first bytes escaped.
     */
    public String report() {
        StringBuilder out = new StringBuilder();
        for (FileTally tally : byFile.values()) {
            if (tally.malformed() == 0) {
                continue;
            }
            out.append(
                    String.format(
                            "%s: %d malformed of %d lines (%.2f%%)%n",
                            tally.file(),
                            tally.malformed(),
                            tally.events() + tally.malformed(),
                            100 * tally.malformedRate()));
            for (MalformedLine sample : tally.samples()) {
                out.append("  ").append(sample).append('\n');
                out.append("    ").append(sample.escapedSample()).append('\n');
            }
        }
        return out.toString();
    }
}
