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

/** Grep's POSIX character classes as GNU grep reads them in the C locale. */
class PosixClassesTest {
    /** Each class as POSIX defines it for ASCII, written here without Java's classes. */
    private static final Map<String, IntPredicate> CLASSES =
            Map.ofEntries(
                    Map.entry("digit", c -> c >= '0' && c <= '9'),
                    Map.entry("upper", c -> c >= 'A' && c <= 'Z'),
                    Map.entry("lower", c -> c >= 'a' && c <= 'z'),
                    Map.entry("alpha", c -> (c | 0x20) >= 'a' && (c | 0x20) <= 'z'),
                    Map.entry(
                            "alnum",
                            c ->
                                    (c >= '0' && c <= '9')
                                            || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')),
                    Map.entry("space", c -> c == ' ' || (c >= '\t' && c <= '\r')),
                    Map.entry("blank", c -> c == ' ' || c == '\t'),
                    Map.entry("xdigit", c -> "0123456789abcdefABCDEF".indexOf(c) >= 0),
                    Map.entry("punct", c -> c > ' ' && c < 0x7f && !Character.isLetterOrDigit(c)),
                    Map.entry("cntrl", c -> c < ' ' || c == 0x7f),
                    Map.entry("graph", c -> c > ' ' && c < 0x7f),
                    Map.entry("print", c -> c >= ' ' && c < 0x7f));

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
        assertThat(PosixClasses.toJava("GET /[[:alpha:]_-]+ [[:digit:]]{3}"))
                .isEqualTo("GET /[\\p{Alpha}_-]+ [\\p{Digit}]{3}");
        assertThat(PosixClasses.toJava("\\Q[[:digit:]]\\E [[:digit:]]"))
                .isEqualTo("\\Q[[:digit:]]\\E [\\p{Digit}]");
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
        return Arbitraries.strings().withChars("aZ9f_ -:\t\u000b!~\u007f\u0001").ofMaxLength(6);
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.of(CLASSES.keySet());
    }
}
