package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteArrayReadChannel;
import dev.logslice.connector.testing.GeneratedLogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static dev.logslice.connector.reader.SplitChecks.FILE;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every split point of small files, after Beam's {@code SourceTestUtils}: each cut of a fixture
 * into two or three splits, with whole and with 0/1-byte reads, must give exactly its lines.
 */
class SplitLineReaderTest {
    private static final int BUFFER = 4096;

    /** Max line lengths that make the fixtures' lines oversized, or not. */
    private static final int[] MAX_LINE_LENGTHS = {1, 2, 64};

    static Stream<String> fixtures() {
        return Stream.of(
                "",
                "\n",
                "a",
                "\r\n\r\n",
                "a\rb\n",
                "x\r",
                "\r",
                "\n\n\n",
                "ab\ncd",
                "ab\r\ncd\r\n",
                "\r\r\n\n\r",
                "one\ntwo\n\nfour\r\nfive",
                "\u0000\n\u00ff\u00c3(\r\n\r\u0000");
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyCutIntoTwoOrThreeSplitsGivesTheFileLines(String fixture) throws IOException {
        byte[] file = fixture.getBytes(ISO_8859_1);
        int size = file.length;
        for (int first = 0; first <= size; first++) {
            checkEveryWay(file, new long[] {0, first, size});
            for (int second = first; second <= size; second++) {
                checkEveryWay(file, new long[] {0, first, second, size});
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void resumingAtEachLineStartGivesTheRestOfTheSplit(String fixture) throws IOException {
        byte[] file = fixture.getBytes(ISO_8859_1);
        for (int start = 0; start <= file.length; start++) {
            for (int end = start; end <= file.length; end++) {
                for (int maxLineLength : MAX_LINE_LENGTHS) {
                    SplitChecks.checkResumes(
                            file, start, end, BUFFER, maxLineLength, OptionalLong.empty());
                    SplitChecks.checkResumes(
                            file, start, end, BUFFER, maxLineLength, OptionalLong.of(end));
                }
            }
        }
    }

    /**
     * Random cuts seldom fall next to a page boundary, where reads end; these do, on files whose
     * long lines cross the boundaries.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void cutsNextToPageBoundariesGiveTheFileLines(long seed) throws IOException {
        byte[] file = GeneratedLogs.random(seed, 40);
        long[] points =
                LongStream.rangeClosed(1, Math.min(file.length / BUFFER, 3))
                        .flatMap(
                                page ->
                                        LongStream.rangeClosed(
                                                page * BUFFER - 2, page * BUFFER + 2))
                        .filter(point -> point <= file.length)
                        .toArray();
        for (int i = 0; i < points.length; i++) {
            for (int j = i; j < points.length; j++) {
                long[] cuts = {0, points[i], points[j], file.length};
                for (int bufferSize : new int[] {BUFFER, 2 * BUFFER}) {
                    SplitChecks.checkSplits(file, cuts, bufferSize, 1 << 20, OptionalLong.empty());
                    SplitChecks.checkSplits(file, cuts, bufferSize, 100, OptionalLong.empty());
                }
            }
        }
    }

    @Test
    void aFileShorterThanAnnouncedFailsNamingTheFile() {
        byte[] file = GeneratedLogs.random(7, 400);
        byte[] truncated = Arrays.copyOf(file, file.length / 2);
        for (ByteArrayReadChannel channel :
                new ByteArrayReadChannel[] {
                    ByteArrayReadChannel.fullReads(truncated),
                    ByteArrayReadChannel.tinyReads(truncated, 7)
                }) {
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel, FILE, 0, file.length, file.length, BUFFER, 1 << 20);

            assertThatThrownBy(() -> SplitRead.toEnd(reader))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(FILE.toString())
                    .hasMessageContaining(String.valueOf(truncated.length))
                    .hasMessageContaining(String.valueOf(file.length));
        }
    }

    @Test
    void rejectsSplitsOutsideTheFileAndBadSizes() {
        ByteArrayReadChannel channel = ByteArrayReadChannel.fullReads(new byte[10]);

        assertThatThrownBy(() -> SplitLineReader.forSplit(channel, FILE, 5, 4, 10, BUFFER, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SplitLineReader.forSplit(channel, FILE, 0, 11, 10, BUFFER, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SplitLineReader.forSplit(channel, FILE, 0, 10, 10, 1000, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SplitLineReader.forSplit(channel, FILE, 0, 10, 10, BUFFER, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(channel.calls()).isEmpty();
    }

    private static void checkEveryWay(byte[] file, long[] cuts) throws IOException {
        for (int maxLineLength : MAX_LINE_LENGTHS) {
            SplitChecks.checkSplits(file, cuts, BUFFER, maxLineLength, OptionalLong.empty());
            // Several seeds, so that different calls return nothing.
            for (long seed = 0; seed < 3; seed++) {
                SplitChecks.checkSplits(file, cuts, BUFFER, maxLineLength, OptionalLong.of(seed));
            }
        }
    }
}
