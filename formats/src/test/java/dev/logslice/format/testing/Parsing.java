package dev.logslice.format.testing;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatRegistry;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Parses test lines and files with a fixed context (UTC, reference 2016-01-01). */
public final class Parsing {
    public static final ParserContext CONTEXT =
            ParserContext.of(ZoneId.of("UTC"), Instant.parse("2016-01-01T00:00:00Z"));

    private Parsing() {}

    /** The name of the format detection takes {@code content} (lines split at LF) to be. */
    public static String detected(FormatRegistry registry, String content) throws Exception {
        List<byte[]> lines =
                Arrays.stream(content.split("\n", -1))
                        .map(line -> line.getBytes(StandardCharsets.UTF_8))
                        .collect(Collectors.toList());
        return new FormatDetector(registry).detect("sample", lines, CONTEXT).definition().name();
    }

    /** The event of one line; fails the test with the parser's reason when there is none. */
    public static LogEvent event(LogFormat format, String line) {
        ParseResult result = result(format.newParser(CONTEXT), line);
        if (result instanceof MalformedLine) {
            throw new AssertionError("malformed: " + ((MalformedLine) result).reason());
        }
        return (LogEvent) result;
    }

    public static ParseResult result(LogParser parser, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        // An offset into a larger array checks that parsers honour start.
        byte[] padded = new byte[bytes.length + 7];
        System.arraycopy(bytes, 0, padded, 3, bytes.length);
        return parser.parse(padded, 3, bytes.length, "test.log", 0);
    }

    /** The events and malformed lines of a file, assembled as the source does. */
    public static List<ParseResult> assemble(LogFormat format, String content, EventBounds bounds) {
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(format, format.newParser(CONTEXT), bounds, results::add);
        for (SourceLines.SourceLine line :
                SourceLines.of(content.getBytes(StandardCharsets.UTF_8))) {
            assembler.accept(line.bytes, 0, line.bytes.length, "f", line.offset);
        }
        assembler.finish();
        return results;
    }

    /** Every line of a file, parsed one by one (no multi-line assembly). */
    public static List<ParseResult> lines(LogFormat format, byte[] content, ParserContext context) {
        LogParser parser = format.newParser(context);
        List<ParseResult> results = new ArrayList<>();
        for (SourceLines.SourceLine line : SourceLines.of(content)) {
            results.add(parser.parse(line.bytes, 0, line.bytes.length, "real.log", line.offset));
        }
        return results;
    }
}
