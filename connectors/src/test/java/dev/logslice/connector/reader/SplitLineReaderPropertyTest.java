package dev.logslice.connector.reader;

import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.ReferenceLines;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.LongStream;

/**
 * Random files x random split boundaries x random buffer sizes x random max line lengths: the
 * splits together give every line of the file exactly once, in order, as {@link ReferenceLines}
 * finds them.
 */
class SplitLineReaderPropertyTest {
    private static final long BLOCK = 4096;

    @Property(tries = 300)
    void blockAlignedSplitsGiveEveryLineOnce(
            @ForAll("files") byte[] file,
            @ForAll @IntRange(min = 1, max = 4) int blocksPerSplit,
            @ForAll("bufferSizes") int bufferSize,
            @ForAll("maxLineLengths") int maxLineLength)
            throws IOException {
        long splitSize = blocksPerSplit * BLOCK;
        long[] cuts =
                LongStream.concat(
                                LongStream.iterate(0, c -> c < file.length, c -> c + splitSize),
                                LongStream.of(file.length))
                        .toArray();
        SplitChecks.checkSplits(file, cuts, bufferSize, maxLineLength, OptionalLong.empty());
    }

    @Property(tries = 300)
    void anySplitBoundariesGiveEveryLineOnce(
            @ForAll("files") byte[] file,
            @ForAll @Size(max = 8) List<Long> cutSeeds,
            @ForAll("bufferSizes") int bufferSize,
            @ForAll("maxLineLengths") int maxLineLength)
            throws IOException {
        SplitChecks.checkSplits(
                file, cuts(file, cutSeeds), bufferSize, maxLineLength, OptionalLong.empty());
    }

    @Property(tries = 200)
    void zeroAndOneByteReadsGiveEveryLineOnce(
            @ForAll("smallFiles") byte[] file,
            @ForAll @Size(max = 4) List<Long> cutSeeds,
            @ForAll("bufferSizes") int bufferSize,
            @ForAll("maxLineLengths") int maxLineLength,
            @ForAll long readSeed)
            throws IOException {
        SplitChecks.checkSplits(
                file, cuts(file, cutSeeds), bufferSize, maxLineLength, OptionalLong.of(readSeed));
    }

    @Property(tries = 150)
    void resumingAtEachLineStartGivesTheRestOfTheSplit(
            @ForAll("smallFiles") byte[] file,
            @ForAll long startSeed,
            @ForAll long endSeed,
            @ForAll("bufferSizes") int bufferSize,
            @ForAll("maxLineLengths") int maxLineLength)
            throws IOException {
        long[] bounds = cuts(file, List.of(startSeed, endSeed));
        SplitChecks.checkResumes(
                file, bounds[1], bounds[2], bufferSize, maxLineLength, OptionalLong.empty());
    }

    @Provide
    Arbitrary<byte[]> files() {
        return GeneratedLogs.files(40, 40_000);
    }

    @Provide
    Arbitrary<byte[]> smallFiles() {
        return GeneratedLogs.files(12, 20_000);
    }

    @Provide
    Arbitrary<Integer> bufferSizes() {
        return Arbitraries.of(4096, 8192, 12288, 16384);
    }

    @Provide
    Arbitrary<Integer> maxLineLengths() {
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.integers().between(1, 16)),
                Tuple.of(2, Arbitraries.integers().between(17, 6000)),
                Tuple.of(2, Arbitraries.integers().between(6001, 50_000)),
                Tuple.of(1, Arbitraries.just(64 << 20)));
    }

    /** 0, the cut points the seeds pick in the file, sorted, and the file size. */
    private static long[] cuts(byte[] file, List<Long> seeds) {
        return LongStream.concat(
                        LongStream.concat(
                                LongStream.of(0),
                                seeds.stream()
                                        .mapToLong(s -> Math.floorMod(s, file.length + 1L))
                                        .sorted()),
                        LongStream.of(file.length))
                .toArray();
    }
}
