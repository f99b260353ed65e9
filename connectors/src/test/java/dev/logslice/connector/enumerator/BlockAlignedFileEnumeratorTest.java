package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How {@link BlockAlignedFileEnumerator} finds files on disk and cuts them. */
class BlockAlignedFileEnumeratorTest {
    /** What LogFileSource asks for by default (min-splits-per-reader). */
    private static final int SPLITS_PER_READER = 2;

    private static final long PAGE = 4096;
    private static final long MIB = 1 << 20;

    @TempDir java.nio.file.Path dir;

    @Test
    void cutsAFileIntoRangesOfTheTargetSize() throws IOException {
        java.nio.file.Path file = createFile("big.log", 10 * PAGE + 123);

        List<LogFileSplit> splits = enumerate(3 * PAGE, 1, file);

        SplitLayout.assertTiles(SplitLayout.segments(splits), 10 * PAGE + 123, 3 * PAGE);
        assertThat(splits).hasSize(4);
        assertThat(splits)
                .allSatisfy(split -> assertThat(only(split).path()).isEqualTo(path(file)));
    }

    @Test
    void givesEachReaderTwoSplitsWhenTheFilesAllowIt() throws IOException {
        // Five blocks for two readers: one block per split, since two blocks would give three.
        java.nio.file.Path file = createFile("five-blocks.log", 5 * PAGE);

        List<LogFileSplit> splits = enumerate(64 * MIB, 2, file);

        assertThat(splits).hasSizeGreaterThanOrEqualTo(4);
        SplitLayout.assertTiles(SplitLayout.segments(splits), 5 * PAGE, splits.get(0).length());
    }

    @Test
    void aFileSmallerThanABlockIsOneSplit() throws IOException {
        java.nio.file.Path file = createFile("small.log", 3000);

        List<LogFileSplit> splits = enumerate(64 * MIB, 4, file);

        assertThat(splits).singleElement().satisfies(split -> assertRange(split, 0, 3000));
    }

    @Test
    void aFileWithinTheSplitSizeIsOneSplitWhenOtherFilesGiveEnough() throws IOException {
        createFile("a-large.log", 64 * PAGE);
        createFile("b-small.log", 3 * PAGE + 5);

        List<LogFileSplit> splits = enumerate(16 * PAGE, 1, dir);

        assertThat(splits).hasSize(5);
        assertRange(splits.get(4), 0, 3 * PAGE + 5);
        assertThat(only(splits.get(4)).path().getName()).isEqualTo("b-small.log");
    }

    @Test
    void neverCutsACompressedFile() throws IOException {
        createFile("access.log.1.gz", 10 * PAGE + 1);
        createFile("access.log.2.zst", 10 * PAGE + 2);
        createFile("access.log.3.bz2", 10 * PAGE + 3);
        createFile("access.log.4", 10 * PAGE + 4);

        List<LogFileSplit> splits = enumerate(PAGE, 4, dir);

        assertThat(splits).hasSize(3 + 11);
        assertRange(splits.get(0), 0, 10 * PAGE + 1);
        assertRange(splits.get(1), 0, 10 * PAGE + 2);
        assertRange(splits.get(2), 0, 10 * PAGE + 3);
        SplitLayout.assertTiles(
                SplitLayout.segments(splits.subList(3, splits.size())), 10 * PAGE + 4, PAGE);
    }

    @Test
    void anEmptyFileIsOneEmptySplit() throws IOException {
        java.nio.file.Path file = createFile("empty.log", 0);

        List<LogFileSplit> splits = enumerate(64 * MIB, 2, file);

        assertThat(splits).singleElement().satisfies(split -> assertRange(split, 0, 0));
    }

    @Test
    void skipsHiddenAndUnderscoreFilesAndDirectories() throws IOException {
        createFile(".hidden.log", 100);
        createFile("_SUCCESS", 100);
        createFile("_temporary/part-0.log", 100);
        createFile(".git/objects.log", 100);
        createFile("app.log", 100);
        createFile("nested/web.log", 100);

        List<LogFileSplit> splits = enumerate(64 * MIB, 1, dir);

        assertThat(SplitLayout.segments(splits))
                .extracting(segment -> segment.path().getName())
                .containsExactly("app.log", "web.log");
    }

    @Test
    void readsAHiddenFileOrDirectoryThatIsNamedExplicitly() throws IOException {
        java.nio.file.Path hiddenFile = createFile("_access.log", 100);
        createFile(".logs/app.log", 100);
        createFile(".logs/.swap", 100);

        List<LogFileSplit> splits = enumerate(64 * MIB, 1, hiddenFile, dir.resolve(".logs"));

        assertThat(SplitLayout.segments(splits))
                .extracting(segment -> segment.path().getName())
                .containsExactly("_access.log", "app.log");
    }

    @Test
    void takesTheFilesOfADirectoryInNameOrder() throws IOException {
        for (String name : new String[] {"c.log", "a.log", "d.log", "b.log"}) {
            createFile(name, 10);
        }

        List<LogFileSplit> splits = enumerate(64 * MIB, 1, dir);

        assertThat(SplitLayout.segments(splits))
                .extracting(segment -> segment.path().getName())
                .containsExactly("a.log", "b.log", "c.log", "d.log");
    }

    @Test
    void numbersSplitsInTheOrderOfThePathsGiven() throws IOException {
        createFile("second/a.log", 3 * PAGE);
        createFile("second/b.log", 10);
        java.nio.file.Path first = createFile("first.log", 2 * PAGE);
        createFile("third/a.log", 10);

        List<LogFileSplit> splits =
                enumerate(PAGE, 1, dir.resolve("second"), first, dir.resolve("third"));

        assertThat(splits)
                .extracting(
                        split ->
                                only(split).path().getParent().getName()
                                        + "/"
                                        + only(split).path().getName())
                .containsExactly(
                        "second/a.log",
                        "second/a.log",
                        "second/a.log",
                        "second/b.log",
                        dir.getFileName() + "/first.log",
                        dir.getFileName() + "/first.log",
                        "third/a.log");
        assertThat(SplitLayout.numericIds(splits)).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void packsTenThousandSmallFilesIntoAFewSplitsEachFileOnceInOrder() throws IOException {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            names.add(String.format("f%05d.log", i));
            createSparseFile(names.get(i), 10 * 1024);
        }

        List<LogFileSplit> splits = enumerate(64 * MIB, 2, dir);

        // 97.7 MiB for 2 readers: a quarter each, so 4 splits, a fifth for what does not fit.
        assertThat(splits).hasSizeBetween(4, 5);
        assertThat(SplitLayout.segments(splits))
                .extracting(segment -> segment.path().getName())
                .containsExactlyElementsOf(names);
        assertThat(SplitLayout.segments(splits))
                .allSatisfy(segment -> assertThat(segment.length()).isEqualTo(10 * 1024));
        long splitSize = splits.get(0).length();
        assertThat(splits)
                .allSatisfy(split -> assertThat(split.length()).isLessThanOrEqualTo(splitSize));
        assertThat(SplitLayout.numericIds(splits)).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void capsTheFilesPackedIntoOneSplit() throws IOException {
        for (int i = 0; i < 5000; i++) {
            createFile(String.format("empty-%04d.log", i), 0);
        }

        List<LogFileSplit> splits = enumerate(64 * MIB, 1, dir);

        assertThat(splits)
                .extracting(split -> split.segments().size())
                .containsExactly(
                        SplitPacker.MAX_SEGMENTS_PER_SPLIT,
                        5000 - SplitPacker.MAX_SEGMENTS_PER_SPLIT);
    }

    @Test
    void packsTheTailOfAFileWithTheSmallFilesAfterIt() throws IOException {
        createFile("a-big.log", 2 * PAGE + 100);
        createFile("b-small.log", 200);
        createFile("c-small.log", 300);
        createFile("d-big.log", 2 * PAGE);

        List<LogFileSplit> splits = enumerate(PAGE, 1, dir);

        assertThat(splits).hasSize(5);
        assertThat(splits.get(2).segments())
                .extracting(FileSegment::toString)
                .containsExactly(
                        path(dir.resolve("a-big.log")) + " [8192, 8292)",
                        path(dir.resolve("b-small.log")) + " [0, 200)",
                        path(dir.resolve("c-small.log")) + " [0, 300)");
        assertRange(splits.get(3), 0, PAGE);
        assertThat(only(splits.get(3)).path().getName()).isEqualTo("d-big.log");
    }

    @Test
    void neitherCutsNorPacksACompressedFile() throws IOException {
        createFile("a.log", 100);
        createFile("b.log.gz", 5 * PAGE);
        createFile("c.log", 100);
        createFile("d.log.zst", 50);

        List<LogFileSplit> splits = enumerate(PAGE, 1, dir);

        assertThat(splits).extracting(split -> split.segments().size()).containsExactly(1, 1, 1, 1);
        assertRange(splits.get(1), 0, 5 * PAGE);
        assertRange(splits.get(3), 0, 50);
    }

    @Test
    void splitSizeKeepsTheTargetForLargeInputs() {
        assertThat(BlockAlignedFileEnumerator.splitSize(64 * MIB, PAGE, 1024 * MIB, 4))
                .isEqualTo(64 * MIB);
    }

    @Test
    void splitSizeShrinksToGiveTheDesiredSplitsAndStaysABlockMultiple() {
        long size = BlockAlignedFileEnumerator.splitSize(64 * MIB, PAGE, 10 * MIB + 17, 4);

        assertThat(size % PAGE).isZero();
        assertThat(size).isLessThanOrEqualTo((10 * MIB + 17) / 4);
        assertThat(SplitLayout.splitsOf(10 * MIB + 17, size)).isGreaterThanOrEqualTo(4);
    }

    @Test
    void splitSizeIsOneBlockAtLeast() {
        assertThat(BlockAlignedFileEnumerator.splitSize(64 * MIB, PAGE, 0, 4)).isEqualTo(PAGE);
        assertThat(BlockAlignedFileEnumerator.splitSize(64 * MIB, PAGE, 5000, 8)).isEqualTo(PAGE);
        assertThat(BlockAlignedFileEnumerator.splitSize(64 * MIB, 65536, 100 * MIB, 4000))
                .isEqualTo(65536);
    }

    private List<LogFileSplit> enumerate(
            long targetSplitSize, int parallelism, java.nio.file.Path... paths) throws IOException {
        Path[] flinkPaths = new Path[paths.length];
        for (int i = 0; i < paths.length; i++) {
            flinkPaths[i] = path(paths[i]);
        }
        return new BlockAlignedFileEnumerator(targetSplitSize)
                .enumerateSplits(
                        InputPaths.expand(List.of(flinkPaths)).files(),
                        SPLITS_PER_READER * parallelism);
    }

    private java.nio.file.Path createFile(String name, long size) throws IOException {
        java.nio.file.Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[(int) size]);
        return file;
    }

    /** A file of zeros that takes no disk space: the enumerator looks at sizes only. */
    private void createSparseFile(String name, long size) throws IOException {
        try (java.io.RandomAccessFile file =
                new java.io.RandomAccessFile(dir.resolve(name).toFile(), "rw")) {
            file.setLength(size);
        }
    }

    private static Path path(java.nio.file.Path file) {
        return new Path(file.toUri());
    }

    private static void assertRange(LogFileSplit split, long start, long end) {
        assertThat(only(split).start()).as("start of %s", split).isEqualTo(start);
        assertThat(only(split).end()).as("end of %s", split).isEqualTo(end);
    }

    /** The one segment of a split of one file's range. */
    private static FileSegment only(LogFileSplit split) {
        assertThat(split.segments()).as("segments of %s", split).hasSize(1);
        return split.segments().get(0);
    }
}
