package dev.logslice.format.detect;

import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.source.FileFormats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code --format auto} over a run's files: each file is read in the format its first lines fit;
 * files that fit none (a README, a binary {@code wtmp}) are left out and listed. Past {@value
 * #MAX_DETECTED_FILES} detections, a file takes the format found in its group ({@link FileGroups}:
 * {@code syslog.7.gz} that of {@code syslog}), so that a folder of many small files is not read
 * twice.
 */
public final class InputsDetection {
    static final int MAX_DETECTED_FILES = 1000;

    /** A file to detect: its name as the source gives it, and where this machine reads it. */
    public record Input(String name, Path path) {}

    private final FormatDetector detector;
    private final FormatOptions options;
    private final ZoneId zone;
    private final int maxDetections;

    /**
     * @param options what the detected formats are made with (a syslog {@code --year})
     */
    public InputsDetection(FormatDetector detector, FormatOptions options, ZoneId zone) {
        this(detector, options, zone, MAX_DETECTED_FILES);
    }

    InputsDetection(
            FormatDetector detector, FormatOptions options, ZoneId zone, int maxDetections) {
        this.detector = detector;
        this.options = options;
        this.zone = zone;
        this.maxDetections = maxDetections;
    }

    /**
     * The format of each file; throws when no file is a log of a known format, with what detection
     * said of them.
     */
    public InputFormats detect(List<Input> inputs) throws IOException, FormatDetectionException {
        Map<String, FormatDefinition> byGroup = new HashMap<>();
        Map<String, FormatDefinition> byFile = new LinkedHashMap<>();
        List<SkippedInput> skipped = new ArrayList<>();
        int detections = 0;
        for (Input input : inputs) {
            long size = Files.size(input.path());
            if (size == 0) {
                continue;
            }
            String group = FileGroups.key(input.path());
            if (detections >= maxDetections && byGroup.containsKey(group)) {
                byFile.put(input.name(), byGroup.get(group));
                continue;
            }
            detections++;
            try {
                FormatDefinition definition = detector.detect(input.path(), zone).definition();
                byFile.put(input.name(), definition);
                byGroup.putIfAbsent(group, definition);
            } catch (FormatDetectionException e) {
                skipped.add(new SkippedInput(input.name(), e.shortReason(), size, e.getMessage()));
            }
        }
        if (byFile.isEmpty()) {
            throw nothingDetected(skipped);
        }
        return formatsOf(byFile, skipped);
    }

    private InputFormats formatsOf(
            Map<String, FormatDefinition> byFile, List<SkippedInput> skipped) {
        Map<String, List<String>> filesByName = new LinkedHashMap<>();
        Map<String, LogFormat> formatByName = new HashMap<>();
        byFile.forEach(
                (file, definition) -> {
                    filesByName
                            .computeIfAbsent(definition.name(), k -> new ArrayList<>())
                            .add(file);
                    // One instance per format, shared by its files.
                    formatByName.computeIfAbsent(
                            definition.name(), name -> definition.createDetected(options));
                });
        Map<String, List<String>> mostFilesFirst =
                filesByName.entrySet().stream()
                        .sorted(
                                Comparator.comparingInt(
                                        (Map.Entry<String, List<String>> e) ->
                                                -e.getValue().size()))
                        .collect(
                                Collectors.toMap(
                                        Map.Entry::getKey,
                                        Map.Entry::getValue,
                                        (a, b) -> a,
                                        LinkedHashMap::new));
        Map<String, LogFormat> formatOfFile = new HashMap<>();
        byFile.forEach(
                (file, definition) -> formatOfFile.put(file, formatByName.get(definition.name())));
        LogFormat mostFiles = formatByName.get(mostFilesFirst.keySet().iterator().next());
        return InputFormats.detected(
                FileFormats.of(formatOfFile, mostFiles), mostFilesFirst, skipped);
    }

    private static FormatDetectionException nothingDetected(List<SkippedInput> skipped) {
        if (skipped.isEmpty()) {
            return new FormatDetectionException(
                    "the inputs have no lines to detect a format from; pass --format", "no lines");
        }
        if (skipped.size() == 1) {
            return new FormatDetectionException(skipped.get(0).message(), skipped.get(0).reason());
        }
        return new FormatDetectionException(
                "none of the "
                        + skipped.size()
                        + " input files is a log of a known format ("
                        + skipped.stream()
                                .limit(5)
                                .map(s -> s.file() + ": " + s.reason())
                                .collect(Collectors.joining(", "))
                        + (skipped.size() > 5 ? ", ..." : "")
                        + "); of the first: "
                        + skipped.get(0).message(),
                "no known format");
    }
}
