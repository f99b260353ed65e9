package dev.logslice.format.source;

import dev.logslice.format.LogFormat;

import java.io.Serializable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The format of each input file, by the name the source gives the file (its qualified path, as
 * events carry it); a file the client did not see (listed later on the cluster) gets the fallback.
 */
public final class FileFormats implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, LogFormat> byFile;
    private final LogFormat fallback;

    private FileFormats(Map<String, LogFormat> byFile, LogFormat fallback) {
        this.byFile = Map.copyOf(byFile);
        this.fallback = Objects.requireNonNull(fallback, "fallback");
    }

    /** Every file of one format. */
    public static FileFormats of(LogFormat format) {
        return new FileFormats(Map.of(), format);
    }

    /** Each file of its format; any other of {@code fallback}. */
    public static FileFormats of(Map<String, LogFormat> byFile, LogFormat fallback) {
        return new FileFormats(byFile, fallback);
    }

    /** The format of a file, by the name the source gives it. */
    public LogFormat of(String file) {
        return byFile.getOrDefault(file, fallback);
    }

    /** The distinct formats, the fallback first. */
    public List<LogFormat> formats() {
        LinkedHashSet<LogFormat> all = new LinkedHashSet<>();
        all.add(fallback);
        all.addAll(byFile.values());
        return List.copyOf(all);
    }

    /** Whether some file's events may span several lines. */
    public boolean anyMultiLine() {
        return formats().stream().anyMatch(LogFormat::multiLine);
    }
}
