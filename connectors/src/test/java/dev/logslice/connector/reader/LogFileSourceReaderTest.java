package dev.logslice.connector.reader;

import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.LineDecoders;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.LogLine;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;
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

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.inIdOrder;
import static dev.logslice.connector.reader.SourceDriver.readOnRequest;
import static dev.logslice.connector.reader.SourceDriver.readToEnd;
import static dev.logslice.connector.reader.SourceDriver.readUntil;
import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link LogFileSourceReader}, made by {@code LogFileSource.builder()...build()}, in Flink's {@link
 * TestingReaderContext}: reads real files split by the source's own enumerator.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LogFileSourceReaderTest {
    private static final int PAGE = 4096;

    @TempDir java.nio.file.Path dir;

    private final MetricListener metrics = new MetricListener();
    private final TestingReaderContext context =
            new TestingReaderContext(
                    new Configuration(),
                    InternalSourceReaderMetricGroup.mock(metrics.getMetricGroup()));

    @Test
    void readsEveryLineOfEverySplitOnce() throws Exception {
        byte[] content = GeneratedLogs.random(11, 80);
        LogFileSource<LogLine> source = source(write(content), PAGE, PAGE, 1 << 20);
        List<LogFileSplit> splits = enumerate(source);
        TestingReaderOutput<LogLine> output = new TestingReaderOutput<>();

        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            reader.start();
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readToEnd(reader, output);
        }

        assertThat(splits).hasSizeGreaterThan(4);
        assertThat(lines(output)).containsExactlyElementsOf(ReferenceLines.of(content));
        assertThat(output.getEmittedRecords())
                .extracting(line -> line.file)
                .containsOnly(splits.get(0).segments().get(0).path().toString());
        // One request at start and one after each split: the reader pulls splits one by one.
        assertThat(context.getNumSplitRequests()).isEqualTo(1 + splits.size());
    }

    @Test
    void readsSplitsHandedOutOnRequestAndCountsEveryReadCall() throws Exception {
        byte[] content = GeneratedLogs.random(12, 80);
        LogFileSource<LogLine> source = source(write(content), 2 * PAGE, PAGE, 1 << 20);
        List<LogFileSplit> splits = enumerate(source);
        List<LineAt> reference = ReferenceLines.of(content);
        TestingReaderOutput<LogLine> output = new TestingReaderOutput<>();

        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            readOnRequest(reader, context, splits, output);
        }

        assertThat(lines(output)).containsExactlyElementsOf(reference);
        long readCalls = 0;
        for (LogFileSplit split : splits) {
            long start = start(split);
            long end = end(split);
            List<ExpectedReads.Read> reads =
                    ExpectedReads.forSplit(reference, content.length, start, end, PAGE);
            assertThat(splitGauge(split, "readCalls"))
                    .as("reads of %s", split)
                    .isEqualTo(reads.size());
            assertThat(splitGauge(split, "bytesRead"))
                    .as("bytes of %s", split)
                    .isEqualTo(ExpectedReads.bytes(reads));
            assertThat(splitGauge(split, "lines"))
                    .as("lines of %s", split)
                    .isEqualTo(ReferenceLines.ownedBy(reference, start, end).size());
            readCalls += reads.size();
        }
        assertThat(counter(LogSourceReaderMetrics.READ_CALLS)).isEqualTo(readCalls);
        assertThat(pendingBytes()).isZero();
    }

    @Test
    void checkpointInTheMiddleOfASplitResumesAtTheNextLine() throws Exception {
        byte[] content = GeneratedLogs.random(13, 300);
        LogFileSource<LogLine> source = source(write(content), 4 * PAGE, PAGE, 1 << 20);
        List<LogFileSplit> splits = enumerate(source);
        List<LineAt> reference = ReferenceLines.of(content);
        LogFileSplit second = splits.get(1);
        List<LineAt> ofSecond = ReferenceLines.ownedBy(reference, start(second), end(second));
        assertThat(ofSecond).as("lines of the second split").hasSizeGreaterThan(2);
        int emittedBefore = reference.indexOf(ofSecond.get(ofSecond.size() / 2));

        TestingReaderOutput<LogLine> before = new TestingReaderOutput<>();
        List<LogFileSplit> checkpoint;
        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readUntil(reader, before, emittedBefore);
            checkpoint = reader.snapshotState(1);
            // The fetcher reads ahead by a few buffers at most: much of the file is pending.
            assertThat(pendingBytes()).isPositive();
        }

        assertThat(lines(before)).containsExactlyElementsOf(reference.subList(0, emittedBefore));
        assertThat(checkpoint)
                .extracting(LogFileSplit::splitId)
                .containsExactlyInAnyOrderElementsOf(
                        splits.subList(1, splits.size()).stream()
                                .map(LogFileSplit::splitId)
                                .toList());
        assertThat(checkpoint)
                .filteredOn(split -> split.splitId().equals(second.splitId()))
                .singleElement()
                .satisfies(
                        split ->
                                assertThat(split.readerPosition())
                                        .contains(
                                                new SplitPosition(
                                                        0,
                                                        reference.get(emittedBefore).offset(),
                                                        SplitPosition.Stage.READING,
                                                        new LineCounts(
                                                                emittedBefore
                                                                        - reference.indexOf(
                                                                                ofSecond.get(0)),
                                                                0,
                                                                List.of()))));
        assertThat(checkpoint)
                .filteredOn(split -> !split.splitId().equals(second.splitId()))
                .allSatisfy(split -> assertThat(split.readerPosition()).isEmpty());

        TestingReaderOutput<LogLine> after = new TestingReaderOutput<>();
        try (SourceReader<LogLine, LogFileSplit> restored =
                source.createReader(new TestingReaderContext())) {
            List<LogFileSplit> fromCheckpoint = new ArrayList<>();
            for (LogFileSplit split : inIdOrder(checkpoint)) {
                fromCheckpoint.add(roundTrip(source.getSplitSerializer(), split));
            }
            restored.addSplits(fromCheckpoint);
            restored.notifyNoMoreSplits();
            readToEnd(restored, after);
        }

        assertThat(lines(after))
                .containsExactlyElementsOf(reference.subList(emittedBefore, reference.size()));
    }

    @Test
    void skipsAndCountsOversizedLines() throws Exception {
        byte[] content = GeneratedLogs.random(14, 80);
        int maxLineLength = 200;
        LogFileSource<LogLine> source = source(write(content), PAGE, PAGE, maxLineLength);
        List<LogFileSplit> splits = enumerate(source);
        List<LineAt> reference = ReferenceLines.of(content);
        TestingReaderOutput<LogLine> output = new TestingReaderOutput<>();

        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readToEnd(reader, output);
        }

        List<Long> oversized = ReferenceLines.oversizedOffsets(reference, maxLineLength);
        assertThat(oversized).as("oversized lines in the fixture").isNotEmpty();
        assertThat(lines(output))
                .containsExactlyElementsOf(ReferenceLines.notLongerThan(reference, maxLineLength));
        assertThat(counter(MetricNames.NUM_RECORDS_IN_ERRORS)).isEqualTo(oversized.size());
        for (LogFileSplit split : splits) {
            List<LineAt> owned = ReferenceLines.ownedBy(reference, start(split), end(split));
            assertThat(splitGauge(split, "oversizedLines"))
                    .as("oversized lines of %s", split)
                    .isEqualTo(ReferenceLines.oversizedOffsets(owned, maxLineLength).size());
        }
    }

    @Test
    void givesEachFinishedSplitsReportToTheDecoder() throws Exception {
        byte[] content = GeneratedLogs.random(15, 60);
        java.nio.file.Path file = write(content);
        LogFileSource<Object> source =
                LogFileSource.builder()
                        .addPath(new Path(file.toUri()))
                        .setSplitSize(MemorySize.parse("8k"))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .setLineDecoder(new LinesAndReports(LineAt::of))
                        .build();
        List<LogFileSplit> splits = enumerate(source);
        List<LineAt> reference = ReferenceLines.of(content);
        TestingReaderOutput<Object> output = new TestingReaderOutput<>();

        try (SourceReader<Object, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readToEnd(reader, output);
        }

        List<Object> expected = new ArrayList<>();
        List<Object> emitted = output.getEmittedRecords();
        for (LogFileSplit split : splits) {
            long start = start(split);
            long end = end(split);
            List<LineAt> owned = ReferenceLines.ownedBy(reference, start, end);
            expected.addAll(owned);
            // The report closes its split's lines; its figures are checked below.
            expected.add(emitted.get(expected.size()));
            SplitReport report = (SplitReport) emitted.get(expected.size() - 1);
            List<ExpectedReads.Read> reads =
                    ExpectedReads.forSplit(reference, content.length, start, end, PAGE);
            assertThat(report.splitId()).isEqualTo(split.splitId());
            assertThat(report.path()).isEqualTo(split.segments().get(0).path().toString());
            assertThat(report.start()).isEqualTo(start);
            assertThat(report.end()).isEqualTo(end);
            assertThat(report.lines()).isEqualTo(owned.size());
            assertThat(report.readCalls()).isEqualTo(reads.size());
            assertThat(report.bytesRead()).isEqualTo(ExpectedReads.bytes(reads));
            assertThat(report.oversizedLines()).isZero();
            assertThat(report.readNanos()).isPositive();
        }
        assertThat(emitted).containsExactlyElementsOf(expected);
    }

    @Test
    void readsAFileAppendedToSinceEnumerationUpToItsListedSize() throws Exception {
        byte[] content = GeneratedLogs.random(16, 40);
        java.nio.file.Path file = write(content);
        LogFileSource<LogLine> source = source(file, PAGE, PAGE, 1 << 20);
        List<LogFileSplit> splits = enumerate(source);
        Files.write(file, "appended\n".getBytes(), StandardOpenOption.APPEND);
        TestingReaderOutput<LogLine> output = new TestingReaderOutput<>();

        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readToEnd(reader, output);
        }

        assertThat(lines(output)).containsExactlyElementsOf(ReferenceLines.of(content));
    }

    @Test
    void failsASplitWhoseFileIsTruncatedWhileItIsRead() throws Exception {
        java.nio.file.Path file = write(GeneratedLogs.random(17, 300));
        LogFileSource<LogLine> source = source(file, PAGE, PAGE, 1 << 20);
        LogFileSplit first = enumerate(source).get(0);
        FileSegment segment = first.segments().get(0);
        LogFileSplit wholeFile =
                LogFileSplit.of(
                        first.splitId(),
                        FileSegment.wholeFile(
                                segment.path(),
                                segment.fileSize(),
                                segment.modificationTime(),
                                segment.inode()),
                        List.of());
        TestingReaderOutput<LogLine> output = new TestingReaderOutput<>();

        try (SourceReader<LogLine, LogFileSplit> reader = source.createReader(context)) {
            reader.addSplits(List.of(wholeFile));
            reader.notifyNoMoreSplits();
            // The full element queue holds the fetcher a few buffers into the split.
            readUntil(reader, output, 1);
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(segment.fileSize() / 2);
            }

            assertThatThrownBy(() -> readToEnd(reader, output))
                    .hasStackTraceContaining(file.toString())
                    .hasStackTraceContaining("truncated");
        }
    }

    private java.nio.file.Path write(byte[] content) throws IOException {
        return Files.write(dir.resolve("app.log"), content);
    }

    private static LogFileSource<LogLine> source(
            java.nio.file.Path file, long splitSize, int bufferSize, int maxLineLength) {
        return LogFileSource.builder()
                .addPath(new Path(file.toUri()))
                .setSplitSize(new MemorySize(splitSize))
                .setReadBufferSize(new MemorySize(bufferSize))
                .setMaxLineLength(new MemorySize(maxLineLength))
                .setLineDecoder(LineDecoders.rawLines())
                .build();
    }

    private static List<LineAt> lines(TestingReaderOutput<LogLine> output) {
        return output.getEmittedRecords().stream().map(LineAt::of).toList();
    }

    private static long start(LogFileSplit split) {
        return split.segments().get(0).start();
    }

    private static long end(LogFileSplit split) {
        return split.segments().get(0).end();
    }

    private long splitGauge(LogFileSplit split, String name) {
        return metrics.<Long>getGauge(LogSourceReaderMetrics.SPLIT_GROUP, split.splitId(), name)
                .orElseThrow(
                        () -> new AssertionError("no gauge split." + split.splitId() + "." + name))
                .getValue();
    }

    private long counter(String name) {
        return metrics.getCounter(name)
                .orElseThrow(() -> new AssertionError("no counter " + name))
                .getCount();
    }

    private long pendingBytes() {
        return metrics.<Long>getGauge(MetricNames.PENDING_BYTES)
                .orElseThrow(() -> new AssertionError("no pendingBytes gauge"))
                .getValue();
    }
}
