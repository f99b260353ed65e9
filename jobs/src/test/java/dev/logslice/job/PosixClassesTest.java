package dev.logslice.job;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Grep's POSIX character classes as GNU grep reads them in a UTF-8 locale (glibc's); {@code
 * GrepPosixClassesITCase} compares them with GNU grep itself on every assigned code point.
 */
class PosixClassesTest {
    /** Each class as glibc defines it, written here with {@link Character}'s tests. */
    private static final Map<String, IntPredicate> CLASSES =
            Map.ofEntries(
                    Map.entry("digit", PosixClassesTest::isDigit),
                    Map.entry("upper", c -> Character.isUpperCase(c) || Character.isTitleCase(c)),
                    Map.entry(
                            "lower",
                            c ->
                                    Character.isLowerCase(c)
                                            || c == 0x1C5
                                            || c == 0x1C8
                                            || c == 0x1CB
                                            || c == 0x1F2),
                    Map.entry("alpha", PosixClassesTest::isAlpha),
                    Map.entry("alnum", c -> isAlpha(c) || isDigit(c)),
                    Map.entry(
                            "space",
                            c ->
                                    isBlank(c)
                                            || (c >= '\n' && c <= '\r')
                                            || c == 0x2028
                                            || c == 0x2029),
                    Map.entry("blank", PosixClassesTest::isBlank),
                    Map.entry("xdigit", c -> "0123456789abcdefABCDEF".indexOf(c) >= 0),
                    Map.entry("punct", c -> isGraph(c) && !isAlpha(c) && !isDigit(c)),
                    Map.entry(
                            "cntrl",
                            c ->
                                    Character.getType(c) == Character.CONTROL
                                            || c == 0x2028
                                            || c == 0x2029),
                    Map.entry("graph", PosixClassesTest::isGraph),
                    Map.entry("print", c -> isGraph(c) || (isBlank(c) && c != '\t')));

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** Decimal digits of other scripts (Arabic-Indic ١) are letters to glibc. */
    private static boolean isAlpha(int c) {
        return Character.isAlphabetic(c)
                || (Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER && !isDigit(c));
    }

    /** Space, tab and the Unicode spaces that do not forbid a break. */
    private static boolean isBlank(int c) {
        return c == ' '
                || c == '\t'
                || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A && c != 0x2007)
                || c == 0x205F
                || c == 0x3000;
    }

    private static boolean isGraph(int c) {
        int type = Character.getType(c);
        return type != Character.CONTROL
                && type != Character.UNASSIGNED
                && type != Character.SURROGATE
                && c != 0x2028
                && c != 0x2029
                && c != ' '
                && !isBlank(c);
    }

    @Property(tries = 400)
    void aClassMatchesTheLinesHoldingOneOfItsCharacters(
            @ForAll("lines") String line, @ForAll("names") String name, @ForAll boolean negated) {
        Pattern pattern =
                Pattern.compile(
                        PosixClasses.toJava("[" + (negated ? "^" : "") + "[:" + name + ":]]"));
        IntPredicate inClass = CLASSES.get(name);
        boolean expected = line.chars().anyMatch(negated ? inClass.negate() : inClass);

        assertThat(pattern.matcher(line).find()).isEqualTo(expected);
    }

    @Test
    void classesSitBesideRangesAndTheRestStaysJava() {
        Pattern path = Pattern.compile(PosixClasses.toJava("^GET /[[:alpha:]_-]+ [[:digit:]]{3}$"));
        assertThat(path.matcher("GET /café_menu-1 200").find()).isFalse();
        assertThat(path.matcher("GET /café_menu- 200").find()).isTrue();
        assertThat(path.matcher("GET /Σ 2x0").find()).isFalse();
        Pattern notAlpha = Pattern.compile(PosixClasses.toJava("^[^[:alpha:][:space:]]+$"));
        assertThat(notAlpha.matcher("12-«»").find()).as("negated, two classes").isTrue();
        assertThat(notAlpha.matcher("12é").find()).isFalse();
        assertThat(notAlpha.matcher("1 2").find()).isFalse();
        assertThat(PosixClasses.toJava("\\Q[[:digit:]]\\E [[:digit:]]"))
                .isEqualTo("\\Q[[:digit:]]\\E [0-9]");
        assertThat(PosixClasses.toJava("\\[:digit:] [:digit:]"))
                .as("outside a bracket expression")
                .isEqualTo("\\[:digit:] [:digit:]");
        assertThat(PosixClasses.toJava("[a[:b]")).as("no closing :]").isEqualTo("[a[:b]");
    }

    @Test
    void anUnknownClassIsAnError() {
        assertThatThrownBy(() -> PosixClasses.toJava("[[:Digit:]]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown character class [:Digit:]")
                .hasMessageContaining("alnum, alpha, blank");
    }

    @Provide
    Arbitrary<String> lines() {
        return Arbitraries.strings()
                .withChars(
                        "aZ9f_ -:\t\u000b!~\u007f\u0001éΣ東\u0661²«€\u00a0\u00ad\u0085\u01c5\u01c6"
                                + "\u1f88\u2003\u2007\u2028\u3000\ue000")
                .ofMaxLength(6);
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.of(CLASSES.keySet());
    }
}
