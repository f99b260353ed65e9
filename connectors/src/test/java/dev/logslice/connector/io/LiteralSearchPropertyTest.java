package dev.logslice.connector.io;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The SWAR literal search finds what a byte-by-byte search finds, in any range, either case. */
class LiteralSearchPropertyTest {

    @Property(tries = 2000)
    void findsTheFirstWholeOccurrenceInTheRange(
            @ForAll("texts") byte[] text,
            @ForAll("literals") byte[] literal,
            @ForAll boolean ignoreCase,
            @ForAll("cuts") int fromSeed,
            @ForAll("cuts") int toSeed) {
        int from = Math.min(fromSeed, text.length);
        int to = from + Math.min(toSeed, text.length - from);
        LiteralSearch search = new LiteralSearch(literal, ignoreCase);
        assertThat(search.indexOf(text, from, to))
                .isEqualTo(naiveIndexOf(text, from, to, literal, ignoreCase));
    }

    @Property(tries = 2000)
    void findsALiteralThatEndsTheRange(
            @ForAll("texts") byte[] text,
            @ForAll("cuts") int startSeed,
            @ForAll("cuts") int lengthSeed,
            @ForAll boolean ignoreCase) {
        // Taken from the text and ending the range: found, at its place or before it.
        int length = 1 + lengthSeed % 6;
        if (text.length < length) {
            return;
        }
        int start = startSeed % (text.length - length + 1);
        byte[] literal = java.util.Arrays.copyOfRange(text, start, start + length);
        LiteralSearch search = new LiteralSearch(literal, ignoreCase);
        int from = start / 2;
        assertThat(search.indexOf(text, from, start + length))
                .isEqualTo(naiveIndexOf(text, from, start + length, literal, ignoreCase))
                .isBetween(from, start);
    }

    @Provide
    Arbitrary<byte[]> texts() {
        // Few distinct bytes, case pairs and bytes that differ from letters only in bit 5.
        return Arbitraries.of(
                        (byte) 'a',
                        (byte) 'A',
                        (byte) 'b',
                        (byte) '@',
                        (byte) '`',
                        (byte) ' ',
                        (byte) 0xC3,
                        (byte) 0xE3,
                        (byte) '5')
                .array(byte[].class)
                .ofMaxSize(100);
    }

    @Provide
    Arbitrary<byte[]> literals() {
        return texts().filter(bytes -> bytes.length > 0)
                .map(bytes -> bytes.length > 6 ? java.util.Arrays.copyOf(bytes, 6) : bytes);
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.integers().between(0, 100);
    }

    private static int naiveIndexOf(
            byte[] text, int from, int to, byte[] literal, boolean ignoreCase) {
        for (int i = from; i + literal.length <= to; i++) {
            boolean all = true;
            for (int j = 0; j < literal.length && all; j++) {
                all = sameByte(text[i + j], literal[j], ignoreCase);
            }
            if (all) {
                return i;
            }
        }
        return -1;
    }

    private static boolean sameByte(byte a, byte b, boolean ignoreCase) {
        if (a == b) {
            return true;
        }
        if (!ignoreCase || a < 0 || b < 0) {
            return false;
        }
        String x = String.valueOf((char) a);
        String y = String.valueOf((char) b);
        return Character.isLetter(a)
                && x.toLowerCase(Locale.ROOT).equals(y.toLowerCase(Locale.ROOT));
    }
}
