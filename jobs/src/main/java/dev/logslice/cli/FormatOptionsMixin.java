package dev.logslice.cli;

import dev.logslice.format.LogFormat;
import dev.logslice.format.detect.FormatDetection;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatDefinition.PatternUse;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** How lines are parsed: {@code --format}, {@code --pattern}, {@code --zone}. */
final class FormatOptionsMixin {
    /** Files whose first lines are read to detect the format. */
    private static final int MAX_DETECTED_FILES = 100;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description =
                    "Log format (see 'logslice formats'), or auto to detect it from each file's"
                            + " first lines (default: auto).")
    String format = "auto";

    @Option(
            names = "--pattern",
            paramLabel = "PATTERN",
            description =
                    "The pattern of formats defined by one: an nginx log_format string, an Apache"
                            + " LogFormat, a Log4j/Logback PatternLayout, a regex with named"
                            + " groups.")
    String pattern;

    @Option(
            names = "--zone",
            paramLabel = "ZONE",
            converter = ZoneConverter.class,
            description =
                    "Time zone of timestamps written without an offset: Europe/Paris, UTC, +01:00"
                            + " (default: this machine's, ${DEFAULT-VALUE}).")
    ZoneId zone = ZoneId.systemDefault();

    /** Whether a format is named rather than detected. */
    boolean isNamed() {
        return !format.equals("auto");
    }

    /** A {@code --pattern} defines a named format; without one it would go unused unsaid. */
    void warnIfPatternUnused(PrintStream err) {
        if (pattern == null || isNamed()) {
            return;
        }
        String takers =
                FormatRegistry.standard().definitions().stream()
                        .filter(definition -> definition.patternUse() != PatternUse.NONE)
                        .map(FormatDefinition::name)
                        .collect(Collectors.joining(", "));
        err.println(
                "logslice: --pattern is ignored without --format: name the format it defines ("
                        + takers
                        + ")");
    }

    /**
     * The format to parse all inputs with; with {@code auto}, the one detected in every file (told
     * on {@code info}); an error names the files when they differ.
     */
    LogFormat resolve(List<String> paths, PrintStream info) throws IOException {
        warnIfPatternUnused(System.err);
        FormatRegistry registry = FormatRegistry.standard();
        FormatOptions options =
                pattern == null ? FormatOptions.none() : FormatOptions.pattern(pattern);
        if (isNamed()) {
            return registry.create(format, options);
        }
        FormatDetector detector = new FormatDetector(registry);
        Map<String, List<Path>> filesByFormat = new LinkedHashMap<>();
        LogFormat chosen = null;
        for (Path file : InputFiles.list(paths, MAX_DETECTED_FILES)) {
            if (Files.size(file) == 0) {
                continue;
            }
            FormatDetection detection;
            try {
                detection = detector.detect(file, zone);
            } catch (FormatDetectionException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            String name = detection.definition().name();
            filesByFormat.computeIfAbsent(name, k -> new ArrayList<>()).add(file);
            if (chosen == null) {
                chosen = detection.format();
            }
        }
        if (filesByFormat.size() > 1) {
            StringBuilder message = new StringBuilder("the inputs have different formats:");
            filesByFormat.forEach(
                    (name, files) ->
                            message.append(' ')
                                    .append(name)
                                    .append(" (")
                                    .append(files.get(0))
                                    .append(
                                            files.size() > 1
                                                    ? " and " + (files.size() - 1) + " more"
                                                    : "")
                                    .append(')'));
            throw new IllegalArgumentException(
                    message.append("; run logslice once per format, or pass --format").toString());
        }
        if (chosen == null) {
            throw new IllegalArgumentException(
                    "the inputs have no lines to detect a format from; pass --format");
        }
        info.println("format: " + chosen.name() + " (detected; --format to choose another)");
        return chosen;
    }
}
