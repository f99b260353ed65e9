package dev.logslice.format;

import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** No input bytes make any parser throw: random bytes, and example lines with bytes changed. */
class ParsersNeverThrowTest {
    private static final List<FormatDefinition> DEFINITIONS =
            FormatRegistry.standard().definitions();

    @Property(tries = 2000)
    void randomBytes(@ForAll @Size(max = 300) byte[] line) {
        everyParserReads(line);
    }

    @Property(tries = 3000)
    void mutatedExamples(@ForAll("mutatedExamples") byte[] line) {
        everyParserReads(line);
    }

    /**
     * A parser asked for the reasons of many lines (a stack trace's, by an event's assembly) gives
     * each the reason a fresh parser gives it, whatever it read before.
     */
    @Property(tries = 300)
    void aReusedParserGivesEachLineTheReasonAFreshOneGives(
            @ForAll @Size(min = 2, max = 6) List<@From("mutatedExamples") byte[]> lines) {
        for (FormatDefinition definition : DEFINITIONS) {
            LogFormat format = format(definition);
            LogParser reused = format.newParser(Parsing.CONTEXT);
            for (byte[] line : lines) {
                if (reused.tryParse(line, 0, line.length, "fuzz", 0) == null) {
                    LogParser fresh = format.newParser(Parsing.CONTEXT);
                    fresh.tryParse(line, 0, line.length, "fuzz", 0);
                    assertThat(reused.failureReason())
                            .as(definition.name() + ": " + new String(line, StandardCharsets.UTF_8))
                            .isEqualTo(fresh.failureReason());
                }
            }
        }
    }

    private static void everyParserReads(byte[] line) {
        for (FormatDefinition definition : DEFINITIONS) {
            LogParser parser = format(definition).newParser(Parsing.CONTEXT);
            LogEvent event = parser.tryParse(line, 0, line.length, "fuzz", 0);
            if (event == null) {
                assertThat(parser.failureReason()).isNotBlank();
            } else {
                for (Field field : Field.values()) {
                    event.value(field);
                }
            }
        }
    }

    @Provide
    Arbitrary<byte[]> mutatedExamples() {
        List<byte[]> examples =
                DEFINITIONS.stream()
                        .map(d -> d.example().getBytes(StandardCharsets.UTF_8))
                        .collect(Collectors.toList());
        Arbitrary<Byte> value =
                Arbitraries.oneOf(
                        Arbitraries.bytes(),
                        Arbitraries.of(
                                (byte) ' ',
                                (byte) '"',
                                (byte) '[',
                                (byte) ']',
                                (byte) ':',
                                (byte) '-',
                                (byte) '\\',
                                (byte) '{',
                                (byte) '0',
                                (byte) '9'));
        Arbitrary<Mutation> mutation =
                Combinators.combine(
                                Arbitraries.of(Mutation.Kind.class),
                                Arbitraries.integers().between(0, 400),
                                value)
                        .as(Mutation::new);
        return Combinators.combine(Arbitraries.of(examples), mutation.list().ofMaxSize(4))
                .as(
                        (example, mutations) -> {
                            byte[] line = example;
                            for (Mutation m : mutations) {
                                line = m.apply(line);
                            }
                            return line;
                        });
    }

    /** One change to a line: cut it, overwrite a byte, or drop its start. */
    private static final class Mutation {
        enum Kind {
            TRUNCATE,
            REPLACE,
            DROP_START
        }

        private final Kind kind;
        private final int position;
        private final byte value;

        Mutation(Kind kind, int position, byte value) {
            this.kind = kind;
            this.position = position;
            this.value = value;
        }

        byte[] apply(byte[] line) {
            int at = position % (line.length + 1);
            switch (kind) {
                case TRUNCATE:
                    return Arrays.copyOf(line, at);
                case DROP_START:
                    return Arrays.copyOfRange(line, at, line.length);
                default:
                    byte[] copy = line.clone();
                    if (at < copy.length) {
                        copy[at] = value;
                    }
                    return copy;
            }
        }
    }

    private static LogFormat format(FormatDefinition definition) {
        return definition.create(
                definition
                        .examplePattern()
                        .map(FormatOptions::pattern)
                        .orElse(FormatOptions.none()));
    }
}
