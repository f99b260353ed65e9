package dev.logslice.stats;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * What {@code stats --follow}'s readers emit: each line in exactly one partial, of its own split,
 * emitted at a look at that split once due, or when the split ends.
 */
class FollowingPartialsTest {
    private static final int SPLITS = 3;

    /**
     * Actions on the decoder, in any order: a line of split {@code s} (of {@code s + 1} bytes, so a
     * partial tells whose lines it holds), a look at split {@code s}, split {@code s} ends.
     */
    @Property(tries = 300)
    void everyLineIsInOnePartialOfItsSplitOnce(@ForAll("actions") List<Action> actions) {
        FollowingPartials decoder = FollowingPartials.lines(Duration.ZERO);
        long[] held = new long[SPLITS];
        long decoded = 0;
        List<LogStats> emitted = new ArrayList<>();
        for (Action action : actions) {
            int s = action.split();
            List<byte[]> out = new ArrayList<>();
            switch (action.kind()) {
                case LINE -> {
                    assertThat(decoder.decode(line(s, held[s]))).isNull();
                    held[s]++;
                    decoded++;
                }
                case LOOK -> decoder.followedPollDone(id(s), out::add);
                case END -> decoder.finishSplit(report(s), out::add);
            }
            // Due at once (interval 0): a look or an end emits what the split holds, if any.
            assertThat(out).hasSize(action.kind() != Kind.LINE && held[s] > 0 ? 1 : 0);
            for (byte[] bytes : out) {
                LogStats partial = LogStats.fromBytes(bytes);
                assertThat(partial.lines()).isEqualTo(held[s]);
                assertThat(partial.bytes()).isEqualTo(held[s] * (s + 2)); // s + 1 and its LF
                assertThat(partial.linesByFile())
                        .as("the report's files come from these counts")
                        .containsExactly(entry(file(s).toString(), held[s]));
                emitted.add(partial);
                held[s] = 0;
            }
        }
        for (int s = 0; s < SPLITS; s++) {
            decoder.finishSplit(report(s), bytes -> emitted.add(LogStats.fromBytes(bytes)));
        }
        assertThat(emitted.stream().mapToLong(LogStats::lines).sum()).isEqualTo(decoded);
    }

    @Test
    void aPartialWaitsForItsIntervalAndGoesOutWhenTheSplitEnds() {
        FollowingPartials decoder = FollowingPartials.lines(Duration.ofHours(1));
        decoder.decode(line(0, 0));
        decoder.decode(line(1, 0));
        decoder.decode(line(0, 1));
        List<byte[]> out = new ArrayList<>();
        decoder.followedPollDone(id(0), out::add);
        decoder.followedPollDone(id(0), out::add);
        assertThat(out).as("not due for an hour").isEmpty();
        decoder.finishSplit(report(0), out::add);
        assertThat(out).hasSize(1);
        assertThat(LogStats.fromBytes(out.get(0)).lines()).isEqualTo(2);
        decoder.finishSplit(report(0), out::add);
        assertThat(out).as("nothing held twice").hasSize(1);
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Action> action =
                Arbitraries.integers()
                        .between(0, SPLITS - 1)
                        .flatMap(
                                s ->
                                        Arbitraries.frequencyOf(
                                                        Tuple.of(6, Arbitraries.just(Kind.LINE)),
                                                        Tuple.of(3, Arbitraries.just(Kind.LOOK)),
                                                        Tuple.of(1, Arbitraries.just(Kind.END)))
                                                .map(kind -> new Action(kind, s)));
        return action.list().ofMaxSize(60);
    }

    enum Kind {
        LINE,
        LOOK,
        END
    }

    record Action(Kind kind, int split) {}

    private static String id(int split) {
        return "split-" + split;
    }

    private static Line line(int split, long index) {
        Line line = new Line();
        byte[] content = new byte[split + 1];
        Arrays.fill(content, (byte) 'x');
        line.set(file(split), content, 0, content.length, index * (split + 2), LineTerminator.LF);
        line.setSplitId(id(split));
        return line;
    }

    private static Path file(int split) {
        return new Path("/logs/" + split + ".log");
    }

    private static SplitReport report(int split) {
        return new SplitReport(
                id(split),
                "file:/logs/" + split + ".log",
                0,
                0,
                0,
                0,
                0,
                List.of(),
                0,
                0,
                0,
                0,
                "",
                0,
                0,
                null);
    }
}
