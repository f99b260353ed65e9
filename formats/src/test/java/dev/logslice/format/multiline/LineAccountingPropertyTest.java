package dev.logslice.format.multiline;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.SplitReads;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The invariant of {@link EventAssembler}, for every format of the registry: every line is in
 * exactly one event or is one malformed line, with its reason and first bytes; results come in the
 * order of their lines.
 */
class LineAccountingPropertyTest {
    private static final List<FormatDefinition> DEFINITIONS =
            FormatRegistry.standard().definitions();

    private static final List<String> CONTINUATIONS =
            List.of(
                    "\tat com.example.App.run(App.java:12)",
                    "Caused by: java.io.IOException: closed",
                    "\t... 3 more",
                    "java.lang.IllegalStateException: boom",
                    "  indented",
                    "",
                    "Traceback (most recent call last):");

    @Property(tries = 1500)
    void everyLineIsInOneEventOrMalformed(
            @ForAll("formats") FormatDefinition definition,
            @ForAll("lineKinds") List<Tuple.Tuple2<Kind, Integer>> kinds,
            @ForAll("bounds") EventBounds bounds) {
        LogFormat format = create(definition);
        List<String> lines = new ArrayList<>();
        for (Tuple.Tuple2<Kind, Integer> kind : kinds) {
            lines.add(kind.get1().line(definition.example(), kind.get2()));
        }
        List<Long> offsets = new ArrayList<>();
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(format, format.newParser(Parsing.CONTEXT), bounds, results::add);
        long offset = 0;
        for (String line : lines) {
            byte[] bytes = ("<" + line + ">").getBytes(StandardCharsets.UTF_8);
            offsets.add(offset);
            assembler.accept(bytes, 1, bytes.length - 2, "f", offset);
            offset += bytes.length;
        }
        assembler.finish();

        long accounted = 0;
        long previous = -1;
        for (ParseResult result : results) {
            int line = offsets.indexOf(result.offset());
            assertThat(line).as("%s starts at a line", result).isGreaterThanOrEqualTo(0);
            assertThat(result.offset()).as("results in line order").isGreaterThan(previous);
            previous = result.offset();
            if (result instanceof LogEvent event) {
                assertThat(event.lineCount()).isPositive();
                if (event.lineCount() > bounds.maxLines()) {
                    assertThat(event.isCut()).isTrue();
                }
                accounted += event.lineCount();
            } else {
                MalformedLine malformed = (MalformedLine) result;
                byte[] expected = lines.get(line).getBytes(StandardCharsets.UTF_8);
                assertThat(malformed.reason()).isNotBlank();
                assertThat(malformed.sample())
                        .isEqualTo(
                                Arrays.copyOf(
                                        expected,
                                        Math.min(expected.length, MalformedLine.SAMPLE_BYTES)));
                accounted++;
            }
        }
        assertThat(accounted).as("lines in events plus malformed lines").isEqualTo(lines.size());
    }

    /** The source's own path, split by split, keeps the assembler's results and their order. */
    @Property(tries = 200)
    void theSourceReadsWhatTheAssemblerMakes(
            @ForAll("lineKinds") List<Tuple.Tuple2<Kind, Integer>> kinds) {
        String example = Log4jPreset.HADOOP.example();
        StringBuilder log = new StringBuilder();
        for (Tuple.Tuple2<Kind, Integer> kind : kinds) {
            log.append(kind.get1().line(example, kind.get2())).append('\n');
        }
        byte[] content = log.toString().getBytes(StandardCharsets.UTF_8);
        List<ParseResult> assembled =
                EventAssemblerTest.assemble(
                        Log4jPreset.HADOOP.format(), log.toString(), EventBounds.DEFAULTS);

        assertThat(SplitEventOwnershipTest.events(content, List.of()))
                .map(json -> json.replaceFirst("\"file\":\"[^\"]*\"", "\"file\":\"f\""))
                .isEqualTo(SplitReads.json(assembled));
    }

    /** What a generated line is made of. */
    enum Kind {
        /** The format's example line. */
        VALID,
        /** The example cut short. */
        TRUNCATED,
        /** The example with one byte changed. */
        CHANGED,
        /** A stack trace or indented line. */
        CONTINUATION,
        /** Text that is no line of any format. */
        GARBAGE;

        String line(String example, int seed) {
            switch (this) {
                case VALID:
                    return example;
                case TRUNCATED:
                    return example.substring(0, seed % example.length());
                case CHANGED:
                    char[] chars = example.toCharArray();
                    chars[seed % chars.length] = "x [\"]:-0 \t{".charAt(seed % 11);
                    return new String(chars);
                case CONTINUATION:
                    return CONTINUATIONS.get(seed % CONTINUATIONS.size());
                default:
                    return "garbage " + seed + " é\u0001";
            }
        }
    }

    private static LogFormat create(FormatDefinition definition) {
        return definition.create(
                definition
                        .examplePattern()
                        .map(FormatOptions::pattern)
                        .orElse(FormatOptions.none()));
    }

    @Provide
    Arbitrary<FormatDefinition> formats() {
        return Arbitraries.of(DEFINITIONS);
    }

    @Provide
    Arbitrary<List<Tuple.Tuple2<Kind, Integer>>> lineKinds() {
        return Combinators.combine(
                        Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 10_000))
                .as(Tuple::of)
                .list()
                .ofMaxSize(30);
    }

    @Provide
    Arbitrary<EventBounds> bounds() {
        return Arbitraries.oneOf(
                Arbitraries.just(EventBounds.DEFAULTS),
                Combinators.combine(
                                Arbitraries.integers().between(1, 4),
                                Arbitraries.integers().between(1, 400))
                        .as(EventBounds::of));
    }
}
