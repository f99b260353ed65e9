package dev.logslice.connector.reader;

import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitSerializer;
import dev.logslice.connector.split.LogFileSplitState;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.groups.InternalSourceReaderMetricGroup;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two logs of multi-line events grow at once, written in appends cut anywhere (also in the middle
 * of a line), while a followed source's split reader reads them, checkpoints, crashes and is
 * restored, and the clock now and then passes the event timeout: every line comes out exactly once
 * in file order, in a record of its own file; an event written with no pause as long as the timeout
 * comes out whole, as one record; and once the files are quiet, nothing is held back. The decoder
 * is a small one whose events are a line not starting with a tab and the tab-led lines after it; a
 * tab-led line with no event held (after a flush) is a record of its own.
 */
class FollowedEventsPropertyTest {
    private static final Path DIR = Path.of("/logs");
    private static final List<Path> FILES = List.of(DIR.resolve("a.log"), DIR.resolve("b.log"));
    private static final Duration EVENT_TIMEOUT = Duration.ofSeconds(2);

    /** Never passed: a line cut by an append waits for its rest, whatever the pauses. */
    private static final Duration PARTIAL_LINE_TIMEOUT = Duration.ofHours(1);

    sealed interface Action {}

    /** The next {@code bytes} bytes of a file's planned events are appended to it. */
    record Append(int file, int bytes) implements Action {}

    /** Less than the event timeout passes. */
    record Tick(int millis) implements Action {}

    /** More than the event timeout passes. */
    record Pause() implements Action {}

    record Fetch() implements Action {}

    record Checkpoint() implements Action {}

    record Crash() implements Action {}

    @Property(tries = 500)
    void everyLineOnceAndEventsWholeUnlessPaused(
            @ForAll("events") List<List<Integer>> eventsA,
            @ForAll("events") List<List<Integer>> eventsB,
            @ForAll("actions") List<Action> actions)
            throws IOException {
        Harness harness = new Harness(List.of(eventsA, eventsB));
        for (Action action : actions) {
            harness.apply(action);
        }
        harness.writeAllAndDrain();
        harness.check();
    }

    /** A crash while an event is held: restored, it is read again from its first line. */
    @Example
    void aHeldEventIsReadAgainAfterACrash() throws IOException {
        Harness harness = new Harness(List.of(List.of(List.of(3, 4), List.of(1, 2)), List.of()));
        harness.apply(new Append(0, 30)); // the first event's header and a trace line
        harness.apply(new Fetch());
        harness.apply(new Checkpoint());
        harness.apply(new Crash());
        harness.writeAllAndDrain();
        harness.check();
        assertThat(harness.records).hasSize(2);
    }

    /**
     * A file truncated while an event of it is held (copytruncate): the event is written out as
     * read, and the new content's first lines, a trace that continues nothing here, are not joined
     * to it.
     */
    @Example
    void anEventHeldWhenItsFileIsTruncatedEndsThere() throws IOException {
        Harness harness = new Harness(List.of(List.of(List.of(3, 4, 5)), List.of()));
        harness.apply(new Append(0, 1000));
        harness.apply(new Fetch());
        harness.view.truncate(harness.inodes.get(0));
        harness.view.append(
                harness.inodes.get(0),
                "\tat after.Truncation(A.java:1)\nnew header\n".getBytes(StandardCharsets.UTF_8));
        harness.writeAllAndDrain();
        assertThat(harness.records)
                .extracting(Emitted::record)
                .containsExactly(
                        String.join("\n", harness.eventLines.get(0).get(0)),
                        "\tat after.Truncation(A.java:1)",
                        "new header");
    }

    /**
     * A bounded split of a followed source (a backlog, an archive in a followed folder), read a
     * buffer a fetch, its state checkpointed after some fetches and the reader crashed after more:
     * restored, every event comes out once, whole (a record placed after the first line of the
     * event the decoder held would lose that line).
     */
    @Property(tries = 100)
    void aBacklogOfEventsIsReadOnceAcrossACrash(
            @ForAll("backlog") List<List<Integer>> events,
            @ForAll @IntRange(max = 12) int checkpointAfter,
            @ForAll @IntRange(max = 6) int crashLater)
            throws Exception {
        StringBuilder text = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int e = 0; e < events.size(); e++) {
            List<String> lines = new ArrayList<>();
            for (int l = 0; l < events.get(e).size(); l++) {
                lines.add(
                        (l == 0 ? "" : "\t")
                                + "e"
                                + e
                                + " l"
                                + l
                                + " "
                                + "y".repeat(events.get(e).get(l)));
            }
            expected.add(String.join("\n", lines));
            text.append(String.join("\n", lines)).append('\n');
        }
        Path file = Files.createTempFile("backlog", ".log");
        try {
            Files.writeString(file, text);
            FileSegment whole =
                    FileSegment.wholeFile(
                            new org.apache.flink.core.fs.Path(file.toUri()),
                            Files.size(file),
                            Files.getLastModifiedTime(file).toMillis(),
                            null);
            LogFileSplitState state = new LogFileSplitState(LogFileSplit.of("b", whole, List.of()));
            List<String> records = new ArrayList<>();
            FollowingSplitReader<String> reader =
                    newReader(new MemoryFollowView(), new ConcurrentHashMap<>());
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(state.toSplit())));
            for (int i = 0; i < checkpointAfter && fetchInto(reader, state, records); i++) {
                // read on
            }
            LogFileSplit checkpointed = state.toSplit();
            int kept = records.size();
            for (int i = 0; i < crashLater && fetchInto(reader, state, records); i++) {
                // read on after the checkpoint: lost with the crash
            }
            reader.close();
            records.subList(kept, records.size()).clear();

            if (checkpointed.position() == null
                    || checkpointed.position().stage() != SplitPosition.Stage.FINISHED) {
                LogFileSplitState restored = new LogFileSplitState(checkpointed);
                FollowingSplitReader<String> again =
                        newReader(new MemoryFollowView(), new ConcurrentHashMap<>());
                again.handleSplitsChanges(new SplitsAddition<>(List.of(checkpointed)));
                while (fetchInto(again, restored, records)) {
                    // to the split's end
                }
                again.close();
            }
            assertThat(records).isEqualTo(expected);
        } finally {
            Files.delete(file);
        }
    }

    /** One fetch into {@code records}, {@code state} moved; false once the split is finished. */
    private static boolean fetchInto(
            FollowingSplitReader<String> reader, LogFileSplitState state, List<String> records)
            throws IOException {
        RecordsWithSplitIds<PositionedRecord<String>> batch = reader.fetch();
        for (String splitId; (splitId = batch.nextSplit()) != null; ) {
            for (PositionedRecord<String> record;
                    (record = batch.nextRecordFromSplit()) != null; ) {
                records.add(record.record);
                record.moveTo(state);
            }
        }
        return batch.finishedSplits().isEmpty();
    }

    /** Events enough for a few buffers: a fetch reads one. */
    @Provide
    Arbitrary<List<List<Integer>>> backlog() {
        return Arbitraries.integers()
                .between(0, 60)
                .list()
                .ofMinSize(1)
                .ofMaxSize(6)
                .list()
                .ofMinSize(100)
                .ofMaxSize(250);
    }

    /**
     * Each event: the lengths of its header's text and of each of its trace lines (tab-led); lines
     * of up to a few dozen bytes, so that appends cut them anywhere.
     */
    @Provide
    Arbitrary<List<List<Integer>>> events() {
        Arbitrary<Integer> length = Arbitraries.integers().between(0, 30);
        return length.list().ofMinSize(1).ofMaxSize(6).list().ofMaxSize(8);
    }

    @Provide
    Arbitrary<List<Action>> actions() {
        Arbitrary<Action> append =
                Combinators.combine(
                                Arbitraries.integers().between(0, 1),
                                Arbitraries.integers().between(1, 60))
                        .as(Append::new);
        return Arbitraries.frequencyOf(
                        Tuple.of(10, append),
                        Tuple.of(3, Arbitraries.integers().between(1, 500).map(Tick::new)),
                        Tuple.of(2, Arbitraries.just(new Pause())),
                        Tuple.of(8, Arbitraries.just(new Fetch())),
                        Tuple.of(2, Arbitraries.just(new Checkpoint())),
                        Tuple.of(1, Arbitraries.just(new Crash())))
                .list()
                .ofMaxSize(80);
    }

    /** The files, their planned events, the reader and what it emitted. */
    private static final class Harness {
        private final MemoryFollowView view = new MemoryFollowView();
        private final List<MemoryFollowView.Inode> inodes = new ArrayList<>();

        /** Per file: its planned bytes, and how many of them are written. */
        private final List<byte[]> planned = new ArrayList<>();

        private final int[] written = new int[FILES.size()];

        /** Per file: its events' lines, and the byte after each event's last line. */
        private final List<List<List<String>>> eventLines = new ArrayList<>();

        private final List<List<Integer>> eventEnds = new ArrayList<>();

        /** Per file and event: whether a pause came while it was part written. */
        private final List<List<Boolean>> paused = new ArrayList<>();

        private final Map<String, Integer> fileOfSplit = new HashMap<>();
        private final Map<String, LogFileSplitState> states = new LinkedHashMap<>();
        private final Map<String, Fingerprint> heads = new ConcurrentHashMap<>();
        private final List<Emitted> records = new ArrayList<>();
        private FollowingSplitReader<String> reader;
        private List<byte[]> checkpointed = new ArrayList<>();
        private int recordsCheckpointed;

        Harness(List<List<List<Integer>>> events) throws IOException {
            for (int f = 0; f < FILES.size(); f++) {
                inodes.add(view.create(FILES.get(f)));
                plan(f, events.get(f));
                LogFileSplit split =
                        LogFileSplit.following(
                                "s" + f,
                                new FileSegment(
                                        new org.apache.flink.core.fs.Path(FILES.get(f).toUri()),
                                        0,
                                        0,
                                        0,
                                        0,
                                        null),
                                inodes.get(f).identity,
                                Fingerprint.NONE,
                                0);
                fileOfSplit.put(split.splitId(), f);
                states.put(split.splitId(), new LogFileSplitState(split));
            }
            checkpoint(); // what a job restarted before its first checkpoint finds
            restore();
        }

        /** Lines tagged with their file and event, so that a record shows where each came from. */
        private void plan(int file, List<List<Integer>> events) {
            StringBuilder text = new StringBuilder();
            List<List<String>> lines = new ArrayList<>();
            List<Integer> ends = new ArrayList<>();
            for (int e = 0; e < events.size(); e++) {
                List<String> event = new ArrayList<>();
                List<Integer> lengths = events.get(e);
                for (int l = 0; l < lengths.size(); l++) {
                    String line =
                            (l == 0 ? "" : "\t")
                                    + "f"
                                    + file
                                    + " e"
                                    + e
                                    + " l"
                                    + l
                                    + " "
                                    + "x ".repeat(lengths.get(l) / 2);
                    event.add(line);
                    text.append(line).append('\n');
                }
                lines.add(event);
                ends.add(text.toString().getBytes(StandardCharsets.UTF_8).length);
            }
            planned.add(text.toString().getBytes(StandardCharsets.UTF_8));
            eventLines.add(lines);
            eventEnds.add(ends);
            paused.add(new ArrayList<>(Collections.nCopies(events.size(), false)));
        }

        void apply(Action action) throws IOException {
            if (action instanceof Append append) {
                append(append.file(), append.bytes());
            } else if (action instanceof Tick tick) {
                view.advanceMillis(tick.millis());
            } else if (action instanceof Pause) {
                pause();
            } else if (action instanceof Fetch) {
                fetch();
            } else if (action instanceof Checkpoint) {
                checkpoint();
            } else if (action instanceof Crash) {
                crash();
            }
        }

        private void append(int file, int bytes) {
            int from = written[file];
            int to = Math.min(planned.get(file).length, from + bytes);
            byte[] piece = Arrays.copyOfRange(planned.get(file), from, to);
            view.append(inodes.get(file), piece);
            written[file] = to;
        }

        /** The timeout passes: the events part written (begun, not ended) are paused. */
        private void pause() {
            view.advanceMillis(EVENT_TIMEOUT.toMillis() + 1);
            for (int f = 0; f < FILES.size(); f++) {
                int start = 0;
                List<Integer> ends = eventEnds.get(f);
                for (int e = 0; e < ends.size(); e++) {
                    if (written[f] > start && written[f] < ends.get(e)) {
                        paused.get(f).set(e, true);
                    }
                    start = ends.get(e);
                }
            }
        }

        /** One fetch, its records emitted and the split states moved as the source reader does. */
        private boolean fetch() throws IOException {
            RecordsWithSplitIds<PositionedRecord<String>> batch = reader.fetch();
            boolean any = false;
            for (String splitId; (splitId = batch.nextSplit()) != null; ) {
                LogFileSplitState state = states.get(splitId);
                for (PositionedRecord<String> record;
                        (record = batch.nextRecordFromSplit()) != null; ) {
                    records.add(new Emitted(fileOfSplit.get(splitId), record.record));
                    record.moveTo(state);
                    any = true;
                }
            }
            return any;
        }

        private void checkpoint() throws IOException {
            checkpointed = new ArrayList<>();
            for (LogFileSplitState state : states.values()) {
                LogFileSplit split = state.toSplit();
                Fingerprint head = heads.get(split.splitId());
                checkpointed.add(
                        LogFileSplitSerializer.INSTANCE.serialize(
                                head == null ? split : split.withHead(head)));
            }
            recordsCheckpointed = records.size();
        }

        /** The reader dies: what it emitted after the checkpoint is rolled back. */
        private void crash() throws IOException {
            records.subList(recordsCheckpointed, records.size()).clear();
            try {
                reader.close();
            } catch (Exception e) {
                throw new IOException(e);
            }
            restore();
        }

        private void restore() throws IOException {
            List<LogFileSplit> splits = new ArrayList<>();
            for (byte[] bytes : checkpointed) {
                LogFileSplit split =
                        LogFileSplitSerializer.INSTANCE.deserialize(
                                LogFileSplitSerializer.INSTANCE.getVersion(), bytes);
                splits.add(split);
                states.put(split.splitId(), new LogFileSplitState(split));
            }
            reader = newReader(view, heads);
            reader.handleSplitsChanges(new SplitsAddition<>(splits));
        }

        /** The rest written, read, and the files left quiet for the timeout, and read again. */
        void writeAllAndDrain() throws IOException {
            for (int f = 0; f < FILES.size(); f++) {
                append(f, planned.get(f).length);
            }
            while (fetchedAny()) {
                // until the reader has caught up
            }
            pause();
            while (fetchedAny()) {
                // the events held are flushed
            }
        }

        /** Fetches a few times: a fetch that looks at a file with nothing new returns nothing. */
        private boolean fetchedAny() throws IOException {
            boolean any = false;
            for (int i = 0; i < 2 * FILES.size() + 1; i++) {
                any |= fetch();
            }
            return any;
        }

        void check() {
            for (int f = 0; f < FILES.size(); f++) {
                List<String> expected = new ArrayList<>();
                eventLines.get(f).forEach(expected::addAll);
                List<String> got = new ArrayList<>();
                List<List<String>> recordsOfFile = new ArrayList<>();
                for (Emitted emitted : records) {
                    if (emitted.file() == f) {
                        List<String> lines = List.of(emitted.record().split("\n", -1));
                        got.addAll(lines);
                        recordsOfFile.add(lines);
                    }
                }
                assertThat(got)
                        .as("lines of file %d, in records %s", f, records)
                        .isEqualTo(expected);
                for (int e = 0; e < eventLines.get(f).size(); e++) {
                    if (!paused.get(f).get(e)) {
                        assertThat(recordsOfFile)
                                .as("event %d of file %d, written without a pause", e, f)
                                .contains(eventLines.get(f).get(e));
                    }
                }
            }
        }
    }

    /**
     * A followed source's split reader over {@code view}, its decoder {@link TabContinuedEvents}.
     */
    private static FollowingSplitReader<String> newReader(
            MemoryFollowView view, Map<String, Fingerprint> heads) {
        return new FollowingSplitReader<>(
                new TabContinuedEvents(),
                new LogSourceSettings(
                        1 << 20,
                        1,
                        4096,
                        1 << 16,
                        false,
                        Long.MAX_VALUE,
                        new LogSourceSettings.Follow(
                                Duration.ofSeconds(1),
                                PARTIAL_LINE_TIMEOUT,
                                true,
                                Duration.ofNanos(1),
                                EVENT_TIMEOUT)),
                new LogSourceReaderMetrics(
                        InternalSourceReaderMetricGroup.mock(
                                new MetricListener().getMetricGroup())),
                view,
                heads);
    }

    private record Emitted(int file, String record) {}

    /**
     * Events of a line not led by a tab and the tab-led lines after it, one per split; a tab-led
     * line with no event held is a record of its own. Records are the lines joined by LF.
     */
    private static final class TabContinuedEvents implements LineDecoder<String> {
        private final Map<String, Held> held = new HashMap<>();

        private record Held(long offset, StringBuilder lines) {}

        @Nullable
        @Override
        public String decode(Line line) {
            String text = line.toUtf8String();
            Held event = held.get(line.splitId());
            if (text.startsWith("\t")) {
                if (event == null) {
                    return text;
                }
                event.lines().append('\n').append(text);
                return null;
            }
            held.put(line.splitId(), new Held(line.offset(), new StringBuilder(text)));
            return event == null ? null : event.lines().toString();
        }

        @Override
        public EventStarts eventStarts() {
            return line -> line.length() == 0 || line.buffer()[line.start()] != '\t';
        }

        @Override
        public OptionalLong followedHeldFrom(String splitId) {
            Held event = held.get(splitId);
            return event == null ? OptionalLong.empty() : OptionalLong.of(event.offset());
        }

        @Override
        public void followedFlush(String splitId, Consumer<String> output) {
            Held event = held.remove(splitId);
            if (event != null) {
                output.accept(event.lines().toString());
            }
        }

        @Override
        public void finishSplit(SplitReport report, Consumer<String> output) {
            followedFlush(report.splitId(), output);
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }
}
