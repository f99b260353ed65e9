package dev.logslice.format.detect;

import dev.logslice.connector.enumerator.InputFile;
import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Format detection over the paths a user gives (files, folders, globs): each file they expand to
 * that this machine can read is detected, and the files that are no log are left out of the paths
 * to read.
 */
public final class PathsDetection {
    private PathsDetection() {}

    /** The format of each file the paths expand to. */
    public static InputFormats detect(List<String> paths, FormatOptions options, ZoneId zone)
            throws IOException, FormatDetectionException {
        return new InputsDetection(new FormatDetector(FormatRegistry.standard()), options, zone)
                .detect(localFiles(paths));
    }

    /**
     * The files the paths expand to that this machine reads, in the source's order, each under the
     * name the source gives its lines.
     */
    public static List<InputsDetection.Input> localFiles(List<String> paths) throws IOException {
        List<InputsDetection.Input> inputs = new ArrayList<>();
        for (InputFile file : expand(paths)) {
            if (LocalPaths.isLocal(file.path())) {
                inputs.add(
                        new InputsDetection.Input(
                                file.path().toString(), LocalPaths.of(file.path())));
            }
        }
        return inputs;
    }

    /** The paths to read: the given ones, or when files were left out as no log, the others. */
    public static List<String> pathsToRead(List<String> paths, InputFormats formats)
            throws IOException {
        if (formats.skipped().isEmpty()) {
            return paths;
        }
        Set<String> skipped =
                formats.skipped().stream().map(SkippedInput::file).collect(Collectors.toSet());
        return expand(paths).stream()
                .map(file -> file.path().toString())
                .filter(file -> !skipped.contains(file))
                .toList();
    }

    private static List<InputFile> expand(List<String> paths) throws IOException {
        return InputPaths.expand(paths.stream().map(Path::new).toList()).files();
    }
}
