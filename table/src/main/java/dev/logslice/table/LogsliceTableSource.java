package dev.logslice.table;

import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.LogFileSourceBuilder;
import dev.logslice.format.Field;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.source.FileFormats;
import dev.logslice.format.source.LogEventDecoder;

import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsAggregatePushDown;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsLimitPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A table of log events over {@link LogFileSource}: the same block-aligned splits, reads and
 * metrics as every logslice job, with the rows' columns decoded from the bytes only where a column
 * of the query needs them.
 */
final class LogsliceTableSource
        implements ScanTableSource,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsLimitPushDown,
                SupportsReadingMetadata,
                SupportsAggregatePushDown {

    /** What the source reads: set when the table is created, the same for every copy. */
    record Reading(
            List<String> paths,
            FileFormats formats,
            ZoneId zone,
            MemorySize splitSize,
            MemorySize readBufferSize,
            MemorySize maxLineLength,
            boolean skipMissingFiles,
            MalformedRows malformed,
            boolean aggregatePushdown) {}

    private final Reading reading;

    /** The declared type of each physical column, by name, whatever the projection keeps. */
    private final Map<String, LogicalTypeRoot> declaredTypes;

    private DataType physicalType;
    private List<PushedFilter> filters = List.of();
    private List<MetadataColumn> metadata = List.of();
    private DataType producedType;

    /**
     * Rows after which each reader stops reading: a LIMIT without ORDER BY, which Flink applies.
     */
    private long limit = Long.MAX_VALUE;

    /** The local phase of a GROUP BY the readers compute, or null: then every row is emitted. */
    @Nullable private PushedAggregate aggregate;

    /** The rows of {@link #aggregate}: its partial groups. */
    @Nullable private DataType aggregatedType;

    LogsliceTableSource(Reading reading, DataType physicalType) {
        this.reading = reading;
        this.physicalType = physicalType;
        this.producedType = physicalType;
        Map<String, LogicalTypeRoot> types = new LinkedHashMap<>();
        List<String> names = DataType.getFieldNames(physicalType);
        List<DataType> fieldTypes = DataType.getFieldDataTypes(physicalType);
        for (int i = 0; i < names.size(); i++) {
            types.put(names.get(i), fieldTypes.get(i).getLogicalType().getTypeRoot());
        }
        this.declaredTypes = Map.copyOf(types);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        LogFileSourceBuilder<String> builder =
                LogFileSource.builder()
                        .setSplitSize(reading.splitSize())
                        .setReadBufferSize(reading.readBufferSize())
                        .setMaxLineLength(reading.maxLineLength())
                        .setSkipMissingFiles(reading.skipMissingFiles())
                        .setRecordLimit(limit);
        reading.paths().forEach(path -> builder.addPath(new Path(path)));
        LineDecoder<RowData> decoder =
                aggregate == null
                        ? rowDecoder(allFields(), context)
                        : new AggregatingDecoder(
                                rowDecoder(aggregate.inputs(), context),
                                aggregate,
                                context.createTypeInformation(aggregatedType),
                                AggregatingDecoder.MAX_GROUPS);
        return SourceProvider.of(builder.setLineDecoder(decoder).build());
    }

    private int[] allFields() {
        return IntStream.range(0, DataType.getFieldCount(producedType)).toArray();
    }

    /**
     * The decoder of the rows of the produced type's {@code fields} (ascending: the physical
     * columns, then the metadata), and of no other column.
     */
    private RowDecoder rowDecoder(int[] fields, ScanContext context) {
        List<String> names = DataType.getFieldNames(producedType);
        List<DataType> types = DataType.getFieldDataTypes(producedType);
        int physical = DataType.getFieldCount(physicalType);
        List<EventColumn> columns = new ArrayList<>();
        List<LogicalTypeRoot> roots = new ArrayList<>();
        List<MetadataColumn> metadataColumns = new ArrayList<>();
        List<DataTypes.Field> decoded = new ArrayList<>();
        for (int field : fields) {
            if (field < physical) {
                columns.add(EventColumn.named(names.get(field)));
                roots.add(types.get(field).getLogicalType().getTypeRoot());
            } else {
                metadataColumns.add(metadata.get(field - physical));
            }
            decoded.add(DataTypes.FIELD(names.get(field), types.get(field)));
        }
        // The rows' columns and the pushed conditions are all that is read of an event.
        Set<Field> fieldsRead = EnumSet.noneOf(Field.class);
        columns.forEach(column -> fieldsRead.add(column.field()));
        filters.forEach(filter -> fieldsRead.add(filter.column().field()));
        return new RowDecoder(
                LogEventDecoder.transientEvents(
                                reading.formats(), reading.zone(), EventBounds.DEFAULTS)
                        .readingOnly(fieldsRead),
                columns.toArray(new EventColumn[0]),
                roots.toArray(new LogicalTypeRoot[0]),
                metadataColumns.toArray(new MetadataColumn[0]),
                filters.toArray(new PushedFilter[0]),
                reading.malformed(),
                reading.maxLineLength().getBytes(),
                context.createTypeInformation(DataTypes.ROW(decoded).notNull()));
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        // The produced type lists the projected physical columns, then any metadata.
        int physical = projectedFields.length;
        List<DataType> fields = DataType.getFieldDataTypes(producedDataType).subList(0, physical);
        List<String> names = DataType.getFieldNames(producedDataType).subList(0, physical);
        List<DataTypes.Field> projected = new ArrayList<>();
        for (int i = 0; i < physical; i++) {
            projected.add(DataTypes.FIELD(names.get(i), fields.get(i)));
        }
        this.physicalType = DataTypes.ROW(projected).notNull();
        this.producedType = producedDataType;
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> conditions) {
        List<PushedFilter> pushed = new ArrayList<>(filters);
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        for (ResolvedExpression condition : conditions) {
            PushedFilter.of(condition, declaredTypes)
                    .ifPresentOrElse(
                            filter -> {
                                pushed.add(filter);
                                accepted.add(condition);
                            },
                            () -> remaining.add(condition));
        }
        this.filters = List.copyOf(pushed);
        return Result.of(accepted, remaining);
    }

    @Override
    public void applyLimit(long limit) {
        this.limit = limit;
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        Map<String, DataType> readable = new LinkedHashMap<>();
        for (MetadataColumn column : MetadataColumn.values()) {
            readable.put(column.key(), column.type());
        }
        return readable;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
        List<MetadataColumn> columns = new ArrayList<>();
        metadataKeys.forEach(key -> columns.add(MetadataColumn.of(key)));
        this.metadata = List.copyOf(columns);
        this.producedType = producedDataType;
    }

    @Override
    public boolean applyAggregates(
            List<int[]> groupingSets,
            List<AggregateExpression> aggregateExpressions,
            DataType producedDataType) {
        // A limit counts rows, which a reader that aggregates no longer emits.
        if (!reading.aggregatePushdown() || groupingSets.size() != 1 || limit != Long.MAX_VALUE) {
            return false;
        }
        Optional<PushedAggregate> pushed =
                PushedAggregate.of(
                        groupingSets.get(0), aggregateExpressions, producedType, producedDataType);
        pushed.ifPresent(
                accepted -> {
                    this.aggregate = accepted;
                    this.aggregatedType = producedDataType;
                });
        return pushed.isPresent();
    }

    @Override
    public DynamicTableSource copy() {
        LogsliceTableSource copy = new LogsliceTableSource(reading, physicalType);
        copy.metadata = metadata;
        copy.filters = filters;
        copy.producedType = producedType;
        copy.limit = limit;
        copy.aggregate = aggregate;
        copy.aggregatedType = aggregatedType;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "logslice";
    }
}
