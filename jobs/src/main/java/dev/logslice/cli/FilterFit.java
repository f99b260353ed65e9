package dev.logslice.cli;

import dev.logslice.connector.enumerator.InputFile;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParserContext;
import dev.logslice.format.detect.EventSample;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.LineSample;
import dev.logslice.format.source.FileFormats;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tells, before a filtered grep, of each field filter that the input's events cannot pass because
 * their format leaves the field out ({@code --level} on RFC 3164 syslog, {@code --status} on an
 * application log): no event among the first lines of the first file, assembled as grep assembles
 * them ({@link EventSample}), has the field.
 */
final class FilterFit {
    private static final int SAMPLE_LINES = 1000;
    private static final int SAMPLE_BYTES = 1024 * 1024;

    /** The only syslog events without a level are RFC 3164 lines without a {@code <PRI>}. */
    private static final Map<String, String> EVENTS_WITHOUT_SOME_FIELDS =
            Map.of("syslog", "syslog (RFC 3164)");

    private FilterFit() {}

    /**
     * One line on {@code err} for each option in {@code fieldsByOption} and each format of the
     * inputs whose sampled events (the first lines of its first non-empty file) all lack the
     * option's field; nothing for a format whose sample has no event at all (grep counts those
     * lines).
     */
    static void warnUnfit(
            Map<String, Field> fieldsByOption,
            FileFormats formats,
            List<String> paths,
            ZoneId zone,
            PrintStream err)
            throws IOException {
        if (fieldsByOption.isEmpty()) {
            return;
        }
        for (Map.Entry<LogFormat, Path> sample : firstFilePerFormat(formats, paths).entrySet()) {
            warnUnfit(fieldsByOption, sample.getKey(), sample.getValue(), zone, err);
        }
    }

    private static void warnUnfit(
            Map<String, Field> fieldsByOption,
            LogFormat format,
            Path file,
            ZoneId zone,
            PrintStream err)
            throws IOException {
        List<byte[]> sample;
        try {
            sample = LineSample.read(file, SAMPLE_LINES, SAMPLE_BYTES).lines();
        } catch (FormatDetectionException e) {
            // A corrupt archive has nothing to warn of: detection or the job tells of it.
            return;
        }
        List<LogEvent> sampled =
                EventSample.of(format, ParserContext.forFile(file, zone), sample, file.toString());
        if (sampled.isEmpty()) {
            return;
        }
        Set<Field> present = EnumSet.noneOf(Field.class);
        for (LogEvent event : sampled) {
            for (Field field : fieldsByOption.values()) {
                if (event.hasValue(field)) {
                    present.add(field);
                }
            }
        }
        String events = EVENTS_WITHOUT_SOME_FIELDS.getOrDefault(format.name(), format.name());
        fieldsByOption.forEach(
                (option, field) -> {
                    if (!present.contains(field)) {
                        err.println(
                                "logslice: "
                                        + option
                                        + ": "
                                        + events
                                        + " events have no "
                                        + field.jsonName()
                                        + ", so none passes");
                    }
                });
    }

    /** The first non-empty local file of each format, in the source's order. */
    private static Map<LogFormat, Path> firstFilePerFormat(FileFormats formats, List<String> paths)
            throws IOException {
        Map<LogFormat, Path> samples = new LinkedHashMap<>();
        for (InputFile file : InputFiles.all(paths)) {
            LogFormat format = formats.of(file.path().toString());
            Optional<Path> local = InputFiles.local(file);
            if (!samples.containsKey(format) && local.isPresent() && Files.size(local.get()) > 0) {
                samples.put(format, local.get());
            }
        }
        return samples;
    }
}
