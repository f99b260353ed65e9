package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.core.fs.Path;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks on how enumerated splits cover their files. */
final class SplitLayout {
    private SplitLayout() {}

    /** The segments of the splits, in order. */
    static List<FileSegment> segments(List<LogFileSplit> splits) {
        return splits.stream().flatMap(split -> split.segments().stream()).toList();
    }

    /** The files in the order their segments come, each with its segments in that order. */
    static Map<Path, List<FileSegment>> byFile(List<LogFileSplit> splits) {
        Map<Path, List<FileSegment>> files = new LinkedHashMap<>();
        Path previous = null;
        for (FileSegment split : segments(splits)) {
            assertThat(split.path().equals(previous) || !files.containsKey(split.path()))
                    .as("the splits of %s come together", split.path())
                    .isTrue();
            files.computeIfAbsent(split.path(), p -> new ArrayList<>()).add(split);
            previous = split.path();
        }
        return files;
    }

    /**
     * Checks that the splits of one file tile {@code [0, fileSize)} in order, without gap or
     * overlap, every one but the last {@code splitSize} long, and all carry the file's size.
     */
    static void assertTiles(List<FileSegment> fileSplits, long fileSize, long splitSize) {
        long expectedOffset = 0;
        for (int i = 0; i < fileSplits.size(); i++) {
            FileSegment split = fileSplits.get(i);
            assertThat(split.start()).as("offset of %s", split).isEqualTo(expectedOffset);
            assertThat(split.fileSize()).as("file size in %s", split).isEqualTo(fileSize);
            if (i < fileSplits.size() - 1) {
                assertThat(split.length()).as("length of %s", split).isEqualTo(splitSize);
            } else {
                assertThat(split.length()).as("length of %s", split).isBetween(0L, splitSize);
            }
            expectedOffset += split.length();
        }
        assertThat(expectedOffset).as("end of the last split").isEqualTo(fileSize);
    }

    /** How many splits a file of {@code fileSize} bytes cut every {@code splitSize} bytes gives. */
    static long splitsOf(long fileSize, long splitSize) {
        return Math.max(1, (fileSize + splitSize - 1) / splitSize);
    }

    /** The split ids, as numbers, in list order. */
    static List<Long> numericIds(List<LogFileSplit> splits) {
        return splits.stream().map(s -> Long.parseLong(s.splitId())).toList();
    }
}
