package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.Compressed;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.LinesAndReports;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.annotation.Nullable;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.readAll;
import static dev.logslice.connector.reader.SourceDriver.readUntil;
import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A folder holding one log in parts, plain, gzip (two members), zstd (two frames) and bzip2 (two
 * streams), read by the source's enumerator and reader in Flink's testing contexts.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompressedFilesTest {
    private static final int PAGE = 4096;

    @TempDir java.nio.file.Path dir;

    /** The uncompressed content of each file written, by file name. */
    private final Map<String, byte[]> parts = new LinkedHashMap<>();

    @Test
    void plainAndCompressedPartsGiveTheLinesOfTheWholeLog() throws Exception {
        byte[] log = writeLogInParts(GeneratedLogs.random(21, 400));
        LogFileSource<Object> source = source();
        List<LogFileSplit> splits = enumerate(source);

        List<Object> emitted = readAll(source, splits);

        for (FileSegment segment : splits.stream().flatMap(s -> s.segments().stream()).toList()) {
            if (Compression.ofFileName(segment.path().getName()).isCompressed()) {
                assertThat(segment.start()).as("%s is one split", segment).isZero();
                assertThat(segment.end())
                        .as("%s is one split", segment)
                        .isEqualTo(segment.fileSize());
                assertThat(splits)
                        .filteredOn(s -> s.segments().contains(segment))
                        .singleElement()
                        .satisfies(s -> assertThat(s.segments()).hasSize(1));
            }
        }
        assertThat(splits).hasSizeGreaterThan(parts.size());
        Map<String, List<LineAt>> linesByFile = new LinkedHashMap<>();
        List<String> contentInOrder = new ArrayList<>();
        for (Object record : emitted) {
            if (record instanceof FileLine line) {
                linesByFile.computeIfAbsent(line.file(), f -> new ArrayList<>()).add(line.line());
                contentInOrder.add(line.line().content() + line.line().terminator());
            }
        }
        parts.forEach(
                (name, content) ->
                        assertThat(linesByFile.get(name))
                                .as("lines of %s, at uncompressed offsets", name)
                                .containsExactlyElementsOf(ReferenceLines.of(content)));
        assertThat(contentInOrder)
                .containsExactlyElementsOf(
                        ReferenceLines.of(log).stream()
                                .map(line -> line.content() + line.terminator())
                                .toList());
    }

    @Test
    void compressedSplitReportsCompressedAndUncompressedBytesAndLargeReads() throws Exception {
        writeLogInParts(GeneratedLogs.random(22, 400));
        LogFileSource<Object> source = source();

        List<Object> emitted = readAll(source, enumerate(source));

        List<SplitReport> reports =
                emitted.stream()
                        .filter(SplitReport.class::isInstance)
                        .map(SplitReport.class::cast)
                        .filter(report -> !report.compression().equals("none"))
                        .toList();
        assertThat(reports)
                .extracting(SplitReport::compression)
                .containsExactlyInAnyOrder("gzip", "zstd", "bzip2");
        for (SplitReport report : reports) {
            long compressedSize = Files.size(Paths.get(URI.create(report.path())));
            byte[] content = parts.get(new Path(report.path()).getName());
            assertThat(report.bytesRead()).as("uncompressed bytes").isEqualTo(content.length);
            assertThat(report.compressedBytesRead()).isEqualTo(compressedSize);
            assertThat(report.readCalls())
                    .as("one read call per buffer of compressed bytes")
                    .isEqualTo((compressedSize + PAGE - 1) / PAGE);
            assertThat(report.lines()).isEqualTo(ReferenceLines.of(content).size());
            assertThat(report.end()).isEqualTo(compressedSize);
        }
    }

    @Test
    void checkpointInsideACompressedFileResumesAtTheNextLine() throws Exception {
        byte[] content = GeneratedLogs.random(23, 300);
        byte[] middle = Arrays.copyOfRange(content, 0, content.length / 3);
        write("app.log.gz", content, Compressed.gzip(middle, rest(content, middle.length)));
        LogFileSource<Object> source = source();
        List<LineAt> reference = ReferenceLines.of(content);
        int emittedBefore = reference.size() / 2;

        TestingReaderOutput<Object> before = new TestingReaderOutput<>();
        List<LogFileSplit> checkpoint;
        try (SourceReader<Object, LogFileSplit> reader =
                source.createReader(new TestingReaderContext())) {
            reader.addSplits(enumerate(source));
            reader.notifyNoMoreSplits();
            readUntil(reader, before, emittedBefore);
            checkpoint = reader.snapshotState(1);
        }
        List<Object> after =
                readAll(source, List.of(roundTrip(source.getSplitSerializer(), checkpoint.get(0))));

        assertThat(lines(before.getEmittedRecords()))
                .containsExactlyElementsOf(reference.subList(0, emittedBefore));
        assertThat(lines(after))
                .containsExactlyElementsOf(reference.subList(emittedBefore, reference.size()));
    }

    @Test
    void corruptGzipIsReadUpToTheDamageWhichItsReportTells() throws Exception {
        byte[] content = GeneratedLogs.random(24, 300);
        byte[] gzip = Compressed.gzip(content);
        for (int i = gzip.length / 2; i < gzip.length / 2 + 64; i++) {
            gzip[i] ^= 0x5A;
        }
        write("broken.log.gz", content, gzip);
        write("whole.log", content, content);

        List<Object> emitted = readAll(source(), enumerate(source()));

        assertThat(damageOf(emitted, "broken.log.gz"))
                .startsWith("the gzip data is corrupt after ");
        assertThat(damageOf(emitted, "whole.log")).isNull();
        assertThat(linesOf(emitted, "whole.log")).isEqualTo(ReferenceLines.of(content));
    }

    /**
     * A cut archive, as a rotation caught half-written, gives what {@code zcat} gives before it
     * stops: the lines of the text that came out, the last one as far as it goes; the report says
     * where the stream ended, and the other files are read whole.
     */
    @Test
    void truncatedGzipGivesTheLinesBeforeItsEnd() throws Exception {
        byte[] content = GeneratedLogs.random(25, 300);
        byte[] gzip = Compressed.gzip(content);
        write("cut.log.gz", content, Arrays.copyOf(gzip, gzip.length * 2 / 3));
        write("whole.log", content, content);

        List<Object> emitted = readAll(source(), enumerate(source()));

        SplitReport cut = reportOf(emitted, "cut.log.gz");
        long came = cut.bytesRead();
        assertThat(came).isPositive().isLessThan(content.length);
        assertThat(cut.files().get(0).damage())
                .isEqualTo(
                        String.format(
                                Locale.ROOT,
                                "the gzip stream ends early (truncated?) after %,d uncompressed"
                                        + " bytes",
                                came));
        List<LineAt> before = ReferenceLines.of(Arrays.copyOf(content, (int) came));
        assertThat(linesOf(emitted, "cut.log.gz")).isEqualTo(before);
        assertThat(cut.lines()).isEqualTo(before.size());
        assertThat(linesOf(emitted, "whole.log")).isEqualTo(ReferenceLines.of(content));
    }

    @Test
    void fileThatIsNotGzipAtAllHasNoLinesAndSaysSo() throws Exception {
        byte[] content = "plain text, misnamed\n".getBytes();
        write("misnamed.log.gz", content, content);

        List<Object> emitted = readAll(source(), enumerate(source()));

        assertThat(linesOf(emitted, "misnamed.log.gz")).isEmpty();
        assertThat(damageOf(emitted, "misnamed.log.gz"))
                .startsWith("the gzip data is corrupt after 0 uncompressed bytes (");
    }

    private static List<LineAt> linesOf(List<Object> emitted, String file) {
        return emitted.stream()
                .filter(FileLine.class::isInstance)
                .map(FileLine.class::cast)
                .filter(line -> line.file().equals(file))
                .map(FileLine::line)
                .toList();
    }

    private static SplitReport reportOf(List<Object> emitted, String file) {
        return emitted.stream()
                .filter(SplitReport.class::isInstance)
                .map(SplitReport.class::cast)
                .filter(report -> new Path(report.path()).getName().equals(file))
                .findFirst()
                .orElseThrow();
    }

    @Nullable
    private static String damageOf(List<Object> emitted, String file) {
        return reportOf(emitted, file).files().get(0).damage();
    }

    /** Writes {@code log} as four parts, cut at line starts; returns it. */
    private byte[] writeLogInParts(byte[] log) throws IOException {
        List<LineAt> lines = ReferenceLines.of(log);
        int[] cuts = new int[5];
        for (int i = 1; i < 4; i++) {
            cuts[i] = (int) lines.get(lines.size() * i / 4).offset();
        }
        cuts[4] = log.length;
        byte[][] pieces = new byte[4][];
        for (int i = 0; i < 4; i++) {
            pieces[i] = Arrays.copyOfRange(log, cuts[i], cuts[i + 1]);
        }
        write("part-1.log", pieces[0], pieces[0]);
        write("part-2.log.gz", pieces[1], Compressed.gzip(halves(pieces[1])));
        write("part-3.log.zst", pieces[2], Compressed.zstd(halves(pieces[2])));
        write("part-4.log.bz2", pieces[3], Compressed.bzip2(halves(pieces[3])));
        return log;
    }

    /** A part cut in two at a byte that is most likely inside a line. */
    private static byte[][] halves(byte[] part) {
        byte[] first = Arrays.copyOfRange(part, 0, part.length / 2 + 7);
        return new byte[][] {first, rest(part, first.length)};
    }

    private static byte[] rest(byte[] content, int from) {
        return Arrays.copyOfRange(content, from, content.length);
    }

    private java.nio.file.Path write(String name, byte[] content, byte[] fileBytes)
            throws IOException {
        parts.put(name, content);
        return Files.write(dir.resolve(name), fileBytes);
    }

    private LogFileSource<Object> source() {
        return LogFileSource.builder()
                .addPath(new Path(dir.toUri()))
                .setSplitSize(new MemorySize(PAGE))
                .setReadBufferSize(new MemorySize(PAGE))
                .setLineDecoder(
                        new LinesAndReports(
                                line -> new FileLine(line.file().getName(), LineAt.of(line))))
                .build();
    }

    private static List<LineAt> lines(List<Object> records) {
        return records.stream()
                .filter(FileLine.class::isInstance)
                .map(record -> ((FileLine) record).line())
                .toList();
    }

    /** A line with the name of its file. */
    private record FileLine(String file, LineAt line) {}
}
