package dev.logslice.connector.reader;

import dev.logslice.connector.testing.LineAt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What a {@link SplitLineReader} emitted and counted, run to the end of its split. */
record SplitRead(List<LineAt> lines, SplitReadStats stats) {
    /** Far more calls than any test file needs even with 0-byte reads: a reader stuck in place. */
    private static final int MAX_CALLS = 10_000_000;

    static SplitRead toEnd(SplitLineReader reader) throws IOException {
        List<LineAt> lines = new ArrayList<>();
        int calls = 0;
        while (reader.readNext(line -> lines.add(LineAt.of(line)))) {
            if (++calls > MAX_CALLS) {
                throw new AssertionError("the reader makes no progress");
            }
        }
        return new SplitRead(lines, reader.stats());
    }
}
