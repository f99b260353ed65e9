package dev.logslice.table;

import dev.logslice.connector.io.DamagedCompressedFileException;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Parses lines into the rows of a table: the event columns it was asked for (a field no column
 * needs is never decoded), then the metadata columns.
 */
final class RowDecoder implements LineDecoder<RowData> {
    private static final long serialVersionUID = 1L;

    private final LogEventDecoder events;
    private final EventColumn[] columns;
    private final LogicalTypeRoot[] columnTypes;
    private final MetadataColumn[] metadata;
    private final PushedFilter[] filters;
    private final MalformedRows malformed;
    private final long maxLineLength;
    private final TypeInformation<RowData> producedType;

    /** Whether the {@code line} column is read: only then is a row's text copied. */
    private final boolean readsLine;

    /** Whether the {@code file} column is read: only then is a row's file name made plain. */
    private final boolean readsFile;

    private transient ByteSpan span;
    private transient ReportedLevel levels;

    RowDecoder(
            LogEventDecoder events,
            EventColumn[] columns,
            LogicalTypeRoot[] columnTypes,
            MetadataColumn[] metadata,
            PushedFilter[] filters,
            MalformedRows malformed,
            long maxLineLength,
            TypeInformation<RowData> producedType) {
        this.events = events;
        this.columns = columns;
        this.columnTypes = columnTypes;
        this.metadata = metadata;
        this.filters = filters;
        this.malformed = malformed;
        this.maxLineLength = maxLineLength;
        this.producedType = producedType;
        this.readsLine = Arrays.asList(metadata).contains(MetadataColumn.LINE);
        this.readsFile = Arrays.asList(metadata).contains(MetadataColumn.FILE);
    }

    @Nullable
    @Override
    public RowData decode(Line line) {
        ParseResult result = events.decode(line);
        return result == null ? null : row(result, line);
    }

    @Nullable
    @Override
    public EventStarts eventStarts() {
        return events.eventStarts();
    }

    @Override
    public void finishFile(String splitId, Consumer<RowData> output) {
        events.finishFile(splitId, result -> emit(result, output));
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<RowData> output) {
        for (SplitReport.FileRead damaged : report.damagedFiles()) {
            // A table has no place to tell of a file read only in part: the query fails on it.
            throw new UncheckedIOException(
                    new DamagedCompressedFileException(damaged.path(), damaged.damage()));
        }
        events.finishSplit(report, result -> emit(result, output));
        emitOversized(report, output);
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }

    /**
     * The reader skips a line longer than the maximum without handing it over; it is a malformed
     * row too, so that a count over the table counts every line. Its offset is known for the
     * split's first few only, and its file only when the split reads one file.
     */
    private void emitOversized(SplitReport report, Consumer<RowData> output) {
        if (report.oversizedLines() == 0 || malformed == MalformedRows.SKIP || filters.length > 0) {
            return;
        }
        String file = report.isPacked() ? null : LocalPaths.plain(report.path());
        String reason = "line longer than max-line-length " + maxLineLength + " bytes, not read";
        List<Long> offsets = report.oversizedLineOffsets();
        if (malformed == MalformedRows.FAIL) {
            throw new IllegalStateException(
                    (file == null ? report.path() : file) + ":" + offsets.get(0) + ": " + reason);
        }
        for (int i = 0; i < report.oversizedLines(); i++) {
            GenericRowData row = new GenericRowData(columns.length + metadata.length);
            fillMetadata(row, file, i < offsets.size() ? offsets.get(i) : null, null, reason);
            output.accept(row);
        }
    }

    private void emit(ParseResult result, Consumer<RowData> output) {
        RowData row = row(result, null);
        if (row != null) {
            output.accept(row);
        }
    }

    /**
     * The row of a result; {@code line} is the line just read, which a result of the same offset is
     * made of (single-line formats), else null.
     */
    @Nullable
    private RowData row(ParseResult result, @Nullable Line line) {
        Line own = line != null && line.offset() == result.offset() ? line : null;
        if (result instanceof MalformedLine) {
            MalformedLine bad = (MalformedLine) result;
            // A malformed line's event columns are NULL, which no pushed condition holds for; a
            // blank line is no row at all, as in DuckDB's read_csv.
            if (malformed == MalformedRows.SKIP || filters.length > 0 || bad.isBlank()) {
                return null;
            }
            if (malformed == MalformedRows.FAIL) {
                throw new IllegalStateException(
                        bad.file() + ":" + bad.offset() + ": " + bad.reason());
            }
            GenericRowData row = new GenericRowData(columns.length + metadata.length);
            byte[] text = !readsLine ? null : own == null ? bad.sample() : own.copyBytes();
            fillMetadata(row, plainFile(bad), bad.offset(), text, bad.reason());
            return row;
        }
        LogEvent event = (LogEvent) result;
        for (PushedFilter filter : filters) {
            if (!filter.test(event, span(), levels())) {
                return null;
            }
        }
        GenericRowData row = new GenericRowData(columns.length + metadata.length);
        for (int i = 0; i < columns.length; i++) {
            row.setField(i, value(event, columns[i], columnTypes[i]));
        }
        if (metadata.length > 0) {
            fillMetadata(
                    row,
                    plainFile(event),
                    event.offset(),
                    readsLine ? text(event, own) : null,
                    null);
        }
        return row;
    }

    private void fillMetadata(
            GenericRowData row,
            @Nullable String file,
            @Nullable Long offset,
            @Nullable byte[] text,
            @Nullable String reason) {
        for (int i = 0; i < metadata.length; i++) {
            Object value;
            switch (metadata[i]) {
                case FILE:
                    value = file == null ? null : StringData.fromString(file);
                    break;
                case OFFSET:
                    value = offset;
                    break;
                case LINE:
                    value = StringData.fromBytes(text);
                    break;
                default:
                    value = reason == null ? null : StringData.fromString(reason);
                    break;
            }
            row.setField(columns.length + i, value);
        }
    }

    @Nullable
    private String plainFile(ParseResult result) {
        return readsFile ? LocalPaths.plain(result.file()) : null;
    }

    private byte[] text(LogEvent event, @Nullable Line own) {
        ByteSpan text = span();
        event.text(text);
        if (text.length() == 0 && own != null) {
            return own.copyBytes();
        }
        return Arrays.copyOfRange(text.bytes(), text.start(), text.end());
    }

    @Nullable
    private Object value(LogEvent event, EventColumn column, LogicalTypeRoot type) {
        Field field = column.field();
        if (!event.hasValue(field)) {
            return null;
        }
        if (column == EventColumn.LEVEL) {
            // One name per severity, as stats and parse give it: a query of a folder of JSON,
            // syslog and Java logs groups their info, notice and INFO by severity, not spelling.
            return levels().of(event);
        }
        switch (field.kind()) {
            case STRING:
                ByteSpan bytes = span();
                event.span(field, bytes);
                // A copy: the event may view the reader's buffer, which the next read reuses.
                return StringData.fromBytes(
                        Arrays.copyOfRange(bytes.bytes(), bytes.start(), bytes.end()));
            case TIMESTAMP:
                return timestamp(event, type);
            case MAP:
                return extra(event);
            case INTEGER:
                long integer = event.integer(field);
                if (type == LogicalTypeRoot.VARCHAR) {
                    return StringData.fromString(Long.toString(integer));
                }
                return type == LogicalTypeRoot.INTEGER
                        ? (Object) (int) Math.min(Integer.MAX_VALUE, integer)
                        : (Object) integer;
            default:
                break;
        }
        // The time served, a DOUBLE or its text.
        Object seconds = event.value(field);
        return type == LogicalTypeRoot.VARCHAR
                ? StringData.fromString(String.valueOf(seconds))
                : seconds;
    }

    private static Object timestamp(LogEvent event, LogicalTypeRoot type) {
        switch (type) {
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return TimestampData.fromEpochMillis(
                        event.epochSecond() * 1000 + event.nanos() / 1_000_000,
                        event.nanos() % 1_000_000);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                // The time as the log wrote it, in the event's own offset.
                return TimestampData.fromLocalDateTime(event.timestamp().toLocalDateTime());
            default:
                return StringData.fromString(event.timestampText());
        }
    }

    private static GenericMapData extra(LogEvent event) {
        Map<StringData, StringData> map = new HashMap<>();
        event.extra()
                .forEach(
                        (key, value) ->
                                map.put(
                                        StringData.fromString(key),
                                        value == null
                                                ? null
                                                : StringData.fromString(String.valueOf(value))));
        return new GenericMapData(map);
    }

    private ReportedLevel levels() {
        if (levels == null) {
            levels = new ReportedLevel();
        }
        return levels;
    }

    private ByteSpan span() {
        if (span == null) {
            span = new ByteSpan();
        }
        return span;
    }
}
