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

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stream's compression told by its first bytes, as a spooled standard input needs it: every
 * compression read is told from what its own compressor writes, and a text log is told as none.
 */
class CompressionMagicPropertyTest {
    @Property(tries = 60)
    void aCompressedLogIsToldByItsFirstBytes(
            @ForAll("compressions") Compression compression,
            @ForAll @IntRange(min = 0, max = 1000) int seed) {
        byte[] compressed = Compressed.with(compression, GeneratedLogs.random(seed, 50));

        assertThat(Compression.ofFirstBytes(compressed, Compression.MAGIC_BYTES))
                .isEqualTo(compression);
        assertThat(compression.extension()).isNotEmpty();
        assertThat(Compression.ofFileName("stdin" + compression.extension()))
                .isEqualTo(compression);
    }

    @Property(tries = 200)
    void aTextLogIsNotCompressed(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        byte[] log = GeneratedLogs.random(seed, 3);

        assertThat(Compression.ofFirstBytes(log, Math.min(log.length, Compression.MAGIC_BYTES)))
                .isEqualTo(Compression.NONE);
    }

    @Example
    void aStreamShorterThanAMagicNumberIsNotCompressed() {
        byte[] gzip = Compressed.with(Compression.GZIP, "x\n".getBytes(StandardCharsets.UTF_8));
        byte[] bzip2 = "BZh".getBytes(StandardCharsets.US_ASCII);

        assertThat(Compression.ofFirstBytes(gzip, 1)).isEqualTo(Compression.NONE);
        assertThat(Compression.ofFirstBytes(bzip2, bzip2.length)).isEqualTo(Compression.NONE);
        assertThat(Compression.ofFirstBytes(Arrays.copyOf(gzip, 2), 2)).isEqualTo(Compression.GZIP);
        assertThat(Compression.ofFirstBytes(new byte[0], 0)).isEqualTo(Compression.NONE);
    }

    @Provide
    Arbitrary<Compression> compressions() {
        return Arbitraries.of(Compression.values()).filter(Compression::isCompressed);
    }
}
