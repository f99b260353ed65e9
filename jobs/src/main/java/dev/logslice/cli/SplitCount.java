package dev.logslice.cli;

import dev.logslice.connector.source.LogSourceOptions;

import org.apache.flink.configuration.MemorySize;

import java.util.List;

/**
 * Refuses split sizes so small that the input would be cut into more splits than a run keeps track
 * of well: every split has its assignment, its report in {@code scan --report} and {@code stats
 * --json} and its metrics (51,201 splits of 4 KiB took 115 s and 2.5 GB instead of 3 s). Sizes from
 * the default up are always taken, whatever the input's size.
 */
final class SplitCount {
    static final long MAX_SPLITS = 10_000;

    private SplitCount() {}

    static void check(MemorySize splitSize, List<String> paths) {
        if (splitSize.compareTo(LogSourceOptions.SPLIT_SIZE.defaultValue()) >= 0) {
            return;
        }
        long bytes = InputFiles.totalBytes(paths);
        long splits = (bytes + splitSize.getBytes() - 1) / splitSize.getBytes();
        if (splits > MAX_SPLITS) {
            long blocks = (bytes / MAX_SPLITS + 4095) / 4096;
            throw new IllegalArgumentException(
                    String.format(
                            "--split-size %s would cut %s into about %,d splits, more than the"
                                    + " %,d a run keeps track of: use --split-size %s or more",
                            MemoryFit.asSize(splitSize.getBytes()),
                            MemoryFit.asSize(bytes),
                            splits,
                            MAX_SPLITS,
                            blocks * 4 + "k"));
        }
    }
}
