package dev.logslice.stats;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineHold;
import dev.logslice.connector.source.SplitReport;

import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The decoder of {@code stats --follow} and {@code scan --follow}: folds each split's lines into a
 * partial {@link LogStats} of its own and emits it (as bytes) once it has held lines for an
 * interval, at the source's {@link #followedPollDone} or when the split ends. A partial then
 * carries the position after its last line: a checkpoint holds each line in exactly one of the
 * partials emitted before it, or in none, and then the line is read again on a restore.
 *
 * <p>A multi-line event (a Java log's, with its stack trace) is assembled by its split's own
 * decoder, and its lines are counted into the partial only once it is folded: until then the source
 * places the split's position at its first line ({@link #followedHeldFrom}), so a partial counts
 * exactly the lines before that position, and a restore reads the event again.
 */
public final class FollowingPartials implements LineDecoder<byte[]> {
    private static final long serialVersionUID = 1L;

    /** What {@code stats} folds, or null to count lines and bytes only ({@code scan}). */
    @Nullable private final StatsDecoder prototype;

    private final long intervalNanos;

    private transient Map<String, SplitPartial> splits;
    @Nullable private transient String lastSplitId;
    @Nullable private transient SplitPartial last;

    private FollowingPartials(@Nullable StatsDecoder prototype, Duration interval) {
        this.prototype = prototype;
        this.intervalNanos = interval.toNanos();
    }

    /** Folds what {@code stats} does, each split with a decoder of {@code prototype}'s settings. */
    public static FollowingPartials stats(StatsDecoder prototype, Duration interval) {
        return new FollowingPartials(prototype, interval);
    }

    /** Counts lines and their bytes only. */
    public static FollowingPartials lines(Duration interval) {
        return new FollowingPartials(null, interval);
    }

    /** For multi-line formats; null for single-line ones. */
    @Nullable
    @Override
    public EventStarts eventStarts() {
        return prototype == null ? null : prototype.eventStarts();
    }

    @Nullable
    @Override
    public byte[] decode(Line line) {
        String splitId = line.splitId();
        // The lines of one split come in runs: the map is asked once a run.
        if (!splitId.equals(lastSplitId)) {
            last = partialOf(splitId);
            lastSplitId = splitId;
        }
        last.add(line);
        return null;
    }

    private SplitPartial partialOf(String splitId) {
        if (splits == null) {
            splits = new HashMap<>();
        }
        return splits.computeIfAbsent(splitId, id -> new SplitPartial(newDecoder()));
    }

    @Nullable
    private StatsDecoder newDecoder() {
        return prototype == null ? null : prototype.fresh();
    }

    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        SplitPartial partial = splits == null ? null : splits.get(splitId);
        return partial == null || partial.decoder == null
                ? OptionalLong.empty()
                : partial.decoder.heldFrom(splitId);
    }

    /** The event held is folded into the split's partial, which goes out when due. */
    @Override
    public void followedFlush(String splitId, Consumer<byte[]> output) {
        SplitPartial partial = splits == null ? null : splits.get(splitId);
        if (partial != null) {
            partial.flushHeld(splitId);
        }
    }

    @Override
    public void followedPollDone(String splitId, Consumer<byte[]> output) {
        SplitPartial partial = splits == null ? null : splits.get(splitId);
        if (partial != null && partial.isDue(System.nanoTime(), intervalNanos)) {
            output.accept(partial.take());
        }
    }

    /** Counted into the split's partial, which goes out as one holding lines does. */
    @Override
    public void followedOversizedLines(String splitId, long lines, Consumer<byte[]> output) {
        partialOf(splitId).addOversizedLines(lines);
    }

    @Override
    public void finishFile(String splitId, Consumer<byte[]> output) {
        SplitPartial partial = splits == null ? null : splits.get(splitId);
        if (partial != null && partial.decoder != null) {
            partial.flushHeld(splitId);
            partial.decoder.finishFile(splitId, output);
        }
    }

    /**
     * A split read to its end (a backlog, a compressed file, a file rotated away): all of it, with
     * its report, also when none of its lines was decoded: the report counts its oversized lines
     * and tells of a damaged file.
     */
    @Override
    public void finishSplit(SplitReport report, Consumer<byte[]> output) {
        SplitPartial partial = partialOf(report.splitId());
        splits.remove(report.splitId());
        if (report.splitId().equals(lastSplitId)) {
            lastSplitId = null;
            last = null;
        }
        partial.flushHeld(report.splitId());
        partial.flushFileLines();
        if (partial.decoder != null) {
            partial.decoder.finishSplit(report, output);
        } else {
            partial.linesOnly().addSplit(report);
            output.accept(partial.take());
        }
    }

    @Override
    public TypeInformation<byte[]> getProducedType() {
        return PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO;
    }

    /** What one split has folded since its last partial was emitted. */
    private static final class SplitPartial {
        @Nullable final StatsDecoder decoder;
        @Nullable private LogStats lines;

        /** Whether lines, or oversized lines, were folded since the last partial went out. */
        boolean holdsLines;

        /** When a look first saw lines held; 0 before. */
        private long heldSinceNanos;

        /** The file of the lines held, and how many of its lines are not yet in the partial. */
        @Nullable private Path file;

        private long fileLines;

        /** Lines of the event the decoder holds, and their bytes: counted once it is folded. */
        private long heldLines;

        private long heldBytes;

        SplitPartial(@Nullable StatsDecoder decoder) {
            this.decoder = decoder;
        }

        void add(Line line) {
            // The reader gives a file's lines one Path: the identity spares an equals per line.
            if (line.file() != file && !line.file().equals(file)) {
                // A followed file renamed by rotation is read on under its new name.
                flushFileLines();
                file = line.file();
            }
            long bytes = line.length() + line.terminator().length();
            if (decoder == null) {
                holdsLines = true;
                fileLines++;
                linesOnly().addLine(bytes);
                return;
            }
            decoder.foldEventsOf(line);
            switch (LineHold.after(line, decoder.heldFrom(line.splitId()))) {
                case NONE -> {
                    releaseHeld();
                    count(1, bytes);
                }
                case STARTS -> {
                    releaseHeld();
                    heldLines = 1;
                    heldBytes = bytes;
                }
                case JOINS -> {
                    heldLines++;
                    heldBytes += bytes;
                }
            }
        }

        /** The held event folded as it is, and its lines counted. */
        void flushHeld(String splitId) {
            if (decoder != null) {
                decoder.flushHeld(splitId);
                releaseHeld();
            }
        }

        /** The lines held are counted: their event was folded. */
        private void releaseHeld() {
            if (heldLines > 0) {
                count(heldLines, heldBytes);
                heldLines = 0;
                heldBytes = 0;
            }
        }

        private void count(long lines, long bytes) {
            holdsLines = true;
            fileLines += lines;
            decoder.addLines(lines, bytes);
        }

        void addOversizedLines(long oversized) {
            holdsLines = true;
            if (decoder != null) {
                decoder.addOversizedLines(oversized);
            } else {
                linesOnly().addOversizedLines(oversized);
            }
        }

        /**
         * The lines counted per file into the partial: a followed split's report, which counts them
         * in batch runs, comes only when it ends.
         */
        void flushFileLines() {
            if (fileLines > 0) {
                String name = file.toString();
                if (decoder != null) {
                    decoder.addFileLines(name, fileLines);
                } else {
                    linesOnly().addFileLines(name, fileLines);
                }
                fileLines = 0;
            }
        }

        private LogStats linesOnly() {
            if (lines == null) {
                lines = new LogStats();
                lines.skipRowTotals();
            }
            return lines;
        }

        /** Whether lines were held for an interval; the first look that sees them starts it. */
        boolean isDue(long nowNanos, long intervalNanos) {
            if (!holdsLines) {
                return false;
            }
            if (heldSinceNanos == 0) {
                heldSinceNanos = nowNanos;
            }
            return nowNanos - heldSinceNanos >= intervalNanos;
        }

        byte[] take() {
            flushFileLines();
            byte[] partial;
            if (decoder != null) {
                partial = decoder.takePartial();
            } else {
                partial = lines.toBytes();
                lines = null;
            }
            holdsLines = false;
            heldSinceNanos = 0;
            return partial;
        }
    }
}
