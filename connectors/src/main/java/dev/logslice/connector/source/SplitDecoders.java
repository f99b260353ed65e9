package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.util.function.SerializableSupplier;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The decoder of a followed source whose decoders hold lines (multi-line events): each split's
 * lines go to a decoder of its own, since a reader interleaves the lines of the files it follows,
 * and one decoder would join a trace of one file to an event of another. Each split's decoder tells
 * and flushes what it holds ({@link #followedHeldFrom}, {@link #followedFlush}); a split's decoder
 * is let go with the split.
 *
 * @param <T> the record type the source emits
 */
@PublicEvolving
public final class SplitDecoders<T> implements LineDecoder<T> {
    private static final long serialVersionUID = 1L;

    private final SerializableSupplier<? extends LineDecoder<T>> newDecoder;

    /** Tells event starts, the prefilter and the type: each split's decoder only decodes. */
    private final LineDecoder<T> prototype;

    private transient Map<String, LineDecoder<T>> splits;
    @Nullable private transient String lastSplitId;
    @Nullable private transient LineDecoder<T> last;

    /** Each split's lines to a decoder made by {@code newDecoder}. */
    public SplitDecoders(SerializableSupplier<? extends LineDecoder<T>> newDecoder) {
        this.newDecoder = newDecoder;
        this.prototype = newDecoder.get();
    }

    @Nullable
    @Override
    public T decode(Line line) {
        String splitId = line.splitId();
        // The lines of one split come in runs: the map is asked once a run.
        if (!splitId.equals(lastSplitId)) {
            last = of(splitId);
            lastSplitId = splitId;
        }
        return last.decode(line);
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return prototype.eventStarts();
    }

    @Nullable
    @Override
    public LinePrefilter prefilter() {
        return prototype.prefilter();
    }

    @Override
    public OptionalLong followedHeldFrom(String splitId) {
        LineDecoder<T> split = existing(splitId);
        return split == null ? OptionalLong.empty() : split.followedHeldFrom(splitId);
    }

    @Override
    public void followedFlush(String splitId, Consumer<T> output) {
        LineDecoder<T> split = existing(splitId);
        if (split != null) {
            split.followedFlush(splitId, output);
        }
    }

    @Override
    public void followedPollDone(String splitId, Consumer<T> output) {
        LineDecoder<T> split = existing(splitId);
        if (split != null) {
            split.followedPollDone(splitId, output);
        }
    }

    @Override
    public void followedOversizedLines(String splitId, long lines, Consumer<T> output) {
        of(splitId).followedOversizedLines(splitId, lines, output);
    }

    @Override
    public void finishFile(String splitId, Consumer<T> output) {
        LineDecoder<T> split = existing(splitId);
        if (split != null) {
            split.finishFile(splitId, output);
        }
    }

    /** Also for a split none of whose lines was decoded: its report may tell what it skipped. */
    @Override
    public void finishSplit(SplitReport report, Consumer<T> output) {
        of(report.splitId()).finishSplit(report, output);
        splits.remove(report.splitId());
        if (report.splitId().equals(lastSplitId)) {
            lastSplitId = null;
            last = null;
        }
    }

    private LineDecoder<T> of(String splitId) {
        if (splits == null) {
            splits = new HashMap<>();
        }
        return splits.computeIfAbsent(splitId, id -> newDecoder.get());
    }

    @Nullable
    private LineDecoder<T> existing(String splitId) {
        return splits == null ? null : splits.get(splitId);
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return prototype.getProducedType();
    }
}
