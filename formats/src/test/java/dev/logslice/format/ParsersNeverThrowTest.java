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
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * No input bytes make any parser throw: random bytes, and example lines with bytes changed; and a
 * parser whose events are read for some fields only gives those as a parser for all fields does.
 */
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

    /**
     * A parser made for some fields ({@link LogFormat#newParser(ParserContext, Set)}) takes the
     * same lines as events, with the same values of those fields.
     */
    @Property(tries = 600)
    void aParserForSomeFieldsGivesThemAsAParserForAll(
            @ForAll("mutatedExamples") byte[] line, @ForAll Set<Field> fields) {
        for (FormatDefinition definition : DEFINITIONS) {
            LogFormat format = format(definition);
            LogEvent all = format.newParser(Parsing.CONTEXT).tryParse(line, 0, line.length, "f", 0);
            LogEvent some =
                    format.newParser(Parsing.CONTEXT, fields)
                            .tryParse(line, 0, line.length, "f", 0);
            String what = definition.name() + " " + fields + ": " + new String(line, UTF_8);
            assertThat(some == null).as(what).isEqualTo(all == null);
            for (Field field : all == null ? Set.<Field>of() : fields) {
                assertThat(some.value(field)).as(what + " " + field).isEqualTo(all.value(field));
            }
        }
    }

    /** What a query of the status alone reads of an access log: no path, no time, no agent. */
    @Test
    void anAccessLogReadForItsStatusLeavesTheOtherFieldsUnset() {
        FormatDefinition combined = FormatRegistry.standard().definition("combined");
        byte[] line = combined.example().getBytes(UTF_8);
        LogEvent event =
                format(combined)
                        .newParser(Parsing.CONTEXT, EnumSet.of(Field.STATUS))
                        .tryParse(line, 0, line.length, "f", 0);

        assertThat(event.value(Field.STATUS)).isNotNull();
        assertThat(event.value(Field.PATH)).isNull();
        assertThat(event.value(Field.TIMESTAMP)).isNull();
        assertThat(event.value(Field.USER_AGENT)).isNull();
        assertThat(event.value(Field.BYTES)).isNull();
    }

    /** A request that is none (a TLS hello sent to port 80) is the extra "request" either way. */
    @Test
    void aRequestThatIsNoneIsKeptForAQueryOfTheExtras() {
        FormatDefinition combined = FormatRegistry.standard().definition("combined");
        byte[] line =
                "10.1.2.3 - - [10/Oct/2026:13:55:36 +0000] \"\\x16\\x03\\x01\\x02\\x00\" 400 157 \"-\" \"-\""
                        .getBytes(UTF_8);
        LogEvent all =
                format(combined).newParser(Parsing.CONTEXT).tryParse(line, 0, line.length, "f", 0);
        LogEvent extras =
                format(combined)
                        .newParser(Parsing.CONTEXT, EnumSet.of(Field.EXTRA))
                        .tryParse(line, 0, line.length, "f", 0);

        assertThat(all.value(Field.EXTRA)).asString().contains("request");
        assertThat(extras.value(Field.EXTRA)).isEqualTo(all.value(Field.EXTRA));
    }

    /** A format whose check moves a field (the forwarded client) still does for that field. */
    @Test
    void aForwardedClientIsTheClientOfAQueryOfTheClients() {
        LogFormat nginx =
                FormatRegistry.standard()
                        .definition("nginx")
                        .create(
                                FormatOptions.pattern(
                                        "$http_x_forwarded_for - $remote_user [$time_local]"
                                                + " \"$request\" $status $body_bytes_sent"));
        byte[] line =
                "203.0.113.9, 10.0.0.2 - - [10/Oct/2026:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5"
                        .getBytes(UTF_8);
        LogEvent event =
                nginx.newParser(Parsing.CONTEXT, EnumSet.of(Field.CLIENT))
                        .tryParse(line, 0, line.length, "f", 0);

        assertThat(event.value(Field.CLIENT)).isEqualTo("203.0.113.9");
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
