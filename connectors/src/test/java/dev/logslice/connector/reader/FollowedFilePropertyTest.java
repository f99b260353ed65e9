package dev.logslice.connector.reader;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitSerializer;
import dev.logslice.connector.split.LogFileSplitState;
import dev.logslice.connector.split.SplitPosition;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A writer appends lines (some in two pieces) to a log that is rotated in every way logrotate
 * rotates (rename and create, copytruncate, deletion) while followers read it, checkpoint, crash
 * and are restored from the checkpoint, in random orders: every complete line written to a file is
 * handed out exactly once, in file order, and a last line without its LF once, as it is, after the
 * timeout; a line longer than the maximum is told as skipped exactly once. A small driver plays the
 * enumerator: a file whose identity it has not seen in the directory gets a follower from its
 * start.
 */
class FollowedFilePropertyTest {
    private static final Path DIR = Path.of("/logs");
    private static final Path LOG = DIR.resolve("app.log");
    private static final long TIMEOUT_MILLIS = 60_000;
    private static final int BUFFER = 4096;

    /** Short, so that the writes (up to 300 characters, or more in pieces) make oversized lines. */
    private static final int MAX_LINE = 200;

    sealed interface Action {}

    /** Appends a line, or the first piece of one (no LF: the next write goes on with it). */
    record Write(String text, boolean complete, boolean crlf) implements Action {}

    /** Time passes; never as much as the partial-line timeout, all actions together. */
    record Tick(int millis) implements Action {}

    record Poll() implements Action {}

    /** The log renamed away; a new one created; the writer writes on into the old one. */
    record RenameAndCreate() implements Action {}

    /** The writer reopens the log (after a rotation), creating it if it is missing. */
    record Reopen() implements Action {}

    /**
     * The log copied away (the copy is another file, not followed here) and truncated in place; the
     * writer goes on at the start.
     */
    record CopyTruncate() implements Action {}

    /** The log deleted; the writer writes on into it until it reopens. */
    record Delete() implements Action {}

    record Checkpoint() implements Action {}

    /** The reader dies: what it handed out after the last checkpoint is rolled back. */
    record Crash() implements Action {}

    @Property(tries = 1000)
    void everyLineIsHandedOutOnceInFileOrder(
            @ForAll("rotations") List<Action> actions,
            @ForAll @IntRange(min = 1, max = 3) int budgetBuffers)
            throws IOException {
        assertExactlyOnce(actions, budgetBuffers);
    }

    /**
     * Without deletions: lines of a file deleted while the reader is down, after its checkpoint,
     * are out of reach of any restart (the file has no name left to be found by).
     */
    @Property(tries = 1000)
    void restoredFollowersHandOutEveryLineOnce(
            @ForAll("rotationsAndCrashes") List<Action> actions,
            @ForAll @IntRange(min = 1, max = 3) int budgetBuffers)
            throws IOException {
        assertExactlyOnce(actions, budgetBuffers);
    }

    private static void assertExactlyOnce(List<Action> actions, int budgetBuffers)
            throws IOException {
        Harness harness = new Harness(budgetBuffers * BUFFER);
        for (Action action : actions) {
            harness.apply(action);
        }
        harness.drain();
        assertThat(harness.emittedByFile()).isEqualTo(harness.writtenByFile());
        assertThat(harness.toldOversizedByFile()).isEqualTo(harness.oversizedByFile());
    }

    @Provide
    Arbitrary<List<Action>> rotations() {
        return actions(1, 0);
    }

    @Provide
    Arbitrary<List<Action>> rotationsAndCrashes() {
        return actions(0, 1);
    }

    private static Arbitrary<List<Action>> actions(int deletes, int crashes) {
        Arbitrary<String> texts =
                Arbitraries.strings().withChars("abc xyz019\t").ofMinLength(0).ofMaxLength(300);
        Arbitrary<Action> write =
                Combinators.combine(
                                texts,
                                Arbitraries.of(true, true, true, false),
                                Arbitraries.of(false, false, true))
                        .as(Write::new);
        Arbitrary<Action> tick = Arbitraries.integers().between(1, 100).map(Tick::new);
        return Arbitraries.frequencyOf(
                        Tuple.of(10, write),
                        Tuple.of(3, tick),
                        Tuple.of(6, Arbitraries.just(new Poll())),
                        Tuple.of(1, Arbitraries.just(new RenameAndCreate())),
                        Tuple.of(1, Arbitraries.just(new Reopen())),
                        Tuple.of(1, Arbitraries.just(new CopyTruncate())),
                        Tuple.of(deletes, Arbitraries.just(new Delete())),
                        Tuple.of(2 * crashes, Arbitraries.just(new Checkpoint())),
                        Tuple.of(crashes, Arbitraries.just(new Crash())))
                .list()
                .ofMaxSize(120);
    }

    /** The lines of a file as the writer wrote them, and as the followers handed them out. */
    private static final class Harness {
        private final MemoryFollowView files = new MemoryFollowView();
        private final long budget;
        private final Map<FileIdentity, List<String>> written = new LinkedHashMap<>();
        private final Map<FileIdentity, Long> oversized = new LinkedHashMap<>();
        private final Map<FileIdentity, StringBuilder> pieces = new LinkedHashMap<>();
        private final List<Follower> followers = new ArrayList<>();
        private final Set<FileIdentity> known = new HashSet<>();
        private final List<Emitted> emitted = new ArrayList<>();
        private MemoryFollowView.Inode writing;
        private int rotations;
        private int truncations;
        private int splitIds;

        /** What the last checkpoint holds. */
        private List<byte[]> checkpointedSplits = new ArrayList<>();

        private Set<FileIdentity> checkpointedKnown = new HashSet<>();
        private int checkpointedEmitted;

        Harness(long budget) throws IOException {
            this.budget = budget;
            writing = files.create(LOG);
            discover();
            checkpoint(); // what a job restarted before its first checkpoint would find
        }

        void apply(Action action) throws IOException {
            if (action instanceof Write write) {
                write(write);
            } else if (action instanceof Tick tick) {
                files.advanceMillis(tick.millis());
            } else if (action instanceof Poll) {
                pollAll();
            } else if (action instanceof RenameAndCreate) {
                files.rename(LOG, DIR.resolve("app.log." + ++rotations));
                files.create(LOG);
            } else if (action instanceof Reopen) {
                MemoryFollowView.Inode at = files.at(LOG);
                writing = at != null ? at : files.create(LOG);
            } else if (action instanceof CopyTruncate) {
                copyTruncate();
            } else if (action instanceof Delete) {
                files.delete(LOG);
            } else if (action instanceof Checkpoint) {
                checkpoint();
            } else if (action instanceof Crash) {
                crash();
            }
            discover();
        }

        private void write(Write write) {
            String bytes = write.text() + (write.complete() ? (write.crlf() ? "\r\n" : "\n") : "");
            files.append(writing, bytes.getBytes(StandardCharsets.UTF_8));
            StringBuilder piece =
                    pieces.computeIfAbsent(writing.identity, id -> new StringBuilder());
            piece.append(write.text());
            if (write.complete()) {
                addLine(writing.identity, piece.toString());
                piece.setLength(0);
            }
        }

        /** A line written whole: handed out, or skipped as oversized. */
        private void addLine(FileIdentity file, String text) {
            if (text.length() > MAX_LINE) {
                oversized.merge(file, 1L, Long::sum);
            } else {
                written.computeIfAbsent(file, id -> new ArrayList<>()).add(text);
            }
        }

        /**
         * Reads all there is, truncates, and checkpoints once the truncated file has handed out a
         * line: a checkpoint taken before a truncation resumes at its offset in the new content if
         * that has grown past it by the restart (logrotate's copytruncate loses lines too).
         */
        private void copyTruncate() throws IOException {
            drainWithoutTimeout();
            files.truncate(writing);
            StringBuilder piece = pieces.get(writing.identity);
            if (piece != null) {
                // A partial line truncated away is lost, as in the file; one already past the
                // maximum and a byte (a CR may end it) was found oversized, and is told so.
                if (piece.length() > MAX_LINE + 1) {
                    oversized.merge(writing.identity, 1L, Long::sum);
                }
                piece.setLength(0);
            }
            // Numbered: a truncated file written again with the very bytes it had is the same file
            // to anyone who looks at it, so that is not asked of the follower.
            write(new Write("after truncation " + ++truncations, true, false));
            drainWithoutTimeout();
            checkpoint();
        }

        /** Plays the enumerator: every file of the directory not seen before is followed. */
        private void discover() throws IOException {
            for (Path path : files.siblings(LOG)) {
                FileIdentity.Stat stat = files.stat(path);
                if (stat != null && known.add(stat.identity())) {
                    LogFileSplit split =
                            LogFileSplit.following(
                                    "s" + ++splitIds,
                                    new FileSegment(
                                            new org.apache.flink.core.fs.Path(path.toUri()),
                                            0,
                                            0,
                                            0,
                                            0,
                                            null),
                                    stat.identity(),
                                    Fingerprint.NONE,
                                    0);
                    followers.add(new Follower(split));
                }
            }
        }

        private boolean pollAll() throws IOException {
            boolean any = false;
            for (Follower follower : followers) {
                any |= follower.poll();
            }
            return any;
        }

        private void drainWithoutTimeout() throws IOException {
            while (pollAll()) {
                // until nothing is left
            }
        }

        /** The end: the timeout passes, so last lines without LF are taken as they are. */
        void drain() throws IOException {
            drainWithoutTimeout();
            files.advanceMillis(TIMEOUT_MILLIS);
            drainWithoutTimeout();
            pieces.forEach(
                    (identity, piece) -> {
                        if (piece.length() > 0) {
                            addLine(identity, piece.toString());
                        }
                    });
        }

        private void checkpoint() throws IOException {
            checkpointedSplits = new ArrayList<>();
            for (Follower follower : followers) {
                checkpointedSplits.add(
                        LogFileSplitSerializer.INSTANCE.serialize(
                                follower.state.toSplit().withHead(follower.file.head())));
            }
            checkpointedKnown = new HashSet<>(known);
            checkpointedEmitted = emitted.size();
        }

        private void crash() throws IOException {
            emitted.subList(checkpointedEmitted, emitted.size()).clear();
            followers.clear();
            for (byte[] bytes : checkpointedSplits) {
                followers.add(
                        new Follower(
                                LogFileSplitSerializer.INSTANCE.deserialize(
                                        LogFileSplitSerializer.INSTANCE.getVersion(), bytes)));
            }
            known.clear();
            known.addAll(checkpointedKnown);
        }

        Map<FileIdentity, List<String>> writtenByFile() {
            Map<FileIdentity, List<String>> nonEmpty = new LinkedHashMap<>();
            written.forEach(
                    (identity, lines) -> {
                        if (!lines.isEmpty()) {
                            nonEmpty.put(identity, lines);
                        }
                    });
            return nonEmpty;
        }

        Map<FileIdentity, List<String>> emittedByFile() {
            Map<FileIdentity, List<String>> byFile = new LinkedHashMap<>();
            for (Emitted line : emitted) {
                if (line.text() != null) {
                    byFile.computeIfAbsent(line.file(), id -> new ArrayList<>()).add(line.text());
                }
            }
            return byFile;
        }

        Map<FileIdentity, Long> oversizedByFile() {
            return oversized;
        }

        Map<FileIdentity, Long> toldOversizedByFile() {
            Map<FileIdentity, Long> byFile = new LinkedHashMap<>();
            for (Emitted told : emitted) {
                if (told.text() == null) {
                    byFile.merge(told.file(), 1L, Long::sum);
                }
            }
            return byFile;
        }

        /** A line handed out, or (text null) an oversized line told. */
        private record Emitted(FileIdentity file, @Nullable String text) {}

        /** A followed file with its split state, as the source reader keeps it. */
        private final class Follower {
            final FollowedFile file;
            final LogFileSplitState state;

            Follower(LogFileSplit split) throws IOException {
                this.file =
                        FollowedFile.open(
                                split, files, BUFFER, MAX_LINE, TIMEOUT_MILLIS * 1_000_000, null);
                this.state = new LogFileSplitState(split);
            }

            /** As the source's split reader: oversized lines told after the poll, past them. */
            boolean poll() throws IOException {
                long[] end = {-1};
                boolean read =
                        file.poll(
                                line -> {
                                    emitted.add(
                                            new Emitted(
                                                    file.split().followed(), line.toUtf8String()));
                                    end[0] =
                                            line.offset()
                                                    + line.length()
                                                    + line.terminator().length();
                                    moveTo(end[0]);
                                },
                                () -> {},
                                budget);
                long told = file.takeEndedOversizedLines();
                for (long i = 0; i < told; i++) {
                    emitted.add(new Emitted(file.split().followed(), null));
                }
                if (told > 0) {
                    moveTo(Math.max(end[0], file.afterLastOversizedLine()));
                }
                return read;
            }

            private void moveTo(long offset) {
                SplitReadStats stats = file.stats();
                state.setPosition(
                        0,
                        offset,
                        SplitPosition.Stage.READING,
                        stats.lines,
                        stats.oversizedLines,
                        stats.oversizedLineOffsets);
            }
        }
    }
}
