package dev.logslice.format.registry;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.SplitReads;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every line is in exactly one event or counted malformed, for every detectable format on random
 * mixes of their own lines, broken lines and continuation lines; and a line of the format always
 * starts an event of its own, never glued to the one before.
 */
class FormatsInvariantTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    /** Every format --format auto considers. */
    private static final List<String> FORMATS =
            REGISTRY.definitions().stream()
                    .filter(FormatDefinition::isDetectable)
                    .map(FormatDefinition::name)
                    .toList();

    /** Stands for "the format's example line" in a mix; no printable line is this. */
    private static final String OWN = "\u0001own";

    @Property(tries = 300)
    void everyLineIsInOneEventOrMalformed(
            @ForAll("formats") String name, @ForAll("mixes") List<String> mix) {
        FormatDefinition definition = REGISTRY.definition(name);
        LogFormat format = definition.create(FormatOptions.none());
        List<String> lines = new ArrayList<>();
        definition.exampleHeader().ifPresent(h -> lines.addAll(h.lines().toList()));
        Set<Long> ownLines = new HashSet<>();
        for (String kind : mix) {
            if (kind.equals(OWN)) {
                ownLines.add((long) lines.size());
                lines.add(definition.example());
            } else {
                lines.add(kind);
            }
        }
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(format, format.newParser(Parsing.CONTEXT), results::add);
        for (int i = 0; i < lines.size(); i++) {
            byte[] line = lines.get(i).getBytes(StandardCharsets.UTF_8);
            assembler.accept(line, 0, line.length, "t.log", i);
        }
        assembler.finish();

        long covered = 0;
        Set<Long> eventStarts = new HashSet<>();
        for (ParseResult result : results) {
            if (result instanceof MalformedLine) {
                covered++;
            } else {
                LogEvent event = (LogEvent) result;
                eventStarts.add(event.offset());
                covered += linesOf(event);
            }
        }
        assertThat(covered).isEqualTo(lines.size());
        assertThat(eventStarts).containsAll(ownLines);
    }

    /**
     * The source reads a file split by split, each event in the split of its first line: the events
     * of a file cut anywhere are those of the file read whole, in every format.
     */
    @Property(tries = 300)
    void aFilesEventsAreTheSameWhereverItIsCut(
            @ForAll("formats") String name,
            @ForAll("mixes") List<String> mix,
            @ForAll @Size(max = 4) List<@IntRange(min = 1, max = 100_000) Integer> cuts) {
        FormatDefinition definition = REGISTRY.definition(name);
        LogFormat format = definition.create(FormatOptions.none());
        StringBuilder text = new StringBuilder();
        definition.exampleHeader().ifPresent(h -> text.append(h).append('\n'));
        for (String kind : mix) {
            text.append(kind.equals(OWN) ? definition.example() : kind).append('\n');
        }
        byte[] content = text.toString().getBytes(StandardCharsets.UTF_8);
        List<Integer> inside = new ArrayList<>();
        for (int cut : cuts) {
            if (content.length > 1) {
                inside.add(1 + cut % (content.length - 1));
            }
        }

        assertThat(SplitReads.events(format, content, inside, 1 << 20))
                .isEqualTo(SplitReads.events(format, content, List.of(), 1 << 20));
    }

    /** The lines an event holds: its text's, and those it counted as dropped. */
    private static long linesOf(LogEvent event) {
        String text = event.toString().substring(("t.log:" + event.offset() + ": ").length());
        Object dropped = event.extra().get("droppedLines");
        return text.chars().filter(c -> c == '\n').count()
                + 1
                + (dropped instanceof Long ? (Long) dropped : 0);
    }

    @Provide
    Arbitrary<String> formats() {
        return Arbitraries.of(FORMATS);
    }

    @Provide
    Arbitrary<List<String>> mixes() {
        Arbitrary<String> broken = Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(80);
        Arbitrary<String> continuation =
                Arbitraries.of(
                        "\tat com.shop.Cart.add(Cart.java:42)",
                        "Caused by: java.io.IOException: reset",
                        "  File \"/srv/app.py\", line 12, in <module>",
                        "\tFROM orders WHERE id = 7",
                        "     ndv: Retrieving device info...",
                        "");
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(5, Arbitraries.just(OWN)),
                        net.jqwik.api.Tuple.of(2, broken),
                        net.jqwik.api.Tuple.of(2, continuation))
                .list()
                .ofMaxSize(30);
    }
}
