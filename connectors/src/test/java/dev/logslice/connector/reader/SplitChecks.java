package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteArrayReadChannel;
import dev.logslice.connector.io.ByteArrayReadChannel.Call;
import dev.logslice.connector.reader.ExpectedReads.Read;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@link SplitLineReader}s over a file in memory and checks what they emit, count and read
 * against {@link ReferenceLines} and {@link ExpectedReads}.
 */
final class SplitChecks {
    static final Path FILE = new Path("file:/logs/generated.log");

    private SplitChecks() {}

    /**
     * Reads the splits between consecutive {@code cuts} (the first 0, the last the file size), each
     * with its own reader; checks that each split gives exactly the lines it owns and that all of
     * them together give every line of the file once, in order.
     *
     * @param tinyReadSeed present for a channel that returns 0 or 1 byte per call
     */
    static void checkSplits(
            byte[] file, long[] cuts, int bufferSize, int maxLineLength, OptionalLong tinyReadSeed)
            throws IOException {
        List<LineAt> reference = ReferenceLines.of(file);
        List<LineAt> allLines = new ArrayList<>();
        long oversized = 0;
        for (int i = 0; i + 1 < cuts.length; i++) {
            long start = cuts[i];
            long end = cuts[i + 1];
            ByteArrayReadChannel channel = open(file, tinyReadSeed, i);
            SplitLineReader reader =
                    SplitLineReader.forSplit(
                            channel, FILE, start, end, file.length, bufferSize, maxLineLength);
            SplitRead read = SplitRead.toEnd(reader);
            String split = describe(start, end, bufferSize, maxLineLength);

            checkLinesAndCounts(
                    read, ReferenceLines.ownedBy(reference, start, end), maxLineLength, split);
            checkCalls(
                    channel,
                    read.stats(),
                    start == 0 ? 0 : start - 1,
                    ExpectedReads.bytesNeeded(reference, start, end),
                    file.length,
                    bufferSize,
                    tinyReadSeed.isEmpty(),
                    split);
            allLines.addAll(read.lines());
            oversized += read.stats().oversizedLines();
        }
        assertThat(allLines)
                .as("lines of all splits together")
                .containsExactlyElementsOf(ReferenceLines.notLongerThan(reference, maxLineLength));
        assertThat(oversized)
                .as("oversized lines of all splits together")
                .isEqualTo(ReferenceLines.oversizedOffsets(reference, maxLineLength).size());
    }

    /**
     * Resumes the split {@code [start, end)} at each line it owns, and at {@code end}; checks that
     * each resumed reader gives exactly the lines from there on.
     */
    static void checkResumes(
            byte[] file,
            long start,
            long end,
            int bufferSize,
            int maxLineLength,
            OptionalLong tinyReadSeed)
            throws IOException {
        List<LineAt> reference = ReferenceLines.of(file);
        List<Long> resumePoints = new ArrayList<>();
        ReferenceLines.ownedBy(reference, start, end).forEach(l -> resumePoints.add(l.offset()));
        resumePoints.add(end);
        for (long offset : resumePoints) {
            ByteArrayReadChannel channel = open(file, tinyReadSeed, (int) offset);
            SplitLineReader reader =
                    SplitLineReader.resumingAt(
                            channel, FILE, offset, end, file.length, bufferSize, maxLineLength);
            SplitRead read = SplitRead.toEnd(reader);
            String split =
                    describe(start, end, bufferSize, maxLineLength) + " resumed at " + offset;

            checkLinesAndCounts(
                    read, ReferenceLines.ownedBy(reference, offset, end), maxLineLength, split);
            checkCalls(
                    channel,
                    read.stats(),
                    offset,
                    ExpectedReads.bytesNeededResuming(reference, offset, end),
                    file.length,
                    bufferSize,
                    tinyReadSeed.isEmpty(),
                    split);
        }
    }

    private static void checkLinesAndCounts(
            SplitRead read, List<LineAt> owned, int maxLineLength, String split) {
        List<Long> oversized = ReferenceLines.oversizedOffsets(owned, maxLineLength);
        SplitReadStats stats = read.stats();
        assertThat(read.lines())
                .as("lines of %s", split)
                .containsExactlyElementsOf(ReferenceLines.notLongerThan(owned, maxLineLength));
        assertThat(stats.lines()).as("line count of %s", split).isEqualTo(read.lines().size());
        assertThat(read.linesKnownEscapeFree())
                .as("lines of %s known to hold no ESC", split)
                .isEqualTo(
                        read.lines().stream()
                                .filter(line -> line.content().indexOf(0x1b) < 0)
                                .count());
        assertThat(stats.oversizedLines())
                .as("oversized line count of %s", split)
                .isEqualTo(oversized.size());
        assertThat(stats.oversizedLineOffsets)
                .as("oversized line offsets of %s", split)
                .containsExactlyElementsOf(
                        oversized.subList(
                                0, Math.min(oversized.size(), SplitReport.MAX_OVERSIZED_SAMPLES)));
    }

    /**
     * Checks that the reader counted every call, read forward without gaps or overlaps, within the
     * file and its buffer, and stopped as soon as it held the {@code needed} bytes; with whole
     * reads, that the calls were exactly the {@link ExpectedReads#reads planned} ones.
     */
    private static void checkCalls(
            ByteArrayReadChannel channel,
            SplitReadStats stats,
            long readFrom,
            long needed,
            long fileSize,
            int bufferSize,
            boolean wholeReads,
            String split) {
        List<Call> calls = channel.calls();
        assertThat(stats.readCalls()).as("read calls of %s", split).isEqualTo(calls.size());
        long position = readFrom;
        for (int i = 0; i < calls.size(); i++) {
            Call call = calls.get(i);
            assertThat(call.position()).as("position of %s in %s", call, split).isEqualTo(position);
            assertThat(call.length())
                    .as("length of %s in %s", call, split)
                    .isBetween(1, bufferSize);
            assertThat(call.position() + call.length())
                    .as("end of %s in %s", call, split)
                    .isLessThanOrEqualTo(fileSize);
            position += Math.max(call.returned(), 0);
            if (i < calls.size() - 1) {
                assertThat(position)
                        .as("bytes in after %s, before more calls in %s", call, split)
                        .isLessThan(needed);
            }
        }
        assertThat(position).as("bytes in at the end of %s", split).isGreaterThanOrEqualTo(needed);
        assertThat(stats.bytesRead()).as("bytes read by %s", split).isEqualTo(position - readFrom);
        if (wholeReads) {
            assertThat(calls.stream().map(c -> new Read(c.position(), c.length())).toList())
                    .as("read calls of %s", split)
                    .containsExactlyElementsOf(
                            ExpectedReads.reads(readFrom, needed, fileSize, bufferSize));
        }
    }

    private static ByteArrayReadChannel open(byte[] file, OptionalLong tinyReadSeed, int salt) {
        return tinyReadSeed.isPresent()
                ? ByteArrayReadChannel.tinyReads(file, tinyReadSeed.getAsLong() * 31 + salt)
                : ByteArrayReadChannel.fullReads(file);
    }

    private static String describe(long start, long end, int bufferSize, int maxLineLength) {
        return String.format(
                "split [%d, %d) with buffer %d and max line length %d",
                start, end, bufferSize, maxLineLength);
    }
}
