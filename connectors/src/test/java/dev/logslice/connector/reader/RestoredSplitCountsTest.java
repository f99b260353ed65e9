package dev.logslice.connector.reader;

import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.LinesAndReports;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.MetricNames;
import org.apache.flink.runtime.metrics.groups.InternalSourceReaderMetricGroup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.inIdOrder;
import static dev.logslice.connector.reader.SourceDriver.readUntil;
import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reader checkpointed after any record and restored from that checkpoint gives, after the records
 * emitted before the checkpoint, what an uninterrupted read gives: every record once and each
 * split's report once, with the same counts of lines and oversized lines; the restored reader's
 * per-split gauges show those counts too.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RestoredSplitCountsTest {
    private static final int PAGE = 4096;
    private static final int MAX_LINE_LENGTH = 200;

    @TempDir java.nio.file.Path dir;

    @Test
    void restoreAfterAnyRecordKeepsTheCountsOfEachSplit() throws Exception {
        byte[] content = GeneratedLogs.random(14, 80);
        LogFileSource<Object> source = source(content, new LinesAndReports(LineAt::of));

        checkRestoresAfterEveryRecord(source, content);
    }

    @Test
    void restoreAfterAnyRecordKeepsTheCountsOfSplitsReadPastTheirEnd() throws Exception {
        byte[] content = eventLog(4);
        LogFileSource<Object> source =
                source(
                        content,
                        new LinesAndReports(
                                LineAt::of,
                                line -> line.length() > 0 && line.buffer()[line.start()] == 'E'));

        checkRestoresAfterEveryRecord(source, content);
    }

    private void checkRestoresAfterEveryRecord(LogFileSource<Object> source, byte[] content)
            throws Exception {
        List<LogFileSplit> splits = enumerate(source);
        List<Object> uninterrupted = read(source, splits, Integer.MAX_VALUE).emitted;
        List<SplitReport> reports = reports(uninterrupted);
        assertThat(reports).extracting(SplitReport::splitId).hasSameSizeAs(splits);
        assertThat(reports.stream().mapToLong(SplitReport::oversizedLines).sum())
                .as("oversized lines of the file")
                .isEqualTo(
                        ReferenceLines.oversizedOffsets(ReferenceLines.of(content), MAX_LINE_LENGTH)
                                .size());

        for (int emittedBefore = 0; emittedBefore <= uninterrupted.size(); emittedBefore++) {
            Read before = read(source, splits, emittedBefore);
            MetricListener restoredMetrics = new MetricListener();
            List<LogFileSplit> checkpoint = new ArrayList<>();
            for (LogFileSplit split : inIdOrder(before.checkpoint)) {
                checkpoint.add(roundTrip(source.getSplitSerializer(), split));
            }
            List<Object> after =
                    read(source, checkpoint, restoredMetrics, Integer.MAX_VALUE).emitted;

            List<Object> all = new ArrayList<>(before.emitted);
            all.addAll(after);
            assertThat(counted(all))
                    .as("records with a restore after %d records", emittedBefore)
                    .containsExactlyElementsOf(counted(uninterrupted));
            // Flink's error counter of the restored reader counts what it skipped itself: the
            // oversized lines after the checkpoint, each once.
            long countedBefore = 0;
            for (LogFileSplit split : checkpoint) {
                countedBefore +=
                        split.readerPosition().map(p -> p.counted().oversizedLines()).orElse(0L);
            }
            assertThat(errors(restoredMetrics) + countedBefore)
                    .as("oversized lines counted with a restore after %d records", emittedBefore)
                    .isEqualTo(
                            checkpoint.stream()
                                    .mapToLong(s -> reportOf(reports, s.splitId()).oversizedLines())
                                    .sum());
            for (SplitReport restored : reports(after)) {
                SplitReport expected = reportOf(reports, restored.splitId());
                assertThat(gauge(restoredMetrics, restored.splitId(), "lines"))
                        .as(
                                "lines gauge of %s restored after %d",
                                expected.splitId(), emittedBefore)
                        .isEqualTo(expected.lines());
                assertThat(gauge(restoredMetrics, restored.splitId(), "oversizedLines"))
                        .as(
                                "oversized gauge of %s restored after %d",
                                expected.splitId(), emittedBefore)
                        .isEqualTo(expected.oversizedLines());
            }
        }
    }

    private LogFileSource<Object> source(byte[] content, LinesAndReports decoder) throws Exception {
        java.nio.file.Path file = Files.write(dir.resolve("app.log"), content);
        return LogFileSource.builder()
                .addPath(new Path(file.toUri()))
                .setSplitSize(new MemorySize(PAGE))
                .setReadBufferSize(new MemorySize(PAGE))
                .setMaxLineLength(new MemorySize(MAX_LINE_LENGTH))
                .setLineDecoder(decoder)
                .build();
    }

    /**
     * Java-log-like events of one to three lines (a continuation line starts with a space); the
     * first line at or after each page boundary is an oversized continuation line, so that each
     * split of a page reads past its end through an oversized line of its last event.
     */
    private static byte[] eventLog(int pages) {
        Random random = new Random(7);
        StringBuilder log = new StringBuilder();
        int events = 0;
        int nextBoundary = PAGE;
        while (log.length() < pages * PAGE) {
            if (log.length() >= nextBoundary) {
                log.append(" at ").append("x".repeat(MAX_LINE_LENGTH + 100)).append('\n');
                nextBoundary += PAGE;
            } else if (events > 0 && random.nextInt(3) == 0) {
                log.append("  at frame ").append(random.nextInt(1000)).append('\n');
            } else {
                log.append("E event ").append(events++).append(' ');
                log.append("y".repeat(random.nextInt(60))).append('\n');
            }
        }
        return log.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** What one reader emitted, up to a limit, and its checkpoint then. */
    private record Read(List<Object> emitted, List<LogFileSplit> checkpoint) {}

    private static Read read(LogFileSource<Object> source, List<LogFileSplit> splits, int limit)
            throws Exception {
        return read(source, splits, new MetricListener(), limit);
    }

    private static Read read(
            LogFileSource<Object> source,
            List<LogFileSplit> splits,
            MetricListener metrics,
            int limit)
            throws Exception {
        TestingReaderOutput<Object> output = new TestingReaderOutput<>();
        TestingReaderContext context =
                new TestingReaderContext(
                        new Configuration(),
                        InternalSourceReaderMetricGroup.mock(metrics.getMetricGroup()));
        try (SourceReader<Object, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readUntil(reader, output, limit);
            return new Read(new ArrayList<>(output.getEmittedRecords()), reader.snapshotState(1));
        }
    }

    /** A report's counts: what must not depend on a restore (unlike its reads and times). */
    private record Counts(
            String splitId,
            String path,
            long start,
            long end,
            long lines,
            long oversizedLines,
            List<Long> oversizedLineOffsets) {}

    /** The records, each report as its counts. */
    private static List<Object> counted(List<Object> records) {
        return records.stream()
                .map(
                        record ->
                                record instanceof SplitReport report
                                        ? new Counts(
                                                report.splitId(),
                                                report.path(),
                                                report.start(),
                                                report.end(),
                                                report.lines(),
                                                report.oversizedLines(),
                                                report.oversizedLineOffsets())
                                        : record)
                .toList();
    }

    private static List<SplitReport> reports(List<Object> records) {
        return records.stream()
                .filter(SplitReport.class::isInstance)
                .map(SplitReport.class::cast)
                .toList();
    }

    private static SplitReport reportOf(List<SplitReport> reports, String splitId) {
        return reports.stream()
                .filter(report -> report.splitId().equals(splitId))
                .findFirst()
                .orElseThrow();
    }

    private static long errors(MetricListener metrics) {
        return metrics.getCounter(MetricNames.NUM_RECORDS_IN_ERRORS)
                .orElseThrow(() -> new AssertionError("no numRecordsInErrors counter"))
                .getCount();
    }

    private static long gauge(MetricListener metrics, String splitId, String name) {
        return metrics.<Long>getGauge(LogSourceReaderMetrics.SPLIT_GROUP, splitId, name)
                .orElseThrow(() -> new AssertionError("no gauge split." + splitId + "." + name))
                .getValue();
    }
}
