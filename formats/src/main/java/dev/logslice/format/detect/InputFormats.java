package dev.logslice.format.detect;

import dev.logslice.format.LogFormat;
import dev.logslice.format.source.FileFormats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The formats a run reads its files in: one named format for all, or the format detected in each
 * file, with the files that are no log left out.
 */
public final class InputFormats {
    private final FileFormats fileFormats;
    private final Map<String, List<String>> filesByFormat;
    private final List<SkippedInput> skipped;
    private final boolean detected;

    private InputFormats(
            FileFormats fileFormats,
            Map<String, List<String>> filesByFormat,
            List<SkippedInput> skipped,
            boolean detected) {
        this.fileFormats = fileFormats;
        this.filesByFormat = filesByFormat;
        this.skipped = List.copyOf(skipped);
        this.detected = detected;
    }

    /** Every file in one format, as {@code --format} names it. */
    public static InputFormats named(LogFormat format) {
        return new InputFormats(FileFormats.of(format), Map.of(), List.of(), false);
    }

    /**
     * Files of detected formats.
     *
     * @param filesByFormat the files (names as the source gives them) of each format name, the
     *     format of most files first
     * @param fileFormats their formats; other files (empty ones) take that of most files
     */
    static InputFormats detected(
            FileFormats fileFormats,
            Map<String, List<String>> filesByFormat,
            List<SkippedInput> skipped) {
        return new InputFormats(fileFormats, new LinkedHashMap<>(filesByFormat), skipped, true);
    }

    public FileFormats fileFormats() {
        return fileFormats;
    }

    /** The format name of a file, by the name the source gives it. */
    public String formatOf(String file) {
        return fileFormats.of(file).name();
    }

    /** The names of the formats, comma separated, the format of most files first. */
    public String names() {
        return detected
                ? String.join(", ", filesByFormat.keySet())
                : fileFormats.formats().get(0).name();
    }

    /** The files of each detected format; empty for a named format. */
    public Map<String, List<String>> filesByFormat() {
        return filesByFormat;
    }

    /** The files left out, as no log of a known format. */
    public List<SkippedInput> skipped() {
        return skipped;
    }

    public boolean isDetected() {
        return detected;
    }
}
