package dev.logslice.connector.reader;

import dev.logslice.connector.testing.LineAt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link SplitLineReader} emitted and counted, run to the end of its split; {@code indices}
 * holds each line's index among its split's lines of its file (what {@code grep -n} counts from).
 */
record SplitRead(List<LineAt> lines, List<Long> indices, SplitReadStats stats) {
    /** Far more calls than any test file needs even with 0-byte reads: a reader stuck in place. */
    private static final int MAX_CALLS = 10_000_000;

    static SplitRead toEnd(SplitLineReader reader) throws IOException {
        List<LineAt> lines = new ArrayList<>();
        List<Long> indices = new ArrayList<>();
        int calls = 0;
        while (reader.readNext(
                line -> {
                    lines.add(LineAt.of(line));
                    indices.add(line.indexInSplitOfFile());
                })) {
            if (++calls > MAX_CALLS) {
                throw new AssertionError("the reader makes no progress");
            }
        }
        return new SplitRead(lines, indices, reader.stats());
    }
}
