package dev.logslice.stats;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineHold;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.source.FileFormats;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats --follow} over Java logs: a split's partial counts the lines before the event its
 * decoder holds, since the source places the split there; the held event's lines count once it ends
 * or is flushed. Played against the source's contract (records at the held event's first line, else
 * after the last line) through checkpoints and crashes, the partials count every line once, and,
 * flushed where events end, the events and malformed lines of a batch run.
 */
class FollowingPartialsEventsTest {
    private static final FileFormats SPRING_BOOT = FileFormats.of(Log4jPreset.SPRING_BOOT.format());
    private static final int FILES = 2;

    private static final List<String> TRACE =
            List.of(
                    "java.lang.IllegalStateException: cart [42] is closed",
                    "\tat com.shop.Cart.add(Cart.java:42)",
                    "Caused by: java.io.IOException: connection reset",
                    "\t... 12 more");

    private static java.nio.file.Path dir;

    @BeforeContainer
    static void makeFiles() throws IOException {
        dir = Files.createTempDirectory("following-partials");
        for (int f = 0; f < FILES; f++) {
            Files.writeString(dir.resolve(f + ".log"), "");
        }
    }

    @AfterContainer
    static void removeFiles() throws IOException {
        for (int f = 0; f < FILES; f++) {
            Files.delete(dir.resolve(f + ".log"));
        }
        Files.delete(dir);
    }

    @Example
    void aPartialCountsTheLinesBeforeTheHeldEvent() {
        FollowingPartials decoder = decoder();
        List<String> lines = new ArrayList<>(event(1, TRACE.size()));
        lines.addAll(event(2, 0));
        Feed feed = new Feed(decoder, lines);
        List<LogStats> out = new ArrayList<>();

        feed.upTo(1 + TRACE.size()); // the first event, held
        decoder.followedPollDone(id(0), bytes -> out.add(LogStats.fromBytes(bytes)));
        assertThat(out).as("no line counted yet").isEmpty();

        feed.upTo(lines.size()); // the second starts: the first is folded, the second held
        decoder.followedPollDone(id(0), bytes -> out.add(LogStats.fromBytes(bytes)));
        assertThat(out).hasSize(1);
        assertThat(out.get(0).lines()).isEqualTo(1 + TRACE.size());
        assertThat(out.get(0).bytes()).isEqualTo(feed.offsets.get(1 + TRACE.size()));
        assertThat(out.get(0).events()).isEqualTo(1);

        decoder.followedFlush(id(0), bytes -> out.add(LogStats.fromBytes(bytes)));
        assertThat(out).as("folded, not emitted: it goes out when due").hasSize(1);
        decoder.followedPollDone(id(0), bytes -> out.add(LogStats.fromBytes(bytes)));
        assertThat(out).hasSize(2);
        assertThat(out.get(1).lines()).isOne();
        assertThat(out.get(1).events()).isOne();
    }

    /**
     * Lines of two Java logs in any interleaving, looks, flushes (anywhere, or only where an event
     * ended), checkpoints and crashes: the partials merged count the lines and bytes written once,
     * and, flushed at event ends only, the events and malformed lines of a batch run.
     */
    @Property(tries = 200)
    void partialsCountEveryLineOnceAcrossCrashes(
            @ForAll("logs") List<List<Integer>> logs,
            @ForAll("steps") List<Step> steps,
            @ForAll boolean flushAtEventEndsOnly) {
        Model model = new Model(logs);
        for (Step step : steps) {
            model.apply(step.act(), step.file(), flushAtEventEndsOnly);
        }
        LogStats total = model.finish();

        LogStats batch = model.batch();
        assertThat(total.lines()).isEqualTo(batch.lines());
        assertThat(total.bytes()).isEqualTo(batch.bytes());
        assertThat(total.events() + total.malformed())
                .as("each event's lines in it, or malformed")
                .isLessThanOrEqualTo(batch.lines());
        if (flushAtEventEndsOnly) {
            assertThat(total.events()).isEqualTo(batch.events());
            assertThat(total.malformed()).isEqualTo(batch.malformed());
        }
    }

    record Step(Act act, int file) {}

    enum Act {
        LINE,
        LOOK,
        FLUSH,
        CHECKPOINT,
        CRASH
    }

    @Provide
    Arbitrary<List<List<Integer>>> logs() {
        // Per file, its events' trace lengths (0: a line of its own).
        return Arbitraries.integers()
                .between(0, TRACE.size())
                .list()
                .ofMaxSize(6)
                .list()
                .ofSize(FILES);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Act> act =
                Arbitraries.frequencyOf(
                        Tuple.of(10, Arbitraries.just(Act.LINE)),
                        Tuple.of(3, Arbitraries.just(Act.LOOK)),
                        Tuple.of(2, Arbitraries.just(Act.FLUSH)),
                        Tuple.of(2, Arbitraries.just(Act.CHECKPOINT)),
                        Tuple.of(1, Arbitraries.just(Act.CRASH)));
        return Combinators.combine(act, Arbitraries.integers().between(0, FILES - 1))
                .as(Step::new)
                .list()
                .ofMaxSize(100);
    }

    /** Event {@code n}'s lines: its header, then {@code trace} lines of a stack trace. */
    private static List<String> event(int n, int trace) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "2026-12-07T09:58:0"
                        + (n % 10)
                        + ".123Z ERROR 4242 --- [shop] [ool-2-thread [3]] c.s.Checkout"
                        + "                             : order "
                        + n);
        lines.addAll(TRACE.subList(0, trace));
        return lines;
    }

    private static FollowingPartials decoder() {
        return FollowingPartials.stats(springBootStats(), Duration.ZERO);
    }

    private static StatsDecoder springBootStats() {
        return new StatsDecoder(
                SPRING_BOOT, ZoneOffset.UTC, EventBounds.DEFAULTS, List.of(), false, List.of());
    }

    private static Path path(int file) {
        return new Path(dir.resolve(file + ".log").toUri());
    }

    private static String id(int file) {
        return "split-" + file;
    }

    /** The lines of one file, handed to a decoder as the source hands out those of its split. */
    private static final class Feed {
        final FollowingPartials decoder;
        final List<String> lines;

        /** The offset of each line, and after the last. */
        final List<Long> offsets;

        final int file;
        int next;
        private final Path path;

        Feed(FollowingPartials decoder, List<String> lines) {
            this(decoder, lines, 0);
        }

        Feed(FollowingPartials decoder, List<String> lines, int file) {
            this.decoder = decoder;
            this.lines = lines;
            this.file = file;
            this.path = path(file);
            this.offsets = offsetsOf(lines);
        }

        static List<Long> offsetsOf(List<String> lines) {
            List<Long> offsets = new ArrayList<>();
            long offset = 0;
            offsets.add(offset);
            for (String line : lines) {
                offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
                offsets.add(offset);
            }
            return offsets;
        }

        /** Hands out lines up to {@code end}, exclusive; returns what is held after the last. */
        LineHold upTo(int end) {
            LineHold hold = LineHold.NONE;
            for (; next < end; next++) {
                byte[] bytes = lines.get(next).getBytes(StandardCharsets.UTF_8);
                Line line = new Line();
                line.set(path, bytes, 0, bytes.length, offsets.get(next), LineTerminator.LF);
                line.setSplitId(id(file));
                decoder.decode(line);
                hold = LineHold.after(line, decoder.followedHeldFrom(id(file)));
            }
            return hold;
        }
    }

    /**
     * The source as its contract has it: each split's partials take the offset of the held event's
     * first line, else the one after the last line; a checkpoint keeps the total and those offsets,
     * a crash goes back to them with a new decoder.
     */
    private static final class Model {
        private final List<List<String>> lines = new ArrayList<>();
        private final List<List<Boolean>> eventEnds = new ArrayList<>();
        private FollowingPartials decoder = decoder();
        private final List<Feed> feeds = new ArrayList<>();
        private final int[] positions = new int[FILES];
        private final int[] heldFrom = new int[FILES];

        /** Per split, the line its position is at: that of the last partial emitted. */
        private final int[] emittedAt = new int[FILES];

        private LogStats total = new LogStats();
        private LogStats checkpointedTotal = new LogStats();
        private int[] checkpointed = new int[FILES];

        Model(List<List<Integer>> logs) {
            for (int f = 0; f < FILES; f++) {
                List<String> fileLines = new ArrayList<>();
                List<Boolean> ends = new ArrayList<>();
                for (int e = 0; e < logs.get(f).size(); e++) {
                    List<String> event = event(e, logs.get(f).get(e));
                    fileLines.addAll(event);
                    for (int i = 0; i < event.size(); i++) {
                        ends.add(i == event.size() - 1);
                    }
                }
                lines.add(fileLines);
                eventEnds.add(ends);
            }
            startFeeds();
        }

        private void startFeeds() {
            feeds.clear();
            for (int f = 0; f < FILES; f++) {
                Feed feed = new Feed(decoder, lines.get(f), f);
                feed.next = checkpointed[f];
                feeds.add(feed);
                positions[f] = checkpointed[f];
                emittedAt[f] = checkpointed[f];
                heldFrom[f] = -1;
            }
        }

        void apply(Act act, int f, boolean flushAtEventEndsOnly) {
            Feed feed = feeds.get(f);
            switch (act) {
                case LINE -> {
                    if (feed.next < feed.lines.size()) {
                        int at = feed.next;
                        LineHold hold = feed.upTo(at + 1);
                        positions[f] = at + 1;
                        heldFrom[f] =
                                switch (hold) {
                                    case NONE -> -1;
                                    case STARTS -> at;
                                    case JOINS -> heldFrom[f];
                                };
                    }
                }
                case LOOK -> decoder.followedPollDone(id(f), bytes -> take(f, bytes));
                case FLUSH -> {
                    boolean atEnd =
                            feed.next > 0 && eventEnds.get(f).get(feed.next - 1) || feed.next == 0;
                    if (!flushAtEventEndsOnly || atEnd) {
                        decoder.followedFlush(id(f), bytes -> take(f, bytes));
                        heldFrom[f] = -1;
                    }
                }
                case CHECKPOINT -> checkpoint();
                case CRASH -> {
                    total = LogStats.fromBytes(checkpointedTotal.toBytes());
                    decoder = decoder();
                    startFeeds();
                }
            }
        }

        /** A partial goes out, and the split's position with it, as the source's emitter does. */
        private void take(int f, byte[] bytes) {
            total.merge(LogStats.fromBytes(bytes));
            emittedAt[f] = heldFrom[f] >= 0 ? heldFrom[f] : positions[f];
        }

        private void checkpoint() {
            checkpointedTotal = LogStats.fromBytes(total.toBytes());
            checkpointed = emittedAt.clone();
        }

        /** The rest of the lines read, and the splits' ends, which fold the held events. */
        LogStats finish() {
            for (int f = 0; f < FILES; f++) {
                feeds.get(f).upTo(lines.get(f).size());
                decoder.finishSplit(report(f), bytes -> total.merge(LogStats.fromBytes(bytes)));
            }
            return total;
        }

        /** What the batch decoder makes of the files, each read whole. */
        LogStats batch() {
            StatsDecoder batch = springBootStats();
            LogStats all = new LogStats();
            for (int f = 0; f < FILES; f++) {
                List<Long> offsets = Feed.offsetsOf(lines.get(f));
                for (int i = 0; i < lines.get(f).size(); i++) {
                    byte[] bytes = lines.get(f).get(i).getBytes(StandardCharsets.UTF_8);
                    Line line = new Line();
                    line.set(path(f), bytes, 0, bytes.length, offsets.get(i), LineTerminator.LF);
                    line.setSplitId(id(f));
                    batch.decode(line);
                }
                batch.finishSplit(report(f), bytes -> all.merge(LogStats.fromBytes(bytes)));
            }
            return all;
        }
    }

    private static SplitReport report(int file) {
        return new SplitReport(
                id(file),
                "file:" + dir.resolve(file + ".log"),
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
