package dev.logslice.connector.io;

import dev.logslice.connector.testing.Compressed;
import dev.logslice.connector.testing.GeneratedLogs;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A compressed file cut at any byte, as a copy interrupted: what comes out before the stream ends
 * is the log's start, and the channel's damage says truncated and counts the bytes that came out,
 * as {@code zcat} tells them. Garbage inside is corrupt, not truncated; a file that shrinks while
 * read is not the compressed data's fault, and fails the read.
 */
class DamagedCompressedFilePropertyTest {
    private static final String NAME = "file:/logs/app.log.gz";

    @Property(tries = 120)
    void aCutFileGivesItsStartThenSaysTruncated(
            @ForAll("compressions") Compression compression,
            @ForAll @IntRange(min = 1, max = 999) int cutPerMille,
            @ForAll @IntRange(min = 0, max = 1000) int seed)
            throws IOException {
        byte[] log = GeneratedLogs.random(seed, 400);
        byte[] compressed = Compressed.with(compression, log);
        byte[] cut =
                Arrays.copyOf(compressed, (int) ((long) compressed.length * cutPerMille / 1000));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        DamagedCompressedFileException damage = readAll(compression, cut, cut.length, out);

        assertThat(damage).as("a cut %s file is damaged", compression).isNotNull();
        assertThat(damage.file()).isEqualTo(NAME);
        assertThat(out.size()).isLessThan(log.length);
        assertThat(out.toByteArray()).isEqualTo(Arrays.copyOf(log, out.size()));
        assertThat(damage.describe("app.log.gz"))
                .isEqualTo(
                        String.format(
                                Locale.ROOT,
                                "app.log.gz: the %s stream ends early (truncated?) after %,d"
                                        + " uncompressed bytes",
                                compression.displayName(),
                                out.size()));
    }

    @Property(tries = 60)
    void garbageInsideIsCorruptNotTruncated(
            @ForAll("checksummed") Compression compression,
            @ForAll @IntRange(min = 0, max = 1000) int seed)
            throws IOException {
        byte[] log = GeneratedLogs.random(seed, 400);
        byte[] compressed = Compressed.with(compression, log);
        // Past the headers, and leaving the end as written: the stream is whole, its data wrong.
        for (int i = compressed.length / 3; i < compressed.length / 3 + 64; i++) {
            compressed[i] ^= (byte) 0xA5;
        }

        DamagedCompressedFileException damage =
                readAll(compression, compressed, compressed.length, new ByteArrayOutputStream());

        assertThat(damage).as("a corrupt %s file is damaged", compression).isNotNull();
        assertThat(damage.describe("app.log.gz"))
                .startsWith("app.log.gz: the " + compression.displayName() + " data is corrupt");
    }

    @Example
    void aFileThatShrinksWhileReadIsNotDamagedData() {
        byte[] compressed = Compressed.gzip(GeneratedLogs.random(3, 400));
        byte[] shrunk = Arrays.copyOf(compressed, compressed.length / 2);

        assertThatThrownBy(
                        () ->
                                readAll(
                                        Compression.GZIP,
                                        shrunk,
                                        compressed.length,
                                        new ByteArrayOutputStream()))
                .isInstanceOf(IOException.class)
                .isNotInstanceOf(DamagedCompressedFileException.class)
                .hasMessageContaining("it was truncated while it was read");
    }

    /**
     * Reads the channel to its end, {@code size} bytes of the file, into {@code out}; returns what
     * ended it early, if anything did.
     */
    @Nullable
    private static DamagedCompressedFileException readAll(
            Compression compression, byte[] file, long size, ByteArrayOutputStream out)
            throws IOException {
        try (DecompressingReadChannel channel =
                new DecompressingReadChannel(
                        ByteArrayReadChannel.fullReads(file), NAME, compression, size, 4096)) {
            byte[] buffer = new byte[1000];
            int n;
            while ((n = channel.read(out.size(), buffer, 0, buffer.length)) >= 0) {
                out.write(buffer, 0, n);
            }
            assertThat(channel.read(out.size(), buffer, 0, buffer.length))
                    .as("a stream that ended stays ended")
                    .isEqualTo(-1);
            return channel.damage();
        }
    }

    @Provide
    Arbitrary<Compression> compressions() {
        return Arbitraries.of(
                Compression.GZIP, Compression.ZSTD, Compression.BZIP2, Compression.XZ);
    }

    /**
     * gzip, bzip2 and xz check every member's data; a zstd frame written without its optional
     * checksum passes garbage in a stored block through unseen, so it is not here.
     */
    @Provide
    Arbitrary<Compression> checksummed() {
        return Arbitraries.of(Compression.GZIP, Compression.BZIP2, Compression.XZ);
    }
}
