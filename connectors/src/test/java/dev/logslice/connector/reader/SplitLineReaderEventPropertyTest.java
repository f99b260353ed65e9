package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteArrayReadChannel;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Multi-line events: whatever the cut points, every line is emitted once and every event (a line
 * starting with {@code E} and the lines after it that do not) stays in one split.
 */
class SplitLineReaderEventPropertyTest {
    private static final Path FILE = new Path("file:/logs/app.log");
    private static final EventStarts STARTS_WITH_E =
            line -> line.length() > 0 && line.buffer()[line.start()] == 'E';

    @Property(tries = 300)
    void eventsStayWholeAndLinesComeOnce(
            @ForAll("eventLogs") byte[] file,
            @ForAll @IntRange(min = 1, max = 6) int cuts,
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 3) int bufferPages,
            @ForAll @IntRange(min = 20, max = 9000) int maxLineLength)
            throws IOException {
        Random random = new Random(seed);
        TreeSet<Long> bounds = new TreeSet<>(List.of(0L, (long) file.length));
        for (int i = 0; i < cuts && file.length > 1; i++) {
            bounds.add(1 + (long) random.nextInt(file.length - 1));
        }
        List<Long> points = new ArrayList<>(bounds);
        List<LineAt> emitted = new ArrayList<>();
        List<Integer> splitOfLine = new ArrayList<>();
        for (int s = 0; s + 1 < points.size(); s++) {
            ByteArrayReadChannel channel =
                    random.nextBoolean()
                            ? ByteArrayReadChannel.fullReads(file)
                            : ByteArrayReadChannel.tinyReads(file, random.nextLong());
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                                    channel,
                                    FILE,
                                    points.get(s),
                                    points.get(s + 1),
                                    file.length,
                                    bufferPages * 4096,
                                    maxLineLength)
                            .withEventStarts(STARTS_WITH_E);
            for (LineAt line : SplitRead.toEnd(reader).lines()) {
                emitted.add(line);
                splitOfLine.add(s);
            }
        }

        List<LineAt> expected =
                ReferenceLines.notLongerThan(ReferenceLines.of(file), maxLineLength);
        assertThat(emitted).isEqualTo(expected);
        for (int i = 1; i < emitted.size(); i++) {
            boolean continuation = !emitted.get(i).content().startsWith("E");
            if (continuation) {
                assertThat(splitOfLine.get(i))
                        .as("continuation line at %d", emitted.get(i).offset())
                        .isEqualTo(splitOfLine.get(i - 1));
            }
        }
    }

    @Provide
    Arbitrary<byte[]> eventLogs() {
        Arbitrary<String> eventLine =
                Arbitraries.strings().withChars("abc [:]").ofMaxLength(80).map(text -> "E " + text);
        Arbitrary<String> continuation =
                Arbitraries.oneOf(
                        Arbitraries.strings()
                                .withChars("xyz.()")
                                .ofMaxLength(60)
                                .map(t -> "\tat " + t),
                        Arbitraries.just("Caused by: java.io.IOException"),
                        Arbitraries.just(""),
                        Arbitraries.strings().withChars("q").ofMinLength(5000).ofMaxLength(12000));
        Arbitrary<String> line =
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, eventLine),
                        net.jqwik.api.Tuple.of(4, continuation));
        Arbitrary<String> terminator = Arbitraries.of("\n", "\n", "\r\n");
        return net.jqwik.api.Combinators.combine(
                        line.list().ofMaxSize(60),
                        terminator.list().ofSize(60),
                        Arbitraries.of(true, false))
                .as(
                        (lines, terminators, finalNewline) -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream();
                            for (int i = 0; i < lines.size(); i++) {
                                out.writeBytes(lines.get(i).getBytes());
                                if (i < lines.size() - 1 || finalNewline) {
                                    out.writeBytes(terminators.get(i).getBytes());
                                }
                            }
                            return out.toByteArray();
                        });
    }
}
