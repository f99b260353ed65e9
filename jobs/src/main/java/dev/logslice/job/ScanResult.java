package dev.logslice.job;

import dev.logslice.connector.source.SplitReport;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code scan} found: totals over all splits and the per-split reports in input order.
 *
 * @param elapsedNanos wall time of the whole job, start-up included
 */
public record ScanResult(List<SplitReport> splits, long elapsedNanos) {

    public ScanResult {
        splits = splits.stream().sorted(Comparator.comparing(SplitReport::splitId)).toList();
    }

    private Stream<SplitReport.FileRead> fileReads() {
        return splits.stream().flatMap(split -> split.files().stream());
    }

    public long files() {
        return fileReads().map(SplitReport.FileRead::path).distinct().count();
    }

    /** Input bytes, as the files hold them: the splits of each file tile it exactly. */
    public long bytes() {
        return fileReads().mapToLong(file -> file.end() - file.start()).sum();
    }

    public long bytesRead() {
        return splits.stream().mapToLong(SplitReport::bytesRead).sum();
    }

    /** Compressed files read, each one split. */
    public long compressedFiles() {
        return compressedSplits().count();
    }

    /** Bytes read from compressed files. */
    public long compressedBytesRead() {
        return compressedSplits().mapToLong(SplitReport::compressedBytesRead).sum();
    }

    /** Bytes that compressed files gave when decompressed. */
    public long decompressedBytes() {
        return compressedSplits().mapToLong(SplitReport::bytesRead).sum();
    }

    /** Bytes the lines came from: a plain file's bytes, a compressed file's uncompressed ones. */
    public long lineBytes() {
        return bytes()
                - compressedSplits().mapToLong(s -> s.end() - s.start()).sum()
                + decompressedBytes();
    }

    private Stream<SplitReport> compressedSplits() {
        return splits.stream().filter(split -> !split.compression().equals("none"));
    }

    public long lines() {
        return splits.stream().mapToLong(SplitReport::lines).sum();
    }

    public long oversizedLines() {
        return splits.stream().mapToLong(SplitReport::oversizedLines).sum();
    }

    public long readCalls() {
        return splits.stream().mapToLong(SplitReport::readCalls).sum();
    }

    /** Wall time from the first split's first read to the last split's end. */
    public long readingMillis() {
        long first = splits.stream().mapToLong(SplitReport::startedAtMillis).min().orElse(0);
        long last = splits.stream().mapToLong(SplitReport::finishedAtMillis).max().orElse(0);
        return last - first;
    }

    public long readNanos() {
        return splits.stream().mapToLong(SplitReport::readNanos).sum();
    }
}
