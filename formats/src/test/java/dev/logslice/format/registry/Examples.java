package dev.logslice.format.registry;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The example of a format definition, read as a file would give it: its header lines first. */
final class Examples {
    private Examples() {}

    static FormatOptions options(FormatDefinition definition) {
        return definition.examplePattern().map(FormatOptions::pattern).orElse(FormatOptions.none());
    }

    /** The event of the example, read after its header lines by one parser of {@code format}. */
    static LogEvent event(FormatDefinition definition, LogFormat format) {
        LogParser parser = format.newParser(Parsing.CONTEXT);
        definition
                .exampleHeader()
                .ifPresent(h -> h.lines().forEach(l -> Parsing.result(parser, l)));
        ParseResult result = Parsing.result(parser, definition.example());
        if (result instanceof MalformedLine) {
            throw new AssertionError(
                    definition.name() + ": malformed: " + ((MalformedLine) result).reason());
        }
        return (LogEvent) result;
    }

    /** The header lines, then the example {@code copies} times. */
    static List<byte[]> file(FormatDefinition definition, int copies) {
        List<byte[]> lines = new ArrayList<>();
        definition
                .exampleHeader()
                .ifPresent(
                        h -> h.lines().forEach(l -> lines.add(l.getBytes(StandardCharsets.UTF_8))));
        lines.addAll(
                Collections.nCopies(copies, definition.example().getBytes(StandardCharsets.UTF_8)));
        return lines;
    }
}
