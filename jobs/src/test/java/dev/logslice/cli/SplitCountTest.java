package dev.logslice.cli;

import org.apache.flink.configuration.MemorySize;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Split sizes that would make more splits than a run keeps track of are refused, with a remedy. */
class SplitCountTest {
    private static final long MIB = 1 << 20;

    @TempDir Path dir;

    @Test
    void aTinySplitSizeOnABigInputIsRefusedWithTheSmallestThatFits() throws IOException {
        List<String> input = List.of(sparseFile("big.log", 200 * MIB));

        assertThatThrownBy(() -> SplitCount.check(MemorySize.parse("4k"), input))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "--split-size 4k would cut 200m into about 51,200 splits, more than the"
                                + " 10,000 a run keeps track of: use --split-size 24k or more");
        assertThatCode(() -> SplitCount.check(MemorySize.parse("24k"), input))
                .doesNotThrowAnyException();
    }

    @Test
    void theDefaultSplitSizeIsTakenWhateverTheInputsSize() throws IOException {
        List<String> input = List.of(sparseFile("huge.log", 1L << 40));

        assertThatCode(() -> SplitCount.check(MemorySize.parse("64m"), input))
                .doesNotThrowAnyException();
    }

    /** A file of that size on disk, without writing it. */
    private String sparseFile(String name, long size) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size);
        }
        return file.toString();
    }
}
