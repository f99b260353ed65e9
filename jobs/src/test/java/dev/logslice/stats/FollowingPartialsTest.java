package dev.logslice.stats;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.filter.EventFilter;
import dev.logslice.filter.StatusFilter;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.FileFormats;
import dev.logslice.report.InputFileNotes;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code stats --follow}'s readers emit: each line in exactly one partial, of its own split,
 * emitted at a look at that split once due, or when the split ends; what the reader skipped (lines
 * too long, a damaged archive) in the partials too.
 */
class FollowingPartialsTest {
    private static final int SPLITS = 3;

    /**
     * Actions on the decoder, in any order: a line of split {@code s} (of {@code s + 1} bytes, so a
     * partial tells whose lines it holds), a look at split {@code s}, split {@code s} ends.
     */
    @Property(tries = 300)
    void everyLineIsInOnePartialOfItsSplitOnce(@ForAll("actions") List<Action> actions) {
        FollowingPartials decoder = FollowingPartials.lines(Duration.ZERO);
        long[] held = new long[SPLITS];
        long decoded = 0;
        List<LogStats> emitted = new ArrayList<>();
        for (Action action : actions) {
            int s = action.split();
            List<byte[]> out = new ArrayList<>();
            switch (action.kind()) {
                case LINE -> {
                    assertThat(decoder.decode(line(s, held[s]))).isNull();
                    held[s]++;
                    decoded++;
                }
                case LOOK -> decoder.followedPollDone(id(s), out::add);
                case END -> decoder.finishSplit(report(s), out::add);
            }
            // Due at once (interval 0): a look emits what the split holds, if any; an end emits
            // one partial with the split's report whatever it holds.
            int expected =
                    action.kind() == Kind.END || action.kind() == Kind.LOOK && held[s] > 0 ? 1 : 0;
            assertThat(out).hasSize(expected);
            for (byte[] bytes : out) {
                LogStats partial = LogStats.fromBytes(bytes);
                assertThat(partial.lines()).isEqualTo(held[s]);
                assertThat(partial.bytes()).isEqualTo(held[s] * (s + 2)); // s + 1 and its LF
                assertThat(partial.linesByFile())
                        .as("the report's files come from these counts")
                        .isEqualTo(held[s] == 0 ? Map.of() : Map.of(file(s).toString(), held[s]));
                emitted.add(partial);
                held[s] = 0;
            }
        }
        for (int s = 0; s < SPLITS; s++) {
            decoder.finishSplit(report(s), bytes -> emitted.add(LogStats.fromBytes(bytes)));
        }
        assertThat(emitted.stream().mapToLong(LogStats::lines).sum()).isEqualTo(decoded);
    }

    @Test
    void aPartialWaitsForItsIntervalAndGoesOutWhenTheSplitEnds() {
        FollowingPartials decoder = FollowingPartials.lines(Duration.ofHours(1));
        decoder.decode(line(0, 0));
        decoder.decode(line(1, 0));
        decoder.decode(line(0, 1));
        List<byte[]> out = new ArrayList<>();
        decoder.followedPollDone(id(0), out::add);
        decoder.followedPollDone(id(0), out::add);
        assertThat(out).as("not due for an hour").isEmpty();
        decoder.finishSplit(report(0), out::add);
        assertThat(out).hasSize(1);
        assertThat(LogStats.fromBytes(out.get(0)).lines()).isEqualTo(2);
        decoder.finishSplit(report(0), out::add);
        assertThat(out).hasSize(2);
        assertThat(LogStats.fromBytes(out.get(1)).lines()).as("nothing held twice").isZero();
    }

    /**
     * A followed split never ends while its file lives, so its oversized lines go out in its
     * partials as they are told, also when no line of it was decoded.
     */
    @Test
    void oversizedLinesOfAFollowedSplitGoOutInItsPartials() {
        for (FollowingPartials decoder :
                List.of(
                        FollowingPartials.lines(Duration.ZERO),
                        FollowingPartials.stats(combinedStats(List.of()), Duration.ZERO))) {
            List<byte[]> out = new ArrayList<>();
            decoder.followedOversizedLines(id(0), 2, out::add);
            decoder.followedPollDone(id(0), out::add);
            decoder.followedOversizedLines(id(0), 1, out::add);
            decoder.followedPollDone(id(0), out::add);
            decoder.followedPollDone(id(0), out::add);

            assertThat(out).hasSize(2);
            assertThat(out.stream().mapToLong(bytes -> LogStats.fromBytes(bytes).oversized()))
                    .containsExactly(2L, 1L);
        }
    }

    /** {@code stats --follow --status 5xx}: each split's decoder keeps the filters. */
    @Test
    void eachSplitsDecoderFoldsOnlyTheEventsThatPassTheFilters(@TempDir java.nio.file.Path dir)
            throws IOException {
        FollowingPartials decoder =
                FollowingPartials.stats(
                        combinedStats(List.of(StatusFilter.parse("5xx"))), Duration.ZERO);
        List<byte[]> out = new ArrayList<>();
        for (int split = 0; split < 2; split++) {
            // The decoder reads a file's modification time (syslog's year): a file there.
            Path file = new Path(Files.createFile(dir.resolve(split + ".log")).toUri());
            long offset = 0;
            for (int status : new int[] {200, 503, 404, 500}) {
                byte[] text =
                        ("192.0.2.1 - - [07/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" "
                                        + status
                                        + " 5 \"-\" \"curl/8\"")
                                .getBytes(StandardCharsets.US_ASCII);
                Line line = new Line();
                line.set(file, text, 0, text.length, offset, LineTerminator.LF);
                line.setSplitId(id(split));
                decoder.decode(line);
                offset += text.length + 1;
            }
            decoder.followedPollDone(id(split), out::add);
        }

        assertThat(out).hasSize(2);
        for (byte[] bytes : out) {
            LogStats partial = LogStats.fromBytes(bytes);
            assertThat(partial.lines()).isEqualTo(4);
            assertThat(partial.events()).isEqualTo(2);
            assertThat(partial.filteredEvents()).isEqualTo(2);
            assertThat(partial.status()).containsOnlyKeys(500, 503);
        }
    }

    /**
     * A bounded split (a backlog, an archive) of {@code scan --follow} goes out with its report,
     * lines or none: the report counts its oversized lines and names a damaged file.
     */
    @Test
    void aSplitsEndCarriesItsReportsOversizedLinesAndDamage() {
        FollowingPartials decoder = FollowingPartials.lines(Duration.ofHours(1));
        SplitReport cut =
                new SplitReport(
                        id(0),
                        "/logs/old.log.gz",
                        0,
                        100,
                        100,
                        0,
                        3,
                        List.of(0L, 10L, 20L),
                        1,
                        0,
                        0,
                        0,
                        "gzip",
                        100,
                        0,
                        null,
                        List.of(
                                new SplitReport.FileRead(
                                        "/logs/old.log.gz",
                                        0,
                                        100,
                                        100,
                                        0,
                                        1,
                                        0,
                                        0,
                                        null,
                                        "the gzip stream ends early (truncated?) after 30"
                                                + " uncompressed bytes")));
        List<byte[]> out = new ArrayList<>();
        decoder.finishSplit(cut, out::add);

        assertThat(out).hasSize(1);
        LogStats partial = LogStats.fromBytes(out.get(0));
        assertThat(partial.oversized()).isEqualTo(3);
        assertThat(InputFileNotes.damaged(partial.splits()))
                .extracting(InputFileNotes.DamagedFile::path)
                .containsExactly("/logs/old.log.gz");
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Action> action =
                Arbitraries.integers()
                        .between(0, SPLITS - 1)
                        .flatMap(
                                s ->
                                        Arbitraries.frequencyOf(
                                                        Tuple.of(6, Arbitraries.just(Kind.LINE)),
                                                        Tuple.of(3, Arbitraries.just(Kind.LOOK)),
                                                        Tuple.of(1, Arbitraries.just(Kind.END)))
                                                .map(kind -> new Action(kind, s)));
        return action.list().ofMaxSize(60);
    }

    enum Kind {
        LINE,
        LOOK,
        END
    }

    record Action(Kind kind, int split) {}

    private static StatsDecoder combinedStats(List<EventFilter> filters) {
        return new StatsDecoder(
                FileFormats.of(FormatRegistry.standard().create("combined", FormatOptions.none())),
                ZoneOffset.UTC,
                EventBounds.DEFAULTS,
                List.of(),
                false,
                filters);
    }

    private static String id(int split) {
        return "split-" + split;
    }

    private static Line line(int split, long index) {
        Line line = new Line();
        byte[] content = new byte[split + 1];
        Arrays.fill(content, (byte) 'x');
        line.set(file(split), content, 0, content.length, index * (split + 2), LineTerminator.LF);
        line.setSplitId(id(split));
        return line;
    }

    private static Path file(int split) {
        return new Path("/logs/" + split + ".log");
    }

    private static SplitReport report(int split) {
        return new SplitReport(
                id(split),
                "file:/logs/" + split + ".log",
                0,
                0,
                0,
                0,
                0,
                List.of(),
                0,
                0,
                0,
                0,
                "",
                0,
                0,
                null);
    }
}
