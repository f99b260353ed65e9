package dev.logslice.format.malformed;

import dev.logslice.format.MalformedLine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Events, malformed and blank lines of one file, with the first malformed lines as samples. */
public final class FileTally {
    private final String file;
    private final int maxSamples;
    private final List<MalformedLine> samples = new ArrayList<>();
    private long events;
    private long malformed;
    private long blank;

    FileTally(String file, int maxSamples) {
        this.file = file;
        this.maxSamples = maxSamples;
    }

    void countEvent() {
        events++;
    }

    void countBlank() {
        blank++;
    }

    void countMalformed(MalformedLine line) {
        malformed++;
        if (samples.size() < maxSamples) {
            samples.add(line);
        }
    }

    public String file() {
        return file;
    }

    public long events() {
        return events;
    }

    public long malformed() {
        return malformed;
    }

    /** Lines of nothing but spaces and tabs outside any event: neither events nor malformed. */
    public long blank() {
        return blank;
    }

    /** Malformed lines per event or malformed line; 0 for an empty file. */
    public double malformedRate() {
        long total = events + malformed;
        return total == 0 ? 0 : (double) malformed / total;
    }

    /** The first malformed lines, at most the configured number. */
    public List<MalformedLine> samples() {
        return Collections.unmodifiableList(samples);
    }
}
