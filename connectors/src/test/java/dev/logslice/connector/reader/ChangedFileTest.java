package dev.logslice.connector.reader;

import dev.logslice.connector.enumerator.InputFile;
import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.connector.io.FileStat;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.LinesAndReports;

import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A file that changes between its listing and the read of its split, driven deterministically: the
 * split is made from the file as the enumerator lists it, the file is changed, then the split
 * reader runs.
 */
class ChangedFileTest {
    private static final int BUFFER = 4096;
    private static final String LINE = "GET /index.html 200\n";
    private static final int LINES = 2000;

    @TempDir java.nio.file.Path dir;

    @Test
    void appendedBeforeReadingIsReadUpToTheListedSize() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        // A writer that is half way through its next line.
        Files.writeString(file, "late line\nhalf a li", StandardOpenOption.APPEND);
        // Appended to, not replaced: the inode the check compares is the one listed.
        assertThat(FileStat.local(file).inode()).isEqualTo(listedInode(listed, 0));

        Read read = readAll(listed, false);

        assertThat(read.lines).hasSize(LINES).containsOnly(LINE.strip());
        assertThat(read.report().grewBy()).isEqualTo("late line\nhalf a li".length());
        assertThat(read.report().bytesRead()).isEqualTo(LINE.length() * LINES);
    }

    @Test
    void appendedWhileReadingIsReadUpToTheListedSize() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        LogFileSplitReader<Object> reader = reader(listed, false);
        Read read = new Read();
        read.add(reader.fetch());
        Files.writeString(file, "late line\n".repeat(500), StandardOpenOption.APPEND);

        read.drain(reader);

        assertThat(read.lines).hasSize(LINES).containsOnly(LINE.strip());
        assertThat(read.report().grewBy()).isEqualTo("late line\n".length() * 500);
    }

    @Test
    void unchangedFileReportsNoGrowth() throws IOException {
        LogFileSplit listed = wholeFileAsListed(write(LINE.repeat(LINES)));

        assertThat(readAll(listed, false).report().grewBy()).isZero();
    }

    @Test
    void truncatedBeforeReadingFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        truncate(file, LINE.length() * 10);

        assertThatThrownBy(() -> readAll(listed, false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("truncated");
    }

    @Test
    void truncatedWhileReadingFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplitReader<Object> reader = reader(wholeFileAsListed(file), false);
        reader.fetch();
        truncate(file, BUFFER * 2);

        assertThatThrownBy(() -> new Read().drain(reader))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void rewrittenWithTheSameSizeFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        Files.writeString(file, LINE.replace("200", "404").repeat(LINES));
        Files.setLastModifiedTime(
                file, FileTime.fromMillis(listed.segments().get(0).modificationTime() + 60_000));

        assertThatThrownBy(() -> readAll(listed, false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("rewritten or replaced");
    }

    @Test
    void replacedByALargerFileBeforeReadingFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        long listedInode = listedInode(listed, 0);
        // Rotated: a new, larger file takes the path. Read up to the listed size, it would pass
        // for the listed file appended to.
        replace(file, LINE.replace("200", "404").repeat(LINES + 100));
        assertThat(FileStat.local(file).inode()).isNotEqualTo(listedInode);

        assertThatThrownBy(() -> readAll(listed, false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("replaced since the job listed it");
    }

    @Test
    void replacedByALargerFileWhileReadingFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        long listedInode = listedInode(listed, 0);
        LogFileSplitReader<Object> reader = reader(listed, false);
        Read read = new Read();
        read.add(reader.fetch());
        replace(file, LINE.replace("200", "404").repeat(LINES + 100));
        assertThat(FileStat.local(file).inode()).isNotEqualTo(listedInode);

        assertThatThrownBy(() -> read.drain(reader))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("replaced since the job listed it");
        // The open file was read to its end: no line of the new one came out.
        assertThat(read.lines).isNotEmpty().containsOnly(LINE.strip());
    }

    @Test
    void aReplacedFileOfAPackedSplitFailsItNamingThatFile() throws IOException {
        LogFileSplit packed = packedSplitOf("a.log", "b.log", "c.log");
        java.nio.file.Path replaced = dir.resolve("b.log");
        long listedInode = listedInode(packed, 1);
        replace(replaced, LINE.repeat(20));
        assertThat(FileStat.local(replaced).inode()).isNotEqualTo(listedInode);

        // Not missing: skipping missing files does not skip it.
        assertThatThrownBy(() -> readAll(packed, true))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(replaced.toString())
                .hasMessageContaining("replaced since the job listed it")
                .hasMessageNotContaining("a.log")
                .hasMessageNotContaining("c.log");
    }

    @Test
    void deletedBeforeReadingFails() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        Files.delete(file);

        assertThatThrownBy(() -> readAll(listed, false))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("deleted");
    }

    @Test
    void deletedBeforeReadingIsAReportedSkipWhenMissingFilesAreSkipped() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplit listed = wholeFileAsListed(file);
        Files.delete(file);

        Read read = readAll(listed, true);

        assertThat(read.lines).isEmpty();
        assertThat(read.report().skipped()).isTrue();
        assertThat(read.report().skipReason()).contains("deleted");
        assertThat(read.report().path()).isEqualTo(listed.segments().get(0).path().toString());
        assertThat(read.finishedSplits).containsExactly(listed.splitId());
    }

    @Test
    void deletedWhileReadingFailsEvenWhenMissingFilesAreSkipped() throws IOException {
        java.nio.file.Path file = write(LINE.repeat(LINES));
        LogFileSplitReader<Object> reader = reader(wholeFileAsListed(file), true);
        reader.fetch();
        Files.delete(file);

        // Its first lines are out: skipping it now would be a silent half.
        assertThatThrownBy(() -> new Read().drain(reader))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void aMissingFileOfAPackedSplitIsSkippedAndTheOthersAreRead() throws IOException {
        LogFileSplit packed = packedSplitOf("a.log", "b.log", "c.log");
        Files.delete(dir.resolve("b.log"));
        Files.writeString(dir.resolve("c.log"), "late line\n", StandardOpenOption.APPEND);

        Read read = readAll(packed, true);

        assertThat(read.lines).hasSize(20).containsOnly(LINE.strip());
        SplitReport report = read.report();
        assertThat(report.skipped()).isFalse();
        assertThat(report.lines()).isEqualTo(20);
        assertThat(report.grewBy()).isEqualTo("late line\n".length());
        assertThat(report.files())
                .extracting(file -> Path.fromLocalFile(new java.io.File(file.path())).getName())
                .containsExactly("a.log", "b.log", "c.log");
        assertThat(report.files().get(1).skipReason()).contains("deleted");
        assertThat(report.files().get(2).grewBy()).isEqualTo("late line\n".length());
        assertThat(report.files())
                .extracting(SplitReport.FileRead::lines)
                .containsExactly(10L, 0L, 10L);
    }

    @Test
    void aPackedSplitWhoseFilesAreAllMissingIsASkippedSplit() throws IOException {
        LogFileSplit packed = packedSplitOf("a.log", "b.log");
        Files.delete(dir.resolve("a.log"));
        Files.delete(dir.resolve("b.log"));

        Read read = readAll(packed, true);

        assertThat(read.lines).isEmpty();
        assertThat(read.report().skipped()).isTrue();
        assertThat(read.report().files())
                .hasSize(2)
                .allSatisfy(file -> assertThat(file.skipped()).isTrue());
        assertThat(read.finishedSplits).containsExactly(packed.splitId());
    }

    @Test
    void aMissingFileOfAPackedSplitFailsItWhenMissingFilesAreNotSkipped() throws IOException {
        LogFileSplit packed = packedSplitOf("a.log", "b.log");
        Files.delete(dir.resolve("b.log"));

        assertThatThrownBy(() -> readAll(packed, false))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining("b.log");
    }

    /** A split packing small files of ten lines each, as listed now. */
    private LogFileSplit packedSplitOf(String... names) throws IOException {
        List<FileSegment> segments = new ArrayList<>();
        for (String name : names) {
            segments.add(segmentAsListed(Files.writeString(dir.resolve(name), LINE.repeat(10))));
        }
        return new LogFileSplit("0000000001", segments, List.of(), null);
    }

    private java.nio.file.Path write(String content) throws IOException {
        return Files.writeString(dir.resolve("access.log"), content);
    }

    private static void truncate(java.nio.file.Path file, long size) throws IOException {
        try (RandomAccessFile truncate = new RandomAccessFile(file.toFile(), "rw")) {
            truncate.setLength(size);
        }
    }

    private static LogFileSplit wholeFileAsListed(java.nio.file.Path file) throws IOException {
        return LogFileSplit.of("0000000001", segmentAsListed(file), List.of());
    }

    /** The whole file, as the enumerator's listing gives it. */
    private static FileSegment segmentAsListed(java.nio.file.Path file) throws IOException {
        InputFile listed = InputPaths.expand(List.of(new Path(file.toUri()))).files().get(0);
        return FileSegment.wholeFile(
                listed.path(), listed.size(), listed.modificationTime(), listed.inode());
    }

    /** The inode listed for a file of the split; the test is skipped where files have none. */
    private static long listedInode(LogFileSplit split, int segment) {
        Long inode = split.segments().get(segment).inode();
        assumeTrue(inode != null, "no inodes on this file system");
        return inode;
    }

    /** Puts a new file at the path, renamed over it as log rotation does. */
    private static void replace(java.nio.file.Path file, String content) throws IOException {
        java.nio.file.Path next =
                Files.writeString(file.resolveSibling(file.getFileName() + ".next"), content);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static LogFileSplitReader<Object> reader(LogFileSplit split, boolean skipMissing) {
        LogFileSplitReader<Object> reader =
                new LogFileSplitReader<>(
                        new LinesAndReports(Line::toUtf8String),
                        new LogSourceSettings(1 << 20, 1, BUFFER, 1 << 20, skipMissing),
                        new LogSourceReaderMetrics(
                                UnregisteredMetricsGroup.createSourceReaderMetricGroup()),
                        new AtomicLong());
        reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
        return reader;
    }

    private static Read readAll(LogFileSplit split, boolean skipMissing) throws IOException {
        Read read = new Read();
        read.drain(reader(split, skipMissing));
        return read;
    }

    /** What the split reader fetched: the lines, the split's report, the finished splits. */
    private static final class Read {
        final List<String> lines = new ArrayList<>();
        final List<SplitReport> reports = new ArrayList<>();
        final List<String> finishedSplits = new ArrayList<>();

        void drain(LogFileSplitReader<Object> reader) throws IOException {
            while (finishedSplits.isEmpty()) {
                add(reader.fetch());
            }
        }

        void add(RecordsWithSplitIds<PositionedRecord<Object>> batch) {
            while (batch.nextSplit() != null) {
                PositionedRecord<Object> record;
                while ((record = batch.nextRecordFromSplit()) != null) {
                    if (record.record instanceof SplitReport report) {
                        reports.add(report);
                    } else {
                        lines.add((String) record.record);
                    }
                }
            }
            finishedSplits.addAll(batch.finishedSplits());
        }

        SplitReport report() {
            assertThat(reports).hasSize(1);
            return reports.get(0);
        }
    }
}
