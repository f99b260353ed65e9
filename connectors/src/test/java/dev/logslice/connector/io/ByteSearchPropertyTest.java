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

/**
 * {@link ByteSearch#indexOf}, {@link ByteSearch#indexOfEither}, {@link ByteSearch#isAscii}, {@link
 * LineFeeds#indexOf} and {@link LineFeeds#inWord}, eight bytes at a time, against a loop.
 */
class ByteSearchPropertyTest {
    /** The bytes parsers and the reader look for, and the edges of the bit tricks. */
    private static final byte[] TARGETS = {
        '\n', '"', ' ', 0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xFF
    };

    @Property(tries = 1000)
    void findsTheFirstValueLikeANaiveLoop(
            @ForAll("bytes") byte[] bytes,
            @ForAll("targets") byte value,
            @ForAll int fromSeed,
            @ForAll int toSeed) {
        int from = Math.floorMod(fromSeed, bytes.length + 1);
        int to = Math.floorMod(toSeed, bytes.length + 1);

        assertThat(ByteSearch.indexOf(bytes, from, to, value))
                .isEqualTo(naiveIndexOf(bytes, from, to, value));
        assertThat(LineFeeds.indexOf(bytes, from, to))
                .isEqualTo(naiveIndexOf(bytes, from, to, (byte) '\n'));
    }

    @Property(tries = 1000)
    void tellsAsciiRangesLikeANaiveLoop(
            @ForAll("bytes") byte[] bytes, @ForAll int fromSeed, @ForAll int toSeed) {
        int from = Math.floorMod(fromSeed, bytes.length + 1);
        int to = Math.max(from, Math.floorMod(toSeed, bytes.length + 1));
        boolean ascii = true;
        for (int i = from; i < to; i++) {
            ascii &= bytes[i] >= 0;
        }

        assertThat(ByteSearch.isAscii(bytes, from, to)).isEqualTo(ascii);
    }

    @Property(tries = 1000)
    void findsTheFirstOfTwoValuesLikeANaiveLoop(
            @ForAll("bytes") byte[] bytes,
            @ForAll("targets") byte value,
            @ForAll("targets") byte other,
            @ForAll int fromSeed,
            @ForAll int toSeed) {
        int from = Math.floorMod(fromSeed, bytes.length + 1);
        int to = Math.floorMod(toSeed, bytes.length + 1);
        int first = naiveIndexOf(bytes, from, to, value);
        int second = naiveIndexOf(bytes, from, to, other);

        assertThat(ByteSearch.indexOfEither(bytes, from, to, value, other))
                .isEqualTo(first < 0 ? second : second < 0 ? first : Math.min(first, second));
    }

    /**
     * A lone value at every position of every word lane, after every start and before every end.
     */
    @Example
    void findsALoneValueAnywhere() {
        for (byte value : TARGETS) {
            for (int length = 1; length <= 24; length++) {
                for (int at = 0; at < length; at++) {
                    byte[] bytes = new byte[length];
                    // value + 1: after the XOR with the value it is 0x01, which a borrow can flag.
                    Arrays.fill(bytes, (byte) (value + 1));
                    bytes[at] = value;
                    for (int from = 0; from <= length; from++) {
                        for (int to = from; to <= length; to++) {
                            assertThat(ByteSearch.indexOf(bytes, from, to, value))
                                    .as(
                                            "%d at %d in [%d, %d) of %d bytes",
                                            value, at, from, to, length)
                                    .isEqualTo(from <= at && at < to ? at : -1);
                        }
                    }
                }
            }
        }
    }

    /** Every word's mask flags exactly its line feeds: counts and line bounds come from it. */
    @Property(tries = 1000)
    void flagsExactlyTheLineFeedsOfAWord(@ForAll("bytes") byte[] bytes) {
        for (int at = 0; at + Long.BYTES <= bytes.length; at++) {
            long expected = 0;
            for (int j = 0; j < Long.BYTES; j++) {
                if (bytes[at + j] == '\n') {
                    expected |= 0x80L << (8 * j);
                }
            }
            assertThat(LineFeeds.inWord(bytes, at)).as("word at %d", at).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<Byte> targets() {
        return Arbitraries.of(
                TARGETS[0],
                TARGETS[1],
                TARGETS[2],
                TARGETS[3],
                TARGETS[4],
                TARGETS[5],
                TARGETS[6],
                TARGETS[7]);
    }

    /** Arrays dense with the targets and their neighbours in value, or any bytes at all. */
    @Provide
    Arbitrary<byte[]> bytes() {
        Arbitrary<Byte> nearTargets =
                Arbitraries.of(
                        (byte) '\n',
                        (byte) 0x0B,
                        (byte) 0x09,
                        (byte) 0x8A,
                        (byte) '"',
                        (byte) '#',
                        (byte) ' ',
                        (byte) 0x00,
                        (byte) 0x01,
                        (byte) 0x7F,
                        (byte) 0xFF,
                        (byte) 0x80,
                        (byte) 'a');
        return Arbitraries.frequencyOf(Tuple.of(3, nearTargets), Tuple.of(1, Arbitraries.bytes()))
                .array(byte[].class)
                .ofMaxSize(80);
    }

    private static int naiveIndexOf(byte[] bytes, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
