package dev.logslice.cli;

import dev.logslice.format.Field;
import dev.logslice.format.LogFormat;
import dev.logslice.format.detect.FormatDetection;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.FormatDetector;
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

/** How lines are parsed: {@code --format}, {@code --pattern}, {@code --zone}. */
final class FormatOptionsMixin {
    /** Files whose first lines are read to detect the format. */
    private static final int MAX_DETECTED_FILES = 100;

    @Option(
            names = "--format",
            paramLabel = "F",
            description =
                    "Log format (see 'logslice formats'), or auto to detect it from each file's"
                            + " first lines (default: auto).")
    String format = "auto";

    @Option(
            names = "--pattern",
            paramLabel = "P",
            description =
                    "The pattern of formats defined by one: an nginx log_format string, an Apache"
                            + " LogFormat, a Log4j/Logback PatternLayout, a regex with named"
                            + " groups.")
    String pattern;

    @Option(
            names = "--zone",
            paramLabel = "ZONE",
            description =
                    "Time zone of timestamps written without an offset (default: this machine's).")
    ZoneId zone = ZoneId.systemDefault();

    @Option(
            names = "--time-field",
            paramLabel = "KEY",
            split = ",",
            description =
                    "JSON formats: the key(s) of the timestamp, most preferred first, dotted for"
                            + " nested ones (default: timestamp, @timestamp, time, ts, ...).")
    List<String> timeFields = List.of();

    @Option(
            names = "--level-field",
            paramLabel = "KEY",
            split = ",",
            description = "JSON formats: the key(s) of the level (default: level, severity, ...).")
    List<String> levelFields = List.of();

    @Option(
            names = "--message-field",
            paramLabel = "KEY",
            split = ",",
            description =
                    "JSON formats: the key(s) of the message (default: message, msg, log, ...).")
    List<String> messageFields = List.of();

    /** Whether a format is named rather than detected. */
    boolean isNamed() {
        return !format.equals("auto");
    }

    /**
     * The format to parse all inputs with; with {@code auto}, the one detected in every file (told
     * on {@code info}); an error names the files when they differ.
     */
    LogFormat resolve(List<String> paths, PrintStream info) throws IOException {
        FormatRegistry registry = FormatRegistry.standard();
        FormatOptions jsonKeys = withJsonKeys(FormatOptions.none());
        FormatOptions options =
                pattern == null ? jsonKeys : withJsonKeys(FormatOptions.pattern(pattern));
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
                chosen =
                        jsonKeys.jsonKeys().isEmpty()
                                ? detection.format()
                                : detection.definition().create(jsonKeys);
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

    /** The options with the JSON keys of --time-field, --level-field and --message-field. */
    private FormatOptions withJsonKeys(FormatOptions options) {
        if (!timeFields.isEmpty()) {
            options = options.withJsonKeys(Field.TIMESTAMP, timeFields);
        }
        if (!levelFields.isEmpty()) {
            options = options.withJsonKeys(Field.LEVEL, levelFields);
        }
        if (!messageFields.isEmpty()) {
            options = options.withJsonKeys(Field.MESSAGE, messageFields);
        }
        return options;
    }
}
