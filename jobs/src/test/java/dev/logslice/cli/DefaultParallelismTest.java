package dev.logslice.cli;

import dev.logslice.connector.enumerator.InputFile;

import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Without -p, an input gets the readers it is worth, up to the cores. */
class DefaultParallelismTest {
    private static final long MIB = 1 << 20;

    @Test
    void aSmallFileGetsOneReaderWhateverTheCores() {
        assertThat(ReadOptions.readersFor(List.of(file("app.log", 240_000)), 64)).isOne();
        assertThat(ReadOptions.readersFor(List.of(file("empty.log", 0)), 64)).isOne();
        assertThat(ReadOptions.readersFor(List.of(), 64)).isOne();
    }

    @Test
    void aReaderPerEightMebibytesUpToTheCores() {
        assertThat(ReadOptions.readersFor(List.of(file("a.log", 100 * MIB)), 64)).isEqualTo(13);
        assertThat(ReadOptions.readersFor(List.of(file("a.log", 100 * MIB)), 4)).isEqualTo(4);
        assertThat(ReadOptions.readersFor(List.of(file("a.log", 16 * MIB - 65536)), 64))
                .isEqualTo(2);
        assertThat(ReadOptions.readersFor(List.of(file("a.log", 16 * MIB - 65535)), 64))
                .isEqualTo(3);
    }

    @Test
    void compressedBytesCountFourTimes() {
        assertThat(ReadOptions.readersFor(List.of(file("a.log.gz", 3 * MIB)), 64)).isEqualTo(2);
        assertThat(ReadOptions.readersFor(List.of(file("a.log", 3 * MIB)), 64)).isOne();
    }

    @Test
    void manySmallFilesCountTheirOpening() {
        List<InputFile> files = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            files.add(file("part-" + i + ".log", 100));
        }

        assertThat(ReadOptions.readersFor(files, 64)).isEqualTo(8);
    }

    private static InputFile file(String name, long size) {
        return new InputFile(new Path("/logs/" + name), size, 0, null, List.of());
    }
}
