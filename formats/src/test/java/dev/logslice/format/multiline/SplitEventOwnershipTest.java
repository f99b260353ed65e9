package dev.logslice.format.multiline;

import dev.logslice.format.LogFormat;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.RealLogs;
import dev.logslice.format.testing.SplitReads;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The event ownership rule as the source applies it: the events of all splits are those of the
 * whole file, once each.
 */
class SplitEventOwnershipTest {
    private static final int BUFFER = 4096;
    private static final LogFormat HADOOP = Log4jPreset.HADOOP.format();

    @Test
    void everyCutPointOfASmallFile() {
        byte[] content = EventAssemblerTest.JAVA_LOG.getBytes(StandardCharsets.UTF_8);
        List<String> whole = events(content, List.of());

        assertThat(whole).hasSize(4);
        for (int a = 1; a < content.length; a++) {
            assertThat(events(content, List.of(a))).as("cut at %d", a).isEqualTo(whole);
            for (int b = a + 1; b < content.length; b += 3) {
                assertThat(events(content, List.of(a, b))).as("cuts %d %d", a, b).isEqualTo(whole);
            }
        }
    }

    @Property(tries = 300)
    void randomFilesAndCutPoints(
            @ForAll("javaLogs") String log,
            @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 100_000) Integer> cuts) {
        byte[] content = log.getBytes(StandardCharsets.UTF_8);
        List<Integer> inside = new ArrayList<>();
        for (int cut : cuts) {
            if (content.length > 1) {
                inside.add(1 + cut % (content.length - 1));
            }
        }

        assertThat(events(content, inside)).isEqualTo(events(content, List.of()));
    }

    @Test
    void realLogCutIntoSplits() {
        byte[] content = RealLogs.bytes("Hadoop_2k.log");
        List<String> whole = events(content, List.of());

        assertThat(whole).hasSize(2000);
        assertThat(events(content, List.of(1, 4096, 100_000, 100_001, 250_000))).isEqualTo(whole);
    }

    @Test
    void fileWithoutEventsIsMalformedOnceWhateverTheSplits() {
        byte[] content = RealLogs.bytes("Zookeeper_2k.log");
        List<String> whole = events(content, List.of());

        assertThat(whole).hasSize(2000).allMatch(json -> json.startsWith("{\"malformed\":true"));
        assertThat(events(content, List.of(70_000, 140_000, 210_000))).isEqualTo(whole);
    }

    /**
     * A container runtime cuts a long line into pieces, the rest of each in the next line of its
     * stream: no split starts at a rest, whether the piece before it starts in the split's first
     * bytes or further back than the split reads.
     */
    @Property(tries = 300)
    void criLogsWithCutLines(
            @ForAll("criLogs") String log,
            @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 100_000) Integer> cuts,
            @ForAll @IntRange(min = 40, max = 400) int maxLineLength) {
        assertSameEventsWhateverTheCuts("cri", log, cuts, maxLineLength);
    }

    @Property(tries = 300)
    void dockerLogsWithCutLines(
            @ForAll("dockerLogs") String log,
            @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 100_000) Integer> cuts,
            @ForAll @IntRange(min = 40, max = 400) int maxLineLength) {
        assertSameEventsWhateverTheCuts("docker", log, cuts, maxLineLength);
    }

    private static void assertSameEventsWhateverTheCuts(
            String formatName, String log, List<Integer> cuts, int maxLineLength) {
        LogFormat format = FormatRegistry.standard().create(formatName, FormatOptions.none());
        byte[] content = log.getBytes(StandardCharsets.UTF_8);
        List<Integer> inside = new ArrayList<>();
        for (int cut : cuts) {
            if (content.length > 1) {
                inside.add(1 + cut % (content.length - 1));
            }
        }

        assertThat(events(format, content, inside, maxLineLength))
                .isEqualTo(events(format, content, List.of(), maxLineLength));
    }

    @Test
    void aSplitStartingAtTheRestOfLinesOverTheReadBuffer() {
        String piece = "2024-01-15T10:20:30.123456789Z stdout P ";
        String log =
                piece
                        + "a".repeat(3 * BUFFER)
                        + "\n"
                        + piece
                        + "b".repeat(5 * BUFFER)
                        + "\n"
                        + "2024-01-15T10:20:30.123456789Z stdout F rest\n"
                        + "2024-01-15T10:20:31.000000000Z stdout F next\n";
        byte[] content = log.getBytes(StandardCharsets.UTF_8);
        LogFormat cri = FormatRegistry.standard().create("cri", FormatOptions.none());
        List<String> whole = events(cri, content, List.of(), 1 << 20);

        assertThat(whole).hasSize(2);
        int rest = log.indexOf("2024-01-15T10:20:30.123456789Z stdout F");
        for (int cut : List.of(1, BUFFER, 3 * BUFFER + 50, rest - 1, rest, rest + 1)) {
            assertThat(events(cri, content, List.of(cut), 1 << 20))
                    .as("cut at %d", cut)
                    .isEqualTo(whole);
        }
    }

    @Provide
    Arbitrary<String> criLogs() {
        Arbitrary<String> line =
                Combinators.combine(streams(), Arbitraries.of("P", "F"), programLines())
                        .as(
                                (stream, tag, text) ->
                                        "2024-01-15T10:20:30.123456789Z "
                                                + stream
                                                + " "
                                                + tag
                                                + " "
                                                + text);
        return logOf(line);
    }

    @Provide
    Arbitrary<String> dockerLogs() {
        Arbitrary<String> line =
                Combinators.combine(streams(), Arbitraries.of("", "\\n"), programLines())
                        .as(
                                (stream, end, text) ->
                                        "{\"log\":\""
                                                + text.replace("\t", "\\t")
                                                + end
                                                + "\",\"stream\":\""
                                                + stream
                                                + "\",\"time\":\"2024-01-15T10:20:30.123456789Z\"}");
        return logOf(line);
    }

    private static Arbitrary<String> streams() {
        return Arbitraries.of("stdout", "stdout", "stderr");
    }

    /** What a program writes: log lines, trace lines, long words. */
    private static Arbitrary<String> programLines() {
        return Arbitraries.oneOf(
                Arbitraries.strings().alpha().ofMaxLength(300),
                Arbitraries.of(
                        "2024-01-15 10:20:30,123 - shop.cart - WARNING - cart",
                        "\tat a.B.c(B.java:1)",
                        "Caused by: x.YException: z",
                        "not a container line at all",
                        ""));
    }

    private static Arbitrary<String> logOf(Arbitrary<String> line) {
        Arbitrary<String> terminator = Arbitraries.of("\n", "\n", "\r\n");
        return Combinators.combine(line, terminator)
                .as((text, end) -> text + end)
                .list()
                .ofMaxSize(30)
                .map(lines -> String.join("", lines));
    }

    @Provide
    Arbitrary<String> javaLogs() {
        Arbitrary<String> head =
                Arbitraries.strings()
                        .alpha()
                        .ofMaxLength(8)
                        .map(word -> "2015-10-18 18:01:47,978 INFO [main] a.B: " + word);
        Arbitrary<String> continuation =
                Arbitraries.of(
                        "\tat a.B.run(B.java:1)",
                        "Caused by: x.Y: z",
                        "",
                        "  indented",
                        "2015-10-18 broken head",
                        "\r");
        Arbitrary<String> line =
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(2, head), net.jqwik.api.Tuple.of(3, continuation));
        Arbitrary<String> terminator = Arbitraries.of("\n", "\r\n");
        return Combinators.combine(line, terminator)
                .as((text, end) -> text + end)
                .list()
                .ofMaxSize(25)
                .flatMap(lines -> Arbitraries.of(true, false).map(trim -> join(lines, trim)));
    }

    private static String join(List<String> lines, boolean dropLastTerminator) {
        String text = String.join("", lines);
        return dropLastTerminator ? text.replaceAll("\r?\n$", "") : text;
    }

    static List<String> events(byte[] content, List<Integer> cuts) {
        return SplitReads.events(HADOOP, content, cuts, 1 << 20);
    }

    private static List<String> events(
            LogFormat format, byte[] content, List<Integer> cuts, int maxLineLength) {
        return SplitReads.events(format, content, cuts, maxLineLength);
    }
}
