package dev.logslice.cli;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import picocli.CommandLine.Command;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;

/**
 * {@code logslice formats}: the formats {@code --format} takes, each with an example line and the
 * fields it yields.
 */
@Command(
        name = "formats",
        mixinStandardHelpOptions = true,
        description =
                "List the log formats, each with a description, an example line and the fields"
                        + " it yields.")
final class FormatsCommand implements Callable<Integer> {
    /** Examples without a year or zone read as of this time, in UTC, so the listing is stable. */
    private static final ParserContext EXAMPLE_CONTEXT =
            ParserContext.of(ZoneOffset.UTC, Instant.parse("2024-06-01T00:00:00Z"));

    @Override
    public Integer call() {
        for (FormatDefinition format : FormatRegistry.standard().definitions()) {
            System.out.printf("%-14s %s%n", format.name(), format.description());
            format.examplePattern()
                    .ifPresent(pattern -> System.out.printf("%-14s --pattern '%s'%n", "", pattern));
            format.exampleHeader()
                    .ifPresent(h -> h.lines().forEach(l -> System.out.printf("%-14s %s%n", "", l)));
            System.out.printf("%-14s %s%n", "", format.example());
            System.out.printf("%-14s -> %s%n%n", "", fields(format));
        }
        System.out.println("auto           detect the format of each file from its first lines");
        return 0;
    }

    /** The fields the example line yields, as {@code name=value}. */
    private static String fields(FormatDefinition definition) {
        FormatOptions options =
                definition
                        .examplePattern()
                        .map(FormatOptions::pattern)
                        .orElse(FormatOptions.none());
        LogParser parser = definition.create(options).newParser(EXAMPLE_CONTEXT);
        definition.exampleHeader().ifPresent(h -> h.lines().forEach(l -> parse(parser, l)));
        LogEvent event = parse(parser, definition.example());
        if (event == null) {
            return "(no event)";
        }
        StringJoiner fields = new StringJoiner(" ");
        for (Field field : Field.values()) {
            if (field == Field.EXTRA || field == Field.FILE || field == Field.OFFSET) {
                continue;
            }
            if (event.has(field)) {
                Object value =
                        field == Field.TIMESTAMP ? event.timestampText() : event.value(field);
                fields.add(field.jsonName() + "=" + show(value));
            }
        }
        for (Map.Entry<String, Object> entry : event.extra().entrySet()) {
            fields.add("extra." + entry.getKey() + "=" + show(entry.getValue()));
        }
        return fields.toString();
    }

    private static LogEvent parse(LogParser parser, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return parser.tryParse(bytes, 0, bytes.length, "example", 0);
    }

    private static String show(Object value) {
        if (!(value instanceof String)) {
            return String.valueOf(value);
        }
        String text = (String) value;
        return text.isEmpty() || text.chars().anyMatch(c -> c == ' ' || c == '"')
                ? '"' + text.replace("\"", "\\\"") + '"'
                : text;
    }
}
