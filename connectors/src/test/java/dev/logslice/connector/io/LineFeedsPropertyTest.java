package dev.logslice.connector.io;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link LineFeeds#indexOf}, eight bytes at a time, against a naive loop. */
class LineFeedsPropertyTest {

    @Property(tries = 500)
    void findsTheFirstLineFeedLikeANaiveLoop(
            @ForAll("bytes") byte[] bytes, @ForAll int fromSeed, @ForAll int toSeed) {
        int from = Math.floorMod(fromSeed, bytes.length + 1);
        int to = Math.floorMod(toSeed, bytes.length + 1);

        assertThat(LineFeeds.indexOf(bytes, from, to)).isEqualTo(naiveIndexOf(bytes, from, to));
    }

    /** A lone LF at every position of every word lane, after every start and before every end. */
    @Example
    void findsALoneLineFeedAnywhere() {
        for (int length = 1; length <= 24; length++) {
            for (int lf = 0; lf < length; lf++) {
                byte[] bytes = new byte[length];
                // 0x0B is LF + 1: after the XOR with LF it is 0x01, which a borrow can flag.
                Arrays.fill(bytes, (byte) 0x0B);
                bytes[lf] = '\n';
                for (int from = 0; from <= length; from++) {
                    for (int to = from; to <= length; to++) {
                        assertThat(LineFeeds.indexOf(bytes, from, to))
                                .as("LF at %d in [%d, %d) of %d bytes", lf, from, to, length)
                                .isEqualTo(from <= lf && lf < to ? lf : -1);
                    }
                }
            }
        }
    }

    /** Arrays dense with LF and its neighbours in value, or any bytes at all. */
    @Provide
    Arbitrary<byte[]> bytes() {
        Arbitrary<Byte> nearLineFeed =
                Arbitraries.of(
                        (byte) '\n',
                        (byte) 0x0B,
                        (byte) 0x09,
                        (byte) 0x8A,
                        (byte) 0x00,
                        (byte) 0x01,
                        (byte) 0xFF,
                        (byte) 0x80,
                        (byte) 'a');
        return Arbitraries.frequencyOf(Tuple.of(3, nearLineFeed), Tuple.of(1, Arbitraries.bytes()))
                .array(byte[].class)
                .ofMaxSize(80);
    }

    private static int naiveIndexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
