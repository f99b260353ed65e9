package dev.logslice.cli;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Suggestions}: one typo away from a command finds it; far from all finds none. */
class SuggestionsTest {
    private static final List<String> COMMANDS =
            List.of("demo", "stats", "scan", "grep", "parse", "formats", "generate", "help");

    @Property(tries = 500)
    void oneEditAwayFromACommandSuggestsACommandAsNear(@ForAll("typos") String[] typo) {
        String meant = typo[0];
        String typed = typo[1];

        String suggested = Suggestions.closest(typed, COMMANDS).orElseThrow();

        assertThat(Suggestions.distance(typed, suggested))
                .isLessThanOrEqualTo(Suggestions.distance(typed, meant));
    }

    @Property(tries = 200)
    void distanceIsSymmetricAndZeroOnlyForEqualStrings(
            @ForAll("words") String a, @ForAll("words") String b) {
        assertThat(Suggestions.distance(a, b)).isEqualTo(Suggestions.distance(b, a));
        assertThat(Suggestions.distance(a, b) == 0).isEqualTo(a.equals(b));
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.strings().withChars("abst-").ofMaxLength(6);
    }

    /** A command and the command after one edit: a swap, a drop, a change or an insertion. */
    @Provide
    Arbitrary<String[]> typos() {
        return Combinators.combine(
                        Arbitraries.of(COMMANDS),
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(0, 100),
                        Arbitraries.chars().range('a', 'z'))
                .as(
                        (command, edit, where, letter) -> {
                            int at = where % (command.length() - 1);
                            String typed =
                                    switch (edit) {
                                        case 0 ->
                                                command.substring(0, at)
                                                        + command.charAt(at + 1)
                                                        + command.charAt(at)
                                                        + command.substring(at + 2);
                                        case 1 ->
                                                command.substring(0, at)
                                                        + command.substring(at + 1);
                                        case 2 ->
                                                command.substring(0, at)
                                                        + letter
                                                        + command.substring(at + 1);
                                        default ->
                                                command.substring(0, at)
                                                        + letter
                                                        + command.substring(at);
                                    };
                            return new String[] {command, typed};
                        });
    }
}
