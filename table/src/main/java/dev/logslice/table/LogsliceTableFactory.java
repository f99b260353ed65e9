package dev.logslice.table;

import dev.logslice.format.Field;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.InputFormats;
import dev.logslice.format.detect.PathsDetection;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code 'connector' = 'logslice'}: log files as a table whose columns are the event fields of a
 * logslice format ({@code ts}, {@code status}, {@code path}, {@code level}, {@code message}, ...).
 */
@PublicEvolving
public final class LogsliceTableFactory implements DynamicTableSourceFactory {
    public static final String IDENTIFIER = "logslice";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(LogsliceTableOptions.PATH);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(
                LogsliceTableOptions.FORMAT,
                LogsliceTableOptions.PATTERN,
                LogsliceTableOptions.ZONE,
                LogsliceTableOptions.TIME_FORMAT,
                LogsliceTableOptions.YEAR,
                LogsliceTableOptions.TIME_FIELD,
                LogsliceTableOptions.LEVEL_FIELD,
                LogsliceTableOptions.MESSAGE_FIELD,
                LogsliceTableOptions.MALFORMED,
                LogsliceTableOptions.AGGREGATE_PUSHDOWN,
                LogsliceTableOptions.SPLIT_SIZE,
                LogsliceTableOptions.READ_BUFFER_SIZE,
                LogsliceTableOptions.MAX_LINE_LENGTH,
                LogsliceTableOptions.SKIP_MISSING_FILES);
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        DataType physical = context.getPhysicalRowDataType();
        TableColumns.check(physical);
        ZoneId zone = zone(options);
        List<String> paths = options.get(LogsliceTableOptions.PATH);
        InputFormats formats = formats(options, paths, zone);
        try {
            paths = PathsDetection.pathsToRead(paths, formats);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + paths, e);
        }
        return new LogsliceTableSource(
                new LogsliceTableSource.Reading(
                        paths,
                        formats.fileFormats(),
                        zone,
                        options.get(LogsliceTableOptions.SPLIT_SIZE),
                        options.get(LogsliceTableOptions.READ_BUFFER_SIZE),
                        options.get(LogsliceTableOptions.MAX_LINE_LENGTH),
                        options.get(LogsliceTableOptions.SKIP_MISSING_FILES),
                        options.get(LogsliceTableOptions.MALFORMED),
                        options.get(LogsliceTableOptions.AGGREGATE_PUSHDOWN)),
                physical);
    }

    private static ZoneId zone(ReadableConfig options) {
        return options.getOptional(LogsliceTableOptions.ZONE)
                .map(
                        name -> {
                            try {
                                return ZoneId.of(name);
                            } catch (DateTimeException e) {
                                throw new ValidationException(
                                        "zone '"
                                                + name
                                                + "' is no time zone: give a region like"
                                                + " Europe/Paris, an offset like +02:00, or UTC");
                            }
                        })
                .orElseGet(ZoneId::systemDefault);
    }

    private static InputFormats formats(ReadableConfig options, List<String> paths, ZoneId zone) {
        String format = options.get(LogsliceTableOptions.FORMAT);
        FormatOptions formatOptions = formatOptions(options);
        try {
            if (!format.equals("auto")) {
                return InputFormats.named(FormatRegistry.standard().create(format, formatOptions));
            }
            return PathsDetection.detect(paths, formatOptions, zone);
        } catch (IllegalArgumentException | FormatDetectionException e) {
            throw new ValidationException("logslice table: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + paths + " to detect their format", e);
        }
    }

    /** The options a format is made with, as the command line's flags make them. */
    private static FormatOptions formatOptions(ReadableConfig options) {
        FormatOptions formatOptions =
                options.getOptional(LogsliceTableOptions.PATTERN)
                        .map(FormatOptions::pattern)
                        .orElseGet(FormatOptions::none);
        formatOptions =
                options.getOptional(LogsliceTableOptions.TIME_FORMAT)
                        .map(formatOptions::withTimeFormat)
                        .orElse(formatOptions);
        formatOptions =
                options.getOptional(LogsliceTableOptions.YEAR)
                        .map(formatOptions::withYear)
                        .orElse(formatOptions);
        for (Map.Entry<Field, ConfigOption<List<String>>> keys :
                LogsliceTableOptions.JSON_KEYS.entrySet()) {
            List<String> given = options.getOptional(keys.getValue()).orElse(List.of());
            if (!given.isEmpty()) {
                formatOptions = formatOptions.withJsonKeys(keys.getKey(), given);
            }
        }
        return formatOptions;
    }
}
