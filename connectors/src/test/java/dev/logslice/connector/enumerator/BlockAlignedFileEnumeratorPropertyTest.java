package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Random sets of files x parallelism x target split size, cut and packed by the enumerator. */
class BlockAlignedFileEnumeratorPropertyTest {
    /** What LogFileSource asks for by default (min-splits-per-reader). */
    private static final int SPLITS_PER_READER = 2;

    private static final long PAGE = 4096;

    @Property(tries = 200)
    void splitsTileEveryFileInBlockMultiplesAndGiveEachReaderTwo(
            @ForAll @Size(min = 1, max = 4) List<@LongRange(max = 300_000) Long> fileSizes,
            @ForAll @IntRange(min = 1, max = 4) int parallelism,
            @ForAll @IntRange(min = 1, max = 32) int targetBlocks)
            throws IOException {
        java.nio.file.Path dir = Files.createTempDirectory("enumerator");
        try {
            for (int i = 0; i < fileSizes.size(); i++) {
                // Sparse files: the enumerator looks at sizes only.
                try (RandomAccessFile file =
                        new RandomAccessFile(dir.resolve("f" + i + ".log").toFile(), "rw")) {
                    file.setLength(fileSizes.get(i));
                }
            }
            long blockSize = Math.max(PAGE, Files.getFileStore(dir).getBlockSize());
            long target = targetBlocks * PAGE;

            long totalBytes = fileSizes.stream().mapToLong(Long::longValue).sum();
            int desired = SPLITS_PER_READER * parallelism;
            long splitSize =
                    BlockAlignedFileEnumerator.splitSize(target, blockSize, totalBytes, desired);

            List<LogFileSplit> splits =
                    new BlockAlignedFileEnumerator(target)
                            .enumerateSplits(
                                    InputPaths.expand(List.of(new Path(dir.toUri()))).files(),
                                    desired);

            assertThat(splitSize % PAGE).as("split size %d in pages", splitSize).isZero();
            assertThat(splitSize % blockSize).as("split size %d in blocks", splitSize).isZero();
            assertThat(splitSize).isLessThanOrEqualTo(Math.max(target, blockSize));
            Map<Path, List<FileSegment>> byFile = SplitLayout.byFile(splits);
            assertThat(byFile).hasSize(fileSizes.size());
            int i = 0;
            for (List<FileSegment> fileSplits : byFile.values()) {
                assertThat(fileSplits.get(0).path().getName()).isEqualTo("f" + i + ".log");
                SplitLayout.assertTiles(fileSplits, fileSizes.get(i), splitSize);
                i++;
            }
            // Packing never makes a split bigger than the split size, so the desired number of
            // splits comes whenever the input has a block for each.
            assertThat(splits)
                    .allSatisfy(split -> assertThat(split.length()).isLessThanOrEqualTo(splitSize));
            if (totalBytes >= desired * blockSize) {
                assertThat(splits.size())
                        .as("splits for %d readers", parallelism)
                        .isGreaterThanOrEqualTo(desired);
            }
            assertThat(splits)
                    .filteredOn(split -> split.segments().size() > 1)
                    .allSatisfy(
                            split ->
                                    assertThat(split.segments())
                                            .allSatisfy(
                                                    segment ->
                                                            assertThat(segment.length())
                                                                    .isLessThan(splitSize)));
            assertThat(SplitLayout.numericIds(splits)).isSorted().doesNotHaveDuplicates();
        } finally {
            try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
                for (java.nio.file.Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
