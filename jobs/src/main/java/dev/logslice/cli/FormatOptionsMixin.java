package dev.logslice.cli;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.LogFileSourceBuilder;
import dev.logslice.format.Field;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.detect.InputFormats;
import dev.logslice.format.detect.InputsDetection;
import dev.logslice.format.detect.PathsDetection;
import dev.logslice.format.detect.SkippedInput;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatDefinition.PatternUse;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.report.LogText;

import org.apache.flink.core.fs.Path;

import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How lines are parsed: {@code --format}, {@code --pattern}, {@code --time-format}, {@code --year},
 * {@code --zone}.
 */
final class FormatOptionsMixin {
    /** Files named in a note before it says "and N more". */
    private static final int NOTE_FILES = 3;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description =
                    "Log format (see 'logslice formats'), or auto to detect it in each file from"
                            + " its first lines (default: auto).")
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
            names = "--time-format",
            paramLabel = "LAYOUT",
            description =
                    "With --format regex: the layout of the timestamp group, in java.time letters"
                            + " ('dd/MM/yyyy HH:mm:ss.SSS'), or epoch, epoch-ms.")
    String timeFormat;

    @Option(
            names = "--year",
            paramLabel = "YYYY",
            description =
                    "The year of syslog timestamps that have none (default: inferred from each"
                            + " file's modification time, a December line in a January file being"
                            + " of the year before).")
    Integer year;

    @Option(
            names = "--zone",
            paramLabel = "ZONE",
            converter = ZoneConverter.class,
            description =
                    "Time zone of timestamps written without an offset: Europe/Paris, UTC, +01:00"
                            + " (default: this machine's, ${DEFAULT-VALUE}).")
    ZoneId zone = ZoneId.systemDefault();

    @Option(
            names = "--time-field",
            paramLabel = "KEY",
            split = ",",
            description =
                    "JSON and logfmt formats: the key(s) of the timestamp, most preferred first,"
                            + " dotted for nested ones (default: timestamp, @timestamp, time, ts, ...).")
    List<String> timeFields = List.of();

    @Option(
            names = "--level-field",
            paramLabel = "KEY",
            split = ",",
            description =
                    "JSON and logfmt formats: the key(s) of the level (default: level, severity,"
                            + " ...).")
    List<String> levelFields = List.of();

    @Option(
            names = "--message-field",
            paramLabel = "KEY",
            split = ",",
            description =
                    "JSON and logfmt formats: the key(s) of the message (default: message, msg,"
                            + " log, ...).")
    List<String> messageFields = List.of();

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
     * The formats to parse the inputs with: the named one, or with {@code auto} the one detected in
     * each file (told on {@code info}, with the files left out as no log).
     */
    InputFormats resolve(List<String> paths, PrintStream info) throws IOException {
        warnIfPatternUnused(System.err);
        FormatRegistry registry = FormatRegistry.standard();
        FormatOptions options = options();
        if (isNamed()) {
            InputFormats named = InputFormats.named(registry.create(format, options));
            refuseCrLineEnds(paths);
            return named;
        }
        if (timeFormat != null) {
            throw new IllegalArgumentException(
                    "--time-format needs --format regex (and the regex as --pattern)");
        }
        LogFileSourceBuilder.checkInputs(paths.stream().map(Path::new).toList());
        InputFormats detected;
        try {
            detected = PathsDetection.detect(paths, options, zone);
        } catch (FormatDetectionException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the input paths", e);
        }
        tell(detected, info);
        return detected;
    }

    /**
     * Refuses a file of CR-only line ends as detection does: a named format would read it as one
     * line and lose all but its first record unsaid. A path that cannot be listed or read is left
     * for the source to report, as before.
     */
    private static void refuseCrLineEnds(List<String> paths) {
        List<InputsDetection.Input> files;
        try {
            files = PathsDetection.localFiles(paths);
        } catch (IOException | UncheckedIOException e) {
            return;
        }
        for (InputsDetection.Input input : files) {
            Optional<String> refusal;
            try {
                refusal = FormatDetector.crLineEndsRefusal(input.path());
            } catch (IOException | UncheckedIOException e) {
                continue; // unreadable here: the source says so with its own message
            }
            if (refusal.isPresent()) {
                throw new IllegalArgumentException(refusal.get());
            }
        }
    }

    /**
     * The paths the source is to read: the user's, or when files are left out as no log, the files
     * that are left.
     */
    static List<String> sourcePaths(List<String> paths, InputFormats formats) {
        try {
            return PathsDetection.pathsToRead(paths, formats);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the input paths", e);
        }
    }

    /** The format options of the flags given (checked against a named format). */
    FormatOptions options() {
        // Under auto a pattern is unused (warnIfPatternUnused said so): no detected format takes
        // it.
        FormatOptions options =
                withJsonKeys(
                        pattern == null || !isNamed()
                                ? FormatOptions.none()
                                : FormatOptions.pattern(pattern));
        if (timeFormat != null) {
            if (isNamed() && !format.equals("regex")) {
                throw new IllegalArgumentException(
                        "--time-format is for --format regex; format " + format + " knows its own");
            }
            options = options.withTimeFormat(timeFormat);
        }
        if (year != null) {
            if (isNamed() && !format.equals("syslog")) {
                throw new IllegalArgumentException(
                        "--year is for syslog; format " + format + " writes its years");
            }
            options = options.withYear(year);
        }
        return options;
    }

    private static void tell(InputFormats formats, PrintStream info) {
        Map<String, List<String>> byFormat = formats.filesByFormat();
        if (byFormat.size() == 1) {
            info.println("format: " + formats.names() + " (detected; --format to choose another)");
        } else {
            info.println(
                    "formats (detected per file; --format to read all in one): "
                            + LogText.forTerminal(
                                    byFormat.entrySet().stream()
                                            .map(e -> e.getKey() + " " + someOf(e.getValue()))
                                            .collect(Collectors.joining(", "))));
        }
        for (SkippedInput skipped : formats.skipped()) {
            info.println(
                    "logslice: skipped "
                            + LogText.forTerminal(LocalPaths.plain(skipped.file()))
                            + " ("
                            + skipped.reason()
                            + ")");
        }
    }

    /** "(a, b, c and 2 more)": the first files, as a user knows their paths. */
    static String someOf(List<String> files) {
        return "("
                + files.stream()
                        .limit(NOTE_FILES)
                        .map(LocalPaths::plain)
                        .collect(Collectors.joining(", "))
                + (files.size() > NOTE_FILES ? " and " + (files.size() - NOTE_FILES) + " more" : "")
                + ")";
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
