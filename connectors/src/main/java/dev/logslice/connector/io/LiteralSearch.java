package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds one byte string in byte arrays eight positions at a time (SWAR), optionally ignoring ASCII
 * case: two of the literal's bytes, the rarest in log text, are compared at eight positions with
 * two word loads, and only where both agree is the whole literal compared, a word at a time. A
 * literal's first byte alone (a space, a digit) is too common in logs to filter on. A reader skips
 * the lines without the literal in the same pass ({@link #skipLinesWithout}).
 */
@Internal
public final class LiteralSearch {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final long LINE_FEEDS = 0x0A0A0A0A0A0A0A0AL;
    private static final byte ASCII_CASE_BIT = 0x20;

    /** Bytes of log text, most common first; bytes not listed count as rarest. */
    private static final String COMMON_BYTES =
            " 0123456789etaoinsrlcdhmupg./:-\"fbwyvk=_,TGEPSHA[]()xqjzCDILMNORUBFKVWXYZJQ;&?%+'";

    private static final int[] COMMONNESS = commonness();

    private final byte[] literal;

    /**
     * Per byte of the literal: 0x20 where a case-insensitive letter is compared with its bit set.
     */
    private final byte[] foldBits;

    private final int firstAnchor;
    private final int secondAnchor;
    private final long firstInEveryByte;
    private final long secondInEveryByte;
    private final long firstFold;
    private final long secondFold;

    /** The literal as little-endian words from {@link #wordOffsets}, folded and masked. */
    private final long[] words;

    private final int[] wordOffsets;
    private final long[] wordFolds;

    /** All ones but in a literal shorter than a word, where the bytes past it are masked off. */
    private final long[] wordMasks;

    /** Bytes the word compare reads from a start: the literal's length, at least a word. */
    private final int wordSpan;

    /**
     * A search for {@code literal}; with {@code ignoreAsciiCase}, ASCII letters match either case
     * (other bytes match exactly).
     */
    public LiteralSearch(byte[] literal, boolean ignoreAsciiCase) {
        if (literal.length == 0) {
            throw new IllegalArgumentException("empty literal");
        }
        this.literal = literal.clone();
        this.foldBits = new byte[literal.length];
        for (int i = 0; i < literal.length; i++) {
            byte b = literal[i];
            if (ignoreAsciiCase && (b | ASCII_CASE_BIT) >= 'a' && (b | ASCII_CASE_BIT) <= 'z') {
                this.literal[i] = (byte) (b | ASCII_CASE_BIT);
                foldBits[i] = ASCII_CASE_BIT;
            }
        }
        int rarest = 0;
        for (int i = 1; i < literal.length; i++) {
            if (commonness(i) < commonness(rarest)) {
                rarest = i;
            }
        }
        int second = rarest == 0 && literal.length > 1 ? 1 : 0;
        for (int i = 0; i < literal.length; i++) {
            if (i != rarest && commonness(i) < commonness(second)) {
                second = i;
            }
        }
        this.firstAnchor = Math.min(rarest, second);
        this.secondAnchor = Math.max(rarest, second);
        this.firstInEveryByte = (this.literal[firstAnchor] & 0xFFL) * ONES;
        this.secondInEveryByte = (this.literal[secondAnchor] & 0xFFL) * ONES;
        this.firstFold = (foldBits[firstAnchor] & 0xFFL) * ONES;
        this.secondFold = (foldBits[secondAnchor] & 0xFFL) * ONES;
        this.wordSpan = Math.max(literal.length, Long.BYTES);
        int wordCount = (literal.length + Long.BYTES - 1) / Long.BYTES;
        this.words = new long[wordCount];
        this.wordOffsets = new int[wordCount];
        this.wordFolds = new long[wordCount];
        this.wordMasks = new long[wordCount];
        for (int w = 0; w < wordCount; w++) {
            // The last word ends with the literal (overlapping the one before) if it can.
            wordOffsets[w] = Math.max(Math.min(w * Long.BYTES, literal.length - Long.BYTES), 0);
            for (int j = 0; j < Long.BYTES && wordOffsets[w] + j < literal.length; j++) {
                int shift = j * Byte.SIZE;
                words[w] |= (this.literal[wordOffsets[w] + j] & 0xFFL) << shift;
                wordFolds[w] |= (foldBits[wordOffsets[w] + j] & 0xFFL) << shift;
                wordMasks[w] |= 0xFFL << shift;
            }
        }
    }

    public int length() {
        return literal.length;
    }

    /** Index of the first occurrence that lies wholly in {@code bytes[from, to)}, or -1. */
    public int indexOf(byte[] bytes, int from, int to) {
        int last = to - literal.length;
        int i = from;
        // Both word loads stay inside [from, to).
        for (int wordsEnd = to - secondAnchor - Long.BYTES; i <= wordsEnd; i += Long.BYTES) {
            int found = firstMatch(bytes, i, to, anchorsAgree(bytes, i));
            if (found >= 0) {
                return found;
            }
        }
        for (; i <= last; i++) {
            if (matchesAt(bytes, i)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Skips, in one pass, the whole lines from {@code tally.lineStart} that hold no occurrence: the
     * line feeds are found in the same eight-byte steps as the literal, instead of a second pass.
     * Stops at the first occurrence, before a line longer than {@code maxLineLength}, or short of
     * {@code to} (where fewer than a step's bytes are left); only bytes before {@code to} are read.
     * Skips nothing with a maximum under eight: two line feeds in one step could end an oversized
     * line between them. Adds the line feeds passed to {@code tally.lines} and moves {@code
     * tally.lineStart} past the last of them.
     *
     * @return where it stopped: no line feed lies in {@code [tally.lineStart, returned)}
     */
    public int skipLinesWithout(byte[] bytes, int to, int maxLineLength, LineTally tally) {
        int lineStart = tally.lineStart;
        if (maxLineLength < Long.BYTES) {
            return lineStart;
        }
        long lines = 0;
        int i = lineStart;
        for (int wordsEnd = to - secondAnchor - Long.BYTES; i <= wordsEnd; i += Long.BYTES) {
            long candidates = anchorsAgree(bytes, i);
            long word = (long) LONGS.get(bytes, i) ^ LINE_FEEDS;
            // Flags every line feed, maybe spare ones above one: exact ones only where flagged.
            if ((candidates | ((word - ONES) & ~word & HIGH_BITS)) == 0) {
                continue;
            }
            long lineFeeds = LineFeeds.inWord(bytes, i);
            int found = firstMatch(bytes, i, to, candidates);
            if (found >= 0) {
                // Only the line feeds before the occurrence end lines without it.
                lineFeeds &= (1L << ((found - i) << 3)) - 1;
            }
            if (lineFeeds != 0) {
                if (i + (Long.numberOfTrailingZeros(lineFeeds) >>> 3) - lineStart > maxLineLength) {
                    break;
                }
                lines += Long.bitCount(lineFeeds);
                lineStart = i + Long.BYTES - (Long.numberOfLeadingZeros(lineFeeds) >>> 3);
            }
            if (found >= 0) {
                i = found;
                break;
            }
        }
        tally.lines += lines;
        tally.lineStart = lineStart;
        return Math.max(i, lineStart);
    }

    /**
     * The high bit of each of the eight bytes from {@code at} where both anchors agree with an
     * occurrence starting there; a flag above an agreeing byte may be spare (never one missing).
     */
    private long anchorsAgree(byte[] bytes, int at) {
        long first = ((long) LONGS.get(bytes, at + firstAnchor) | firstFold) ^ firstInEveryByte;
        long second = ((long) LONGS.get(bytes, at + secondAnchor) | secondFold) ^ secondInEveryByte;
        return (first - ONES) & ~first & (second - ONES) & ~second & HIGH_BITS;
    }

    /**
     * The first flagged start in {@code bytes[at, at + 8)} of an occurrence wholly before {@code
     * to}.
     */
    private int firstMatch(byte[] bytes, int at, int to, long flags) {
        int last = to - literal.length;
        for (; flags != 0; flags &= flags - 1) {
            int start = at + (Long.numberOfTrailingZeros(flags) >>> 3);
            if (start <= last && matchesAt(bytes, start)) {
                return start;
            }
        }
        return -1;
    }

    /**
     * Whether the literal starts at {@code at}, which it fits after: a masked compare of one word
     * per eight bytes (the last word may overlap the one before), as the anchors agree often in the
     * digits of a log; byte by byte only where a word would run past the array.
     */
    private boolean matchesAt(byte[] bytes, int at) {
        if (at + wordSpan > bytes.length) {
            for (int j = 0; j < literal.length; j++) {
                if ((bytes[at + j] | foldBits[j]) != literal[j]) {
                    return false;
                }
            }
            return true;
        }
        for (int w = 0; w < words.length; w++) {
            long word = (long) LONGS.get(bytes, at + wordOffsets[w]);
            if (((word | wordFolds[w]) & wordMasks[w]) != words[w]) {
                return false;
            }
        }
        return true;
    }

    private int commonness(int index) {
        return COMMONNESS[literal[index] & 0xFF];
    }

    private static int[] commonness() {
        int[] ranks = new int[256];
        for (int i = 0; i < COMMON_BYTES.length(); i++) {
            ranks[COMMON_BYTES.charAt(i)] = COMMON_BYTES.length() - i;
        }
        return ranks;
    }
}
