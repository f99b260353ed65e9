package dev.logslice.connector.source;

import dev.logslice.connector.io.LiteralSearch;
import dev.logslice.connector.testing.RandomGrep;

import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A prefilter never drops a line its regex matches: random regexes (flags, classes, alternations,
 * quantifiers, escapes, Unicode case partners) against random lines, malformed UTF-8 included.
 */
class LinePrefilterPropertyTest {

    @Property(tries = 3000)
    void everyMatchingLineHoldsALiteral(@ForAll long patternSeed, @ForAll long linesSeed) {
        RandomGrep.Regex regex = RandomGrep.regex(patternSeed);
        Pattern pattern = regex.pattern();
        LinePrefilter prefilter = LinePrefilter.forRegex(regex.source(), regex.flags());
        Random random = new Random(linesSeed);
        for (int i = 0; i < 50; i++) {
            byte[] line = RandomGrep.line(random);
            Optional<Boolean> found =
                    RandomGrep.find(pattern, new String(line, StandardCharsets.UTF_8));
            Assume.that(found.isPresent());
            if (found.get() && prefilter != null) {
                // Each part the reader may choose on its sample is one every match holds.
                for (List<String> choice : prefilter.choices()) {
                    assertThat(holdsLiteral(prefilter, choice, line))
                            .as(
                                    "%s %s matches the line %s",
                                    regex, choice, HexFormat.of().formatHex(line))
                            .isTrue();
                }
            }
        }
    }

    /**
     * Where the prefilter says its literals decide, they do: a line holds one exactly when the
     * regex finds a match, for alternations of words under flags, anchors and look-arounds.
     */
    @Property(tries = 3000)
    void anExactPrefilterDecidesAsTheRegexDoes(@ForAll long patternSeed, @ForAll long linesSeed) {
        Random random = new Random(patternSeed);
        String source = literalAlternation(random);
        int flags = EXACT_FLAGS[random.nextInt(EXACT_FLAGS.length)];
        Pattern pattern;
        try {
            pattern = Pattern.compile(source, flags);
        } catch (PatternSyntaxException e) {
            return;
        }
        LinePrefilter prefilter = LinePrefilter.forRegex(source, flags);
        boolean exact = prefilter != null && prefilter.matchesExactly();
        Statistics.label("exact").collect(exact);
        if (!exact) {
            return;
        }
        Random lines = new Random(linesSeed);
        for (int i = 0; i < 50; i++) {
            byte[] line = RandomGrep.line(lines);
            Optional<Boolean> found =
                    RandomGrep.find(pattern, new String(line, StandardCharsets.UTF_8));
            assertThat(holdsLiteral(prefilter, line))
                    .as(
                            "/%s/ flags %d %s on %s",
                            source, flags, prefilter, HexFormat.of().formatHex(line))
                    .isEqualTo(found.orElseThrow());
        }
    }

    @Example
    void onlyPlainAlternationsOfAsciiLiteralsDecide() {
        assertThat(exact("POST|DELETE", 0)).isTrue();
        assertThat(exact(" 503 ", 0)).isTrue();
        assertThat(exact("(?i)error", 0)).isTrue();
        assertThat(exact("colou?r", 0)).isTrue();
        assertThat(exact("a\\.b", 0)).isTrue();
        assertThat(exact("a.b", Pattern.LITERAL | Pattern.CASE_INSENSITIVE)).isTrue();
        assertThat(exact("^GET", 0)).isFalse();
        assertThat(exact("GET\\b", 0)).isFalse();
        assertThat(exact("(?<!x)GET", 0)).isFalse();
        assertThat(exact("a.b", 0)).isFalse();
        assertThat(exact("ab(?-i)cd", Pattern.CASE_INSENSITIVE)).isFalse();
        assertThat(exact("x(?i)y|ZZ", 0)).isFalse();
        assertThat(exact("caf\u00e9", 0)).isFalse();
        assertThat(exact("(?iu)kernel", 0)).isFalse();
        assertThat(exact("GET /api/v[0-9]+", 0)).isFalse();
    }

    private static final int[] EXACT_FLAGS = {
        0,
        Pattern.CASE_INSENSITIVE,
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE,
        Pattern.LITERAL
    };

    private static final String[] PIECES = {
        "503", " 503 ", "GET", "get", "Error", "ERROR", "kernel", "\\u212Aernel", "Ss", "x-y",
        "a\\.b", "k", "K", "s", "5", "\\Q|k\\E", "caf\u00e9", "(?i)", "(?-i)", "(?iu)",
        "^", "$", "\\b", "\\B", "(?=G)", "(?<!a)", "(?i:get)", "(?:Error|503)", "s?"
    };

    /** Branches of a few pieces: words mostly, now and then a flag, anchor or look-around. */
    private static String literalAlternation(Random random) {
        StringBuilder regex = new StringBuilder();
        int branches = 1 + random.nextInt(3);
        for (int b = 0; b < branches; b++) {
            if (b > 0) {
                regex.append('|');
            }
            int pieces = 1 + random.nextInt(3);
            for (int p = 0; p < pieces; p++) {
                regex.append(PIECES[random.nextInt(PIECES.length)]);
            }
        }
        return regex.toString();
    }

    private static boolean exact(String regex, int flags) {
        LinePrefilter prefilter = LinePrefilter.forRegex(regex, flags);
        return prefilter != null && prefilter.matchesExactly();
    }

    @Example
    void literalsOfCommonPatterns() {
        assertThat(literals(" 503 ", 0)).isEqualTo("[ 503 ]");
        assertThat(literals("(?i)error", 0)).isEqualTo("(?i)[error]");
        assertThat(literals("timeout|refused", 0)).isEqualTo("[timeout, refused]");
        assertThat(literals("GET /api/v[0-9]+/users", 0)).isEqualTo("[GET /api/v]");
        assertThat(literals("colou?r=(red|blue)", 0))
                .isEqualTo("[colour=red, colour=blue, color=red, color=blue]");
        assertThat(literals("a.b", Pattern.LITERAL | Pattern.CASE_INSENSITIVE))
                .isEqualTo("(?i)[a.b]");
        assertThat(literals("x\\Q(+)\\E", 0)).isEqualTo("[x(+)]");
    }

    @Example
    void aReaderTakesThePartItsTextHoldsLeastOften() {
        LinePrefilter prefilter = LinePrefilter.forRegex("HTTP/1.1\" 50[0-9] ", 0);
        byte[] accessLog =
                ("1.2.3.4 - - [15/Jan/2024:10:20:30 +0000] \"GET / HTTP/1.1\" 200 612\n"
                                + "1.2.3.4 - - [15/Jan/2024:10:20:31 +0000] \"GET /a HTTP/1.1\" 503 0\n")
                        .getBytes(StandardCharsets.UTF_8);

        assertThat(prefilter.choices())
                .containsExactly(List.of("HTTP/1"), List.of("1\" 50"), List.of(" "));
        assertThat(prefilter.fittedTo(accessLog, 0, accessLog.length)).hasToString("[1\" 50]");
        byte[] other = "no such part here\n".getBytes(StandardCharsets.UTF_8);
        assertThat(prefilter.fittedTo(other, 0, other.length)).isSameAs(prefilter);
        assertThat(LinePrefilter.forRegex("timeout|refused", 0).choices()).hasSize(1);
        assertThat(LinePrefilter.forRegex("(a.bc|x.yz)", 0).choices())
                .as("a part of one branch is no part of every match")
                .hasSize(1);
    }

    @Example
    void unsureOrLiteralFreePatternsHaveNone() {
        assertThat(LinePrefilter.forRegex("\\d+ms", 0)).hasToString("[ms]");
        assertThat(LinePrefilter.forRegex("(a)\\1", 0)).isNull();
        assertThat(LinePrefilter.forRegex("\\0101", 0)).isNull();
        assertThat(LinePrefilter.forRegex("(?x) a b", 0)).isNull();
        assertThat(LinePrefilter.forRegex("[a-z]+\\d*", 0)).isNull();
        assertThat(LinePrefilter.forRegex("abc|d*", 0)).isNull();
        assertThat(LinePrefilter.forRegex("(?:abc)?", 0)).isNull();
    }

    @Example
    void caseInsensitiveLettersWithNonAsciiPartnersEndALiteral() {
        // With Unicode case, k matches the Kelvin sign and s the long s: not in the bytes of "k".
        assertThat(literals("(?iu)kernels", 0)).isEqualTo("(?i)[ernel]");
        assertThat(literals("(?i)kernels", 0)).isEqualTo("(?i)[kernels]");
        assertThat(literals("caf\u00e9 bar", Pattern.CASE_INSENSITIVE)).isEqualTo("(?i)[ bar]");
        assertThat(literals("ab\uFFFDcd", 0)).isEqualTo("[ab]");
    }

    @Example
    void theCompileFlagsCountNotWhatPatternFlagsShows() {
        // Pattern.flags() takes in the top level's inline flags: 0 here, though compiled with -i.
        assertThat(Pattern.compile("(?-i)x", Pattern.CASE_INSENSITIVE).flags()).isZero();
        assertThat(literals("ab(?-i)cd", Pattern.CASE_INSENSITIVE)).isEqualTo("(?i)[abcd]");
    }

    @Example
    void inlineFlagsHoldAcrossAlternativesToTheGroupsEnd() {
        assertThat(Pattern.compile("x(?i)y|ZZ").matcher("zz").find()).isTrue();
        assertThat(LinePrefilter.forRegex("x(?i)y|ZZ", 0)).hasToString("(?i)[xy, zz]");
        assertThat(literals("(?:(?i)ab)CD", 0)).isEqualTo("(?i)[abCD]");
    }

    private static String literals(String regex, int flags) {
        return String.valueOf(LinePrefilter.forRegex(regex, flags));
    }

    private static boolean holdsLiteral(LinePrefilter prefilter, byte[] line) {
        for (LiteralSearch search : prefilter.searches()) {
            if (search.indexOf(line, 0, line.length) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean holdsLiteral(LinePrefilter prefilter, List<String> choice, byte[] line) {
        for (String literal : choice) {
            LiteralSearch search =
                    new LiteralSearch(
                            literal.getBytes(StandardCharsets.UTF_8), prefilter.ignoresAsciiCase());
            if (search.indexOf(line, 0, line.length) >= 0) {
                return true;
            }
        }
        return false;
    }
}
