package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.filter.EventFilter;
import dev.logslice.filter.LevelFilter;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.source.FileFormats;

import org.apache.flink.core.fs.Path;
import org.apache.flink.util.InstantiationUtil;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grep --follow} with field filters over two Spring Boot logs whose lines come interleaved,
 * a few at a time, while the source checkpoints, crashes and is restored, and flushes a file's held
 * event once it is quiet after a whole event: each file's selected events come out as batch grep's
 * decoder selects them from the whole file, each once and whole. The reader is modelled as {@code
 * FollowingSplitReader} places records: at the first line of the event the decoder holds, or after
 * the last line decoded.
 */
class FollowedEventGrepPropertyTest {
    private static final FileFormats SPRING_BOOT = FileFormats.of(Log4jPreset.SPRING_BOOT.format());
    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final List<String> LEVELS = List.of("ERROR", " WARN", " INFO", "DEBUG");

    private static java.nio.file.Path dir;

    /** An event as written: its level, whether its header names the tag, and its trace. */
    record Event(int level, boolean tagged, List<Boolean> traceTagged) {}

    sealed interface Action {}

    /** The next {@code lines} lines of a file are read. */
    record Read(int file, int lines) implements Action {}

    /** The file is quiet: what its decoder holds is flushed, if a whole event was read. */
    record Quiet(int file) implements Action {}

    record Checkpoint() implements Action {}

    record Crash() implements Action {}

    @BeforeContainer
    static void makeFiles() throws IOException {
        // The parser reads a file's modification time (for years a line leaves out).
        dir = Files.createTempDirectory("followed-event-grep");
        Files.writeString(dir.resolve("0.log"), "");
        Files.writeString(dir.resolve("1.log"), "");
    }

    @AfterContainer
    static void removeFiles() throws IOException {
        Files.delete(dir.resolve("0.log"));
        Files.delete(dir.resolve("1.log"));
        Files.delete(dir);
    }

    @Property(tries = 500)
    void eachFileSelectsWhatBatchGrepSelects(
            @ForAll("logs") List<Event> first,
            @ForAll("logs") List<Event> second,
            @ForAll("actions") List<Action> actions,
            @ForAll boolean strayTraceFirst,
            @ForAll("levels") String level,
            @ForAll boolean invert)
            throws Exception {
        LinePattern pattern = LinePattern.compile("tag", 0);
        List<EventFilter> filters = List.of(LevelFilter.parse(level));
        GrepOptions options =
                new GrepOptions(invert, -1, false, false, false, false, false, -1, -1, false, null);
        List<List<String>> files = List.of(lines(first, strayTraceFirst), lines(second, false));
        Follower follower =
                new Follower(
                        files,
                        EventGrepDecoder.following(SPRING_BOOT, UTC, pattern, filters, options));
        for (Action action : actions) {
            follower.apply(action);
        }
        follower.readAllAndQuiet();

        for (int f = 0; f < files.size(); f++) {
            EventGrepDecoder batch =
                    new EventGrepDecoder(SPRING_BOOT, UTC, pattern, filters, options);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            Line line = new Line();
            for (int i = 0; i < files.get(f).size(); i++) {
                write(batch.decode(follower.line(line, f, i, "batch")), expected);
            }
            batch.finishFile("batch", match -> write(match, expected));
            assertThat(follower.output(f))
                    .as("file %d, read with %s", f, actions)
                    .isEqualTo(expected.toString(StandardCharsets.UTF_8));
        }
    }

    /** A log's lines: each event's header (with {@code tag} if tagged) and trace lines. */
    private static List<String> lines(List<Event> events, boolean strayTraceFirst) {
        List<String> lines = new ArrayList<>();
        if (strayTraceFirst) {
            // As a file followed from the middle of an event starts: malformed, never selected.
            lines.add("\tat com.shop.Cart.add(Cart.java:42) tag");
        }
        for (int e = 0; e < events.size(); e++) {
            Event event = events.get(e);
            lines.add(
                    String.format(
                            "2026-12-07T09:00:%02d.000Z %s 4242 --- [shop] [           main]"
                                    + " c.s.Checkout : order %d%s",
                            e % 60, LEVELS.get(event.level()), e, event.tagged() ? " tag" : ""));
            List<Boolean> trace = event.traceTagged();
            for (int t = 0; t < trace.size(); t++) {
                lines.add(
                        t == 0
                                ? "java.lang.IllegalStateException: order " + e + " failed"
                                : "\tat com.shop.Step"
                                        + t
                                        + ".run(Step.java:1)"
                                        + (trace.get(t) ? " tag" : ""));
            }
        }
        return lines;
    }

    @Provide
    Arbitrary<List<Event>> logs() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, LEVELS.size() - 1),
                        Arbitraries.of(true, false),
                        Arbitraries.of(true, false).list().ofMaxSize(4))
                .as(Event::new)
                .list()
                .ofMaxSize(10);
    }

    @Provide
    Arbitrary<String> levels() {
        return Arbitraries.of("error", "warn", "info", "debug");
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Integer> file = Arbitraries.integers().between(0, 1);
        Arbitrary<Action> read =
                Combinators.combine(file, Arbitraries.integers().between(1, 4)).as(Read::new);
        return Arbitraries.frequencyOf(
                        Tuple.of(10, read),
                        Tuple.of(3, file.<Action>map(Quiet::new)),
                        Tuple.of(2, Arbitraries.<Action>just(new Checkpoint())),
                        Tuple.of(2, Arbitraries.<Action>just(new Crash())))
                .list()
                .ofMaxSize(50);
    }

    private static void write(GrepMatch match, ByteArrayOutputStream output) {
        if (match != null) {
            output.writeBytes(match.bytes);
        }
    }

    /** The decoder of a followed source over the files, and what it wrote of each. */
    private static final class Follower {
        private final List<List<String>> files;
        private final LineDecoder<GrepMatch> prototype;
        private LineDecoder<GrepMatch> decoder;
        private final Line line = new Line();

        /** Per file: lines read; the line its records put its position at; and its output. */
        private final int[] read;

        private final int[] position;
        private final List<List<byte[]>> output = new ArrayList<>();

        /** Per file, at the last checkpoint: its position and how many records it had written. */
        private final int[] checkpointedPosition;

        private final int[] checkpointedRecords;

        Follower(List<List<String>> files, LineDecoder<GrepMatch> prototype) throws Exception {
            this.files = files;
            this.prototype = prototype;
            this.read = new int[files.size()];
            this.position = new int[files.size()];
            this.checkpointedPosition = new int[files.size()];
            this.checkpointedRecords = new int[files.size()];
            files.forEach(file -> output.add(new ArrayList<>()));
            this.decoder = deployed();
        }

        /** A copy, as the job's reader gets it. */
        private LineDecoder<GrepMatch> deployed() throws Exception {
            return InstantiationUtil.clone(prototype);
        }

        void apply(Action action) throws Exception {
            if (action instanceof Read next) {
                for (int i = 0; i < next.lines() && read[next.file()] < size(next.file()); i++) {
                    readLine(next.file());
                }
            } else if (action instanceof Quiet quiet) {
                quiet(quiet.file());
            } else if (action instanceof Checkpoint) {
                for (int f = 0; f < files.size(); f++) {
                    checkpointedPosition[f] = position[f];
                    checkpointedRecords[f] = output.get(f).size();
                }
            } else if (action instanceof Crash) {
                for (int f = 0; f < files.size(); f++) {
                    List<byte[]> written = output.get(f);
                    written.subList(checkpointedRecords[f], written.size()).clear();
                    read[f] = checkpointedPosition[f];
                    position[f] = checkpointedPosition[f];
                }
                decoder = deployed();
            }
        }

        void readAllAndQuiet() {
            for (int f = 0; f < files.size(); f++) {
                while (read[f] < size(f)) {
                    readLine(f);
                }
                quiet(f);
            }
        }

        /**
         * The file quiet for the event timeout. A writer that pauses between events only: one
         * paused within an event has its trace's rest malformed, where batch grep keeps it whole.
         */
        private void quiet(int file) {
            boolean betweenEvents =
                    read[file] == size(file) || files.get(file).get(read[file]).startsWith("2026");
            if (betweenEvents) {
                decoder.followedFlush(splitId(file), match -> emit(file, match, read[file]));
            }
        }

        private void readLine(int file) {
            GrepMatch match = decoder.decode(line(line, file, read[file], splitId(file)));
            read[file]++;
            OptionalLong held = decoder.followedHeldFrom(splitId(file));
            int at = held.isPresent() ? lineAt(file, held.getAsLong()) : read[file];
            if (match != null) {
                emit(file, match, at);
            }
            decoder.followedPollDone(splitId(file), note -> emit(file, note, at));
        }

        /** A record written, the file's position moved with it. */
        private void emit(int file, GrepMatch match, int at) {
            output.get(file).add(match.bytes);
            position[file] = at;
        }

        Line line(Line line, int file, int index, String splitId) {
            byte[] bytes = (files.get(file).get(index) + "\n").getBytes(StandardCharsets.UTF_8);
            line.set(
                    new Path(dir.resolve(file + ".log").toUri()),
                    bytes,
                    0,
                    bytes.length - 1,
                    offset(file, index),
                    LineTerminator.LF);
            line.setSplitId(splitId);
            line.setIndexInSplitOfFile(index);
            return line;
        }

        private long offset(int file, int index) {
            long offset = 0;
            for (int i = 0; i < index; i++) {
                offset += files.get(file).get(i).getBytes(StandardCharsets.UTF_8).length + 1;
            }
            return offset;
        }

        private int lineAt(int file, long offset) {
            for (int i = 0; i <= size(file); i++) {
                if (offset(file, i) == offset) {
                    return i;
                }
            }
            throw new AssertionError("no line of file " + file + " starts at " + offset);
        }

        private int size(int file) {
            return files.get(file).size();
        }

        private static String splitId(int file) {
            return "split-" + file;
        }

        String output(int file) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            output.get(file).forEach(all::writeBytes);
            return all.toString(StandardCharsets.UTF_8);
        }
    }
}
