package dev.logslice.connector.reader;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineDecoders;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.LogLine;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.readAll;
import static dev.logslice.connector.reader.SourceDriver.readUntil;
import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

/** A split that packs many small files, read by the source's reader: one file after the other. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PackedSplitReaderTest {
    // 20 files of 10 lines: less than a block in all, so one split packs them all.
    private static final int FILES = 20;
    private static final int LINES_PER_FILE = 10;

    @TempDir java.nio.file.Path dir;
    private final List<String> expected = new ArrayList<>();

    @BeforeEach
    void writeSmallFiles() throws Exception {
        for (int f = 0; f < FILES; f++) {
            StringBuilder content = new StringBuilder();
            for (int l = 0; l < LINES_PER_FILE; l++) {
                String line = "file " + f + " line " + l;
                expected.add(line);
                content.append(line);
                // Each file's last line has no newline, and is still a line of its own.
                content.append(l < LINES_PER_FILE - 1 ? "\n" : "");
            }
            Files.writeString(dir.resolve(String.format("f%03d.log", f)), content);
        }
    }

    @Test
    void checkpointInsideAPackedSplitResumesAtTheNextLineOfTheRightFile() throws Exception {
        LogFileSource<LogLine> source = source(LineDecoders.rawLines());
        List<LogFileSplit> splits = enumerate(source);
        assertThat(splits).singleElement().satisfies(s -> assertThat(s.segments()).hasSize(FILES));
        int emittedBefore = 11 * LINES_PER_FILE + 4;

        TestingReaderOutput<LogLine> before = new TestingReaderOutput<>();
        List<LogFileSplit> checkpoint;
        try (SourceReader<LogLine, LogFileSplit> reader =
                source.createReader(new TestingReaderContext())) {
            reader.addSplits(splits);
            reader.notifyNoMoreSplits();
            readUntil(reader, before, emittedBefore);
            checkpoint = reader.snapshotState(1);
        }

        assertThat(texts(before.getEmittedRecords()))
                .containsExactlyElementsOf(expected.subList(0, emittedBefore));
        long nextLineOffset = 4 * ("file 11 line 0".length() + 1);
        assertThat(checkpoint)
                .singleElement()
                .satisfies(
                        split ->
                                assertThat(split.readerPosition())
                                        .contains(
                                                new SplitPosition(
                                                        11,
                                                        nextLineOffset,
                                                        SplitPosition.Stage.READING,
                                                        new LineCounts(
                                                                emittedBefore, 0, List.of()))));

        List<LogLine> after =
                readAll(source, List.of(roundTrip(source.getSplitSerializer(), checkpoint.get(0))));

        assertThat(texts(after))
                .containsExactlyElementsOf(expected.subList(emittedBefore, expected.size()));
    }

    @Test
    void decoderHearsOfEveryFileEndAndTheReportListsEveryFile() throws Exception {
        LogFileSource<Object> source = source(new LinesFileEndsAndReports());
        List<Object> emitted = readAll(source, enumerate(source));
        List<Object> expectedRecords = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            expectedRecords.addAll(expected.subList(f * LINES_PER_FILE, (f + 1) * LINES_PER_FILE));
            expectedRecords.add(f < FILES - 1 ? "end of file" : emitted.get(emitted.size() - 1));
        }
        assertThat(emitted).containsExactlyElementsOf(expectedRecords);
        SplitReport report = (SplitReport) emitted.get(emitted.size() - 1);
        assertThat(report.isPacked()).isTrue();
        assertThat(report.lines()).isEqualTo(FILES * LINES_PER_FILE);
        assertThat(report.files()).hasSize(FILES);
        assertThat(report.files())
                .allSatisfy(file -> assertThat(file.lines()).isEqualTo(LINES_PER_FILE))
                .allSatisfy(file -> assertThat(file.readCalls()).isEqualTo(1));
        assertThat(report.files().get(3).path()).endsWith("f003.log");
        assertThat(report.readCalls()).isEqualTo(FILES);
    }

    private <T> LogFileSource<T> source(LineDecoder<T> decoder) {
        return LogFileSource.builder()
                .addPath(new Path(dir.toUri()))
                .setReadBufferSize(MemorySize.parse("4k"))
                .setLineDecoder(decoder)
                .build();
    }

    private static List<String> texts(List<LogLine> lines) {
        return lines.stream().map(LogLine::text).toList();
    }

    /** Emits each line's text, a marker at each file end and each finished split's report. */
    private static final class LinesFileEndsAndReports implements LineDecoder<Object> {
        @Override
        public Object decode(Line line) {
            return new String(
                    line.buffer(), line.start(), line.length(), StandardCharsets.ISO_8859_1);
        }

        @Override
        public void finishFile(String splitId, Consumer<Object> output) {
            output.accept("end of file");
        }

        @Override
        public void finishSplit(SplitReport report, Consumer<Object> output) {
            output.accept(report);
        }

        @Override
        public TypeInformation<Object> getProducedType() {
            return TypeInformation.of(Object.class);
        }
    }
}
