package dev.logslice.connector.io;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SWAR literal search finds what a byte-by-byte search finds, in any range, either case; a skip
 * over lines without the literal passes exactly whole lines without it, and stops only for a
 * reason.
 */
class LiteralSearchPropertyTest {
    /** Past two words: the compare takes one, two or three word loads, the last overlapping. */
    private static final int MAX_LITERAL = 20;

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
        int length = 1 + lengthSeed % MAX_LITERAL;
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

    @Property(tries = 3000)
    void skipsWholeLinesWithoutTheLiteralAndStopsOnlyForAReason(
            @ForAll("linedTexts") byte[] text,
            @ForAll("linedTexts") byte[] literalSeed,
            @ForAll boolean ignoreCase,
            @ForAll("cuts") int fromSeed,
            @ForAll("cuts") int toSeed,
            @ForAll("cuts") int maxLineLength) {
        byte[] literal = withoutLineFeeds(literalSeed);
        if (literal.length == 0) {
            return;
        }
        int from = lineStartAtOrAfter(text, Math.min(fromSeed, text.length));
        int to = from + Math.min(toSeed, text.length - from);
        LineTally tally = new LineTally();
        tally.lines = 7;
        tally.lineStart = from;
        int stop =
                new LiteralSearch(literal, ignoreCase)
                        .skipLinesWithout(text, to, maxLineLength, tally);
        int skippedTo = tally.lineStart;

        assertThat(skippedTo).isBetween(from, stop);
        assertThat(stop).isLessThanOrEqualTo(to);
        assertThat(skippedTo == from || text[skippedTo - 1] == '\n').isTrue();
        assertThat(tally.lines - 7).isEqualTo(lineFeeds(text, from, skippedTo));
        assertThat(lineFeeds(text, skippedTo, stop)).isZero();
        // Every skipped line: no occurrence (none crosses a line feed), none over the maximum.
        assertThat(naiveIndexOf(text, from, skippedTo, literal, ignoreCase)).isEqualTo(-1);
        for (int start = from, lf; start < skippedTo; start = lf + 1) {
            lf = indexOfLineFeed(text, start);
            assertThat(lf - start).isLessThanOrEqualTo(maxLineLength);
        }
        int nextLineFeed = indexOfLineFeed(text, stop);
        boolean occurrenceAtStop = naiveIndexOf(text, stop, to, literal, ignoreCase) == stop;
        boolean oversizedNext =
                nextLineFeed < to
                        && nextLineFeed - skippedTo > maxLineLength
                        && nextLineFeed < stop + Long.BYTES;
        boolean shortOfAStep = stop + literal.length - 1 + Long.BYTES > to;
        boolean noMaximumToCheck = maxLineLength < Long.BYTES && stop == from;
        assertThat(occurrenceAtStop || oversizedNext || shortOfAStep || noMaximumToCheck)
                .as("stopped at %d of [%d, %d), lines from %d", stop, from, to, skippedTo)
                .isTrue();
        // It never stops past an occurrence.
        int first = naiveIndexOf(text, from, to, literal, ignoreCase);
        assertThat(first < 0 || first >= stop).as("first occurrence at %d", first).isTrue();
    }

    @Provide
    Arbitrary<byte[]> linedTexts() {
        // Lines of a few bytes, with case pairs and bytes one bit from a letter, up to 300 bytes.
        return Arbitraries.of(
                        (byte) 'a',
                        (byte) 'A',
                        (byte) '5',
                        (byte) ' ',
                        (byte) '`',
                        (byte) 0xE1,
                        (byte) '\n',
                        (byte) 0x0B)
                .array(byte[].class)
                .ofMaxSize(300);
    }

    private static byte[] withoutLineFeeds(byte[] bytes) {
        byte[] kept = new byte[Math.min(bytes.length, MAX_LITERAL)];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = bytes[i] == '\n' ? (byte) 'a' : bytes[i];
        }
        return kept;
    }

    private static int lineStartAtOrAfter(byte[] text, int at) {
        return at == 0 || at == text.length
                ? at
                : Math.min(indexOfLineFeed(text, at - 1) + 1, text.length);
    }

    /** The first line feed at or after {@code from}, or the text's length. */
    private static int indexOfLineFeed(byte[] text, int from) {
        int i = from;
        while (i < text.length && text[i] != '\n') {
            i++;
        }
        return i;
    }

    private static int lineFeeds(byte[] text, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            count += text[i] == '\n' ? 1 : 0;
        }
        return count;
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
                .map(
                        bytes ->
                                bytes.length > MAX_LITERAL
                                        ? java.util.Arrays.copyOf(bytes, MAX_LITERAL)
                                        : bytes);
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.integers().between(0, 300);
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
