package dev.logslice.job;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A line is selected exactly when Java's regex finds a match in it decoded, whether the regex runs
 * or the literals of an alternation decide on the bytes: with grep's {@code -i} (Unicode case: k, s
 * and i have partners beyond ASCII), in lines of ASCII, of the partners and of malformed UTF-8.
 */
class LinePatternPropertyTest {
    private static final String[] WORDS = {
        "POST", "post", "Error", "kernel", "mozilla/5", "Mis", "x-y", "a.b", "503", " 503 ", "k"
    };

    /** Bytes of the lines beside the words: the partners, é, malformed UTF-8, a lone lead byte. */
    private static final String[] PIECES = {
        "\u212A", "\u017F", "\u0130", "\u0131", "\u00e9", "K", "S", "I", " ", "/", "5"
    };

    /** What makes a regex more than its literals, now and then in a branch. */
    private static final String[] CONSTRUCTS = {"^", "$", "\\b", "[0-9]", ".", "s?", "(?-i)"};

    private static final int[] FLAGS = {
        0,
        Pattern.CASE_INSENSITIVE,
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE,
        Pattern.LITERAL,
        Pattern.LITERAL | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE
    };

    @Property(tries = 2000)
    void selectsTheLinesTheRegexMatches(@ForAll long patternSeed, @ForAll long linesSeed) {
        Random random = new Random(patternSeed);
        int flags = FLAGS[random.nextInt(FLAGS.length)];
        String regex = alternation(random, (flags & Pattern.LITERAL) != 0);
        LinePattern linePattern = LinePattern.compile(regex, flags);
        Pattern pattern = Pattern.compile(regex, flags);
        Random lines = new Random(linesSeed);
        for (int i = 0; i < 40; i++) {
            byte[] line = line(lines);
            assertThat(linePattern.find(line, 0, line.length))
                    .as("/%s/ flags %d on %s", regex, flags, HexFormat.of().formatHex(line))
                    .isEqualTo(pattern.matcher(new String(line, StandardCharsets.UTF_8)).find());
        }
    }

    @Example
    void caseInsensitiveLettersWithPartnersBeyondAsciiStillMatchThem() {
        LinePattern mozilla =
                LinePattern.compile("mozilla", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        byte[] dottedI = "MOZ\u0130LLA".getBytes(StandardCharsets.UTF_8);
        byte[] ascii = "MOZiLLA".getBytes(StandardCharsets.US_ASCII);
        byte[] other = "MOZ\u00e9LLA".getBytes(StandardCharsets.UTF_8);

        assertThat(mozilla.find(dottedI, 0, dottedI.length)).isTrue();
        assertThat(mozilla.find(ascii, 0, ascii.length)).isTrue();
        assertThat(mozilla.find(other, 0, other.length)).isFalse();
    }

    /**
     * One to three branches of words, each quoted unless the regex is taken literally, some with an
     * anchor, a class or a flag after the word.
     */
    private static String alternation(Random random, boolean literal) {
        if (literal) {
            return WORDS[random.nextInt(WORDS.length)];
        }
        StringBuilder regex = new StringBuilder();
        for (int b = random.nextInt(3); b >= 0; b--) {
            regex.append(Pattern.quote(WORDS[random.nextInt(WORDS.length)]));
            if (random.nextInt(3) == 0) {
                regex.append(CONSTRUCTS[random.nextInt(CONSTRUCTS.length)]);
            }
            if (b > 0) {
                regex.append('|');
            }
        }
        return regex.toString();
    }

    private static byte[] line(Random random) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int pieces = random.nextInt(8); pieces > 0; pieces--) {
            switch (random.nextInt(5)) {
                case 0:
                    line.write(random.nextBoolean() ? 0xC3 : 0xFF);
                    break;
                case 1:
                    String word = WORDS[random.nextInt(WORDS.length)];
                    line.writeBytes(
                            (random.nextBoolean() ? word.toUpperCase(Locale.ROOT) : word)
                                    .getBytes(StandardCharsets.UTF_8));
                    break;
                case 2:
                    // A word with one letter swapped for a piece: a partner of it, or not.
                    String base = WORDS[random.nextInt(WORDS.length)];
                    int at = random.nextInt(base.length());
                    line.writeBytes(
                            (base.substring(0, at)
                                            + PIECES[random.nextInt(PIECES.length)]
                                            + base.substring(at + 1))
                                    .getBytes(StandardCharsets.UTF_8));
                    break;
                default:
                    line.writeBytes(
                            PIECES[random.nextInt(PIECES.length)].getBytes(StandardCharsets.UTF_8));
            }
        }
        return line.toByteArray();
    }
}
