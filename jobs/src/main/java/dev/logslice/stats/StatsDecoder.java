package dev.logslice.stats;

import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;

import javax.annotation.Nullable;

import java.time.ZoneId;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Folds a split's lines into a partial {@link LogStats} right where the reader finds them, and
 * emits one partial (as bytes) per split: no record per line leaves the reader. A split read again
 * after a failure emits its partial again from scratch, so totals stay exact.
 */
public final class StatsDecoder implements LineDecoder<byte[]> {
    private static final long serialVersionUID = 1L;

    private final FileFormats formats;
    private final ZoneId zone;
    private final EventBounds bounds;
    private final LogEventDecoder events;
    private final List<String> topFields;
    private final boolean rowTotals;

    /** Events that fail any of them are counted as left out, not folded ({@code stats --level}). */
    private final List<EventFilter> filters;

    private transient LogStats partial;
    private transient StatsFolder folder;

    /** The file of the events counted in {@link #fileEvents}, not yet in the partial. */
    @Nullable private transient String eventsFile;

    private transient long fileEvents;

    public StatsDecoder(LogFormat format, ZoneId zone) {
        this(FileFormats.of(format), zone, EventBounds.DEFAULTS, List.of(), false, List.of());
    }

    /**
     * Parses each file in its own format; also ranks the values of {@code topFields} ({@code
     * --top-field}); with {@code rowTotals}, the rows of values get their bytes, time served and
     * visitors ({@code --row-totals}); events that fail one of {@code filters} are only counted
     * ({@link LogStats#filteredEvents}).
     */
    public StatsDecoder(
            FileFormats formats,
            ZoneId zone,
            EventBounds bounds,
            List<String> topFields,
            boolean rowTotals,
            List<EventFilter> filters) {
        this.formats = formats;
        this.zone = zone;
        this.bounds = bounds;
        // Each event is folded (written) before the next line: it need not copy the line.
        this.events = LogEventDecoder.transientEvents(formats, zone, bounds);
        this.topFields = List.copyOf(topFields);
        this.rowTotals = rowTotals;
        this.filters = List.copyOf(filters);
    }

    /** A decoder of the same settings and nothing read yet: one per followed split. */
    StatsDecoder fresh() {
        return new StatsDecoder(formats, zone, bounds, topFields, rowTotals, filters);
    }

    @Nullable
    @Override
    public byte[] decode(Line line) {
        LogStats stats = partial();
        stats.addLine(line.length() + line.terminator().length());
        foldEvents(line, stats);
        return null;
    }

    private void foldEvents(Line line, LogStats stats) {
        ParseResult result = events.decode(line);
        if (result != null) {
            fold(result, stats);
        }
    }

    private void fold(ParseResult result, LogStats stats) {
        // Events carry their decoder's one String per file: identity tells a new file.
        if (result instanceof LogEvent && result.file() != eventsFile) {
            flushFileEvents(stats);
            eventsFile = result.file();
        }
        if (!filters.isEmpty()
                && result instanceof LogEvent event
                && !EventFilter.allMatch(filters, event)) {
            stats.addFilteredEvent();
            return;
        }
        folder.fold(result, stats);
        if (result instanceof LogEvent) {
            fileEvents++;
        }
    }

    /** The events and panels of {@link #eventsFile} into the partial. */
    private void flushFileEvents(LogStats stats) {
        if (fileEvents > 0) {
            stats.addFileEvents(eventsFile, fileEvents);
            stats.addFilePanels(eventsFile, folder.takePanels());
            fileEvents = 0;
        }
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return events.eventStarts();
    }

    @Override
    public void finishFile(String splitId, Consumer<byte[]> output) {
        LogStats stats = partial();
        events.finishFile(splitId, result -> fold(result, stats));
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<byte[]> output) {
        LogStats stats = partial();
        events.finishSplit(report, result -> fold(result, stats));
        flushFileEvents(stats);
        eventsFile = null;
        stats.addSplit(report);
        output.accept(stats.toBytes());
        partial = null;
    }

    /**
     * For {@code stats --follow}: the partial folded so far, as bytes, or null if no line came
     * since the last one taken; the next line starts another. A multi-line event held is in none
     * yet: it goes into the partial it is folded into when it ends.
     */
    @Nullable
    byte[] takePartial() {
        if (partial == null) {
            return null;
        }
        flushFileEvents(partial);
        eventsFile = null;
        byte[] bytes = partial.toBytes();
        partial = null;
        return bytes;
    }

    /**
     * For {@code stats --follow}, which counts the lines itself ({@link #addLines}): folds the
     * events {@code line} ends into the current partial.
     */
    void foldEventsOf(Line line) {
        foldEvents(line, partial());
    }

    /** Lines of a followed file and their bytes, into the current partial. */
    void addLines(long lines, long bytes) {
        partial().addLines(lines, bytes);
    }

    /** The first line of the event held, for a followed split; see {@link #foldEventsOf}. */
    OptionalLong heldFrom(String splitId) {
        return events.followedHeldFrom(splitId);
    }

    /** Folds the event held, as it is, into the current partial. */
    void flushHeld(String splitId) {
        events.followedFlush(splitId, result -> fold(result, partial()));
    }

    /** Oversized lines of a followed file, skipped, into the current partial. */
    void addOversizedLines(long lines) {
        partial().addOversizedLines(lines);
    }

    /** Lines of {@code file} decoded into the current partial, counted by the follow decoder. */
    void addFileLines(String file, long lines) {
        partial().addFileLines(file, lines);
    }

    private LogStats partial() {
        if (partial == null) {
            partial = new LogStats();
            if (!rowTotals) {
                partial.skipRowTotals();
            }
            folder = new StatsFolder(topFields);
        }
        return partial;
    }

    @Override
    public TypeInformation<byte[]> getProducedType() {
        return PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO;
    }
}
