package dev.logslice.connector.reader;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.testing.LineAt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a {@link SplitLineReader} emitted and counted, run to the end of its split; {@code indices}
 * holds each line's index among its split's lines of its file (what {@code grep -n} counts from). A
 * line the reader tells holds no ESC is checked to hold none as it is read; {@code
 * linesKnownEscapeFree} counts them.
 */
record SplitRead(
        List<LineAt> lines, List<Long> indices, SplitReadStats stats, int linesKnownEscapeFree) {
    /** Far more calls than any test file needs even with 0-byte reads: a reader stuck in place. */
    private static final int MAX_CALLS = 10_000_000;

    static SplitRead toEnd(SplitLineReader reader) throws IOException {
        List<LineAt> lines = new ArrayList<>();
        List<Long> indices = new ArrayList<>();
        int[] escapeFree = {0};
        int calls = 0;
        while (reader.readNext(
                line -> {
                    if (!line.mayHoldEscape()) {
                        assertThat(holdsEscape(line))
                                .as("whether the line at %d holds an ESC", line.offset())
                                .isFalse();
                        escapeFree[0]++;
                    }
                    lines.add(LineAt.of(line));
                    indices.add(line.indexInSplitOfFile());
                })) {
            if (++calls > MAX_CALLS) {
                throw new AssertionError("the reader makes no progress");
            }
        }
        return new SplitRead(lines, indices, reader.stats(), escapeFree[0]);
    }

    private static boolean holdsEscape(Line line) {
        for (int i = line.start(); i < line.start() + line.length(); i++) {
            if (line.buffer()[i] == 0x1b) {
                return true;
            }
        }
        return false;
    }
}
