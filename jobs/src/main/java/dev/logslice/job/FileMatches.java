package dev.logslice.job;

import dev.logslice.connector.source.SplitReport;

import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a grep reader selected in each file of its split, for the split's summary ({@link
 * GrepOptions#structured()}): {@link GrepOutput} numbers lines and counts per file from it.
 */
final class FileMatches {
    /** The file of the lines being read, compared by identity: the reader keeps one per file. */
    @Nullable private Path currentFile;

    private String currentName;
    private long current;
    private final Map<String, Long> byFile = new HashMap<>();

    /** Makes {@code file} the current one (null: none); returns its name. */
    String switchTo(@Nullable Path file) {
        if (file == currentFile) {
            return currentName;
        }
        if (currentFile != null && current > 0) {
            byFile.merge(currentName, current, Long::sum);
        }
        currentFile = file;
        currentName = file == null ? null : file.toString();
        // Counted on from what the split's earlier lines of the file counted.
        current = file == null ? 0 : byFile.getOrDefault(currentName, 0L);
        if (file != null) {
            byFile.remove(currentName);
        }
        return currentName;
    }

    /** The current file's name, or null. */
    @Nullable
    String currentName() {
        return currentName;
    }

    /** What the current file selected so far in this split. */
    long current() {
        return current;
    }

    void select() {
        current++;
    }

    /**
     * The split's last record: the files it read, in order, with their lines and what was selected
     * in each; starts the next split afresh.
     */
    GrepMatch summary(SplitReport report) {
        switchTo(null);
        List<SplitReport.FileRead> read =
                report.files().stream().filter(file -> !file.skipped()).toList();
        GrepMatch summary = GrepMatch.malformed(report.splitId(), 0);
        summary.files = new String[read.size()];
        summary.fileLines = new long[read.size()];
        summary.fileMatches = new long[read.size()];
        for (int i = 0; i < read.size(); i++) {
            summary.files[i] = read.get(i).path();
            summary.fileLines[i] = read.get(i).lines();
            summary.fileMatches[i] = byFile.getOrDefault(summary.files[i], 0L);
        }
        byFile.clear();
        return summary;
    }
}
