package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteArrayReadChannel;
import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.DecompressingReadChannel;
import dev.logslice.connector.testing.Compressed;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random files, cut at a random byte into two gzip members, zstd frames or bzip2 streams, read
 * through a {@link DecompressingReadChannel} with random buffer sizes, from the start or from any
 * line start (a checkpoint), with full or 0-and-1-byte file reads: the lines are the reference's,
 * with offsets in the uncompressed file, and every read call on the file is counted.
 */
class DecompressedLinesPropertyTest {
    private static final Path FILE = new Path("/logs/app.log.gz");

    @Property(tries = 150)
    void decompressedFileGivesEveryLineOnce(
            @ForAll("files") byte[] file,
            @ForAll @IntRange(min = 0, max = 1000) int cutPerMille,
            @ForAll("compressions") Compression compression,
            @ForAll("bufferSizes") int bufferSize,
            @ForAll boolean tinyReads)
            throws IOException {
        int cut = (int) ((long) file.length * cutPerMille / 1000);
        byte[] compressed =
                Compressed.with(
                        compression,
                        Arrays.copyOfRange(file, 0, cut),
                        Arrays.copyOfRange(file, cut, file.length));
        List<LineAt> reference = ReferenceLines.of(file);

        ByteArrayReadChannel channel =
                tinyReads
                        ? ByteArrayReadChannel.tinyReads(compressed, cutPerMille)
                        : ByteArrayReadChannel.fullReads(compressed);
        SplitRead read = readFrom(channel, compressed.length, compression, 0, bufferSize);

        assertThat(read.lines()).containsExactlyElementsOf(reference);
        assertThat(read.stats().bytesRead()).isEqualTo(file.length);
        assertThat(read.stats().fileBytesRead()).isEqualTo(compressed.length);
        assertThat(read.stats().readCalls()).isEqualTo(channel.calls().size());
        assertThat(channel.calls())
                .allSatisfy(call -> assertThat(call.length()).isLessThanOrEqualTo(bufferSize));
        if (!tinyReads) {
            // Whole blocks: as few calls as the buffer allows.
            assertThat(channel.calls()).hasSize((compressed.length + bufferSize - 1) / bufferSize);
        }

        if (!reference.isEmpty()) {
            int resumeAt = cutPerMille % reference.size();
            SplitRead resumed =
                    readFrom(
                            ByteArrayReadChannel.fullReads(compressed),
                            compressed.length,
                            compression,
                            reference.get(resumeAt).offset(),
                            bufferSize);
            assertThat(resumed.lines())
                    .containsExactlyElementsOf(reference.subList(resumeAt, reference.size()));
        }
    }

    @Provide
    Arbitrary<byte[]> files() {
        return GeneratedLogs.files(40, 20_000);
    }

    @Provide
    Arbitrary<Compression> compressions() {
        return Arbitraries.of(
                Compression.GZIP, Compression.ZSTD, Compression.BZIP2, Compression.XZ);
    }

    @Provide
    Arbitrary<Integer> bufferSizes() {
        return Arbitraries.of(4096, 8192, 65536);
    }

    private static SplitRead readFrom(
            ByteArrayReadChannel channel,
            long size,
            Compression compression,
            long offset,
            int bufferSize)
            throws IOException {
        return SplitRead.toEnd(
                SplitLineReader.forDecompressedFile(
                        new DecompressingReadChannel(
                                channel, FILE.toString(), compression, size, bufferSize),
                        FILE,
                        offset,
                        bufferSize,
                        1 << 20));
    }
}
