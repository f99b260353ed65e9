package dev.logslice.table;

import dev.logslice.connector.source.LogSourceOptions;
import dev.logslice.format.Field;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

import java.util.List;
import java.util.Map;

/** The options of the {@code 'connector' = 'logslice'} table, as given in a table's WITH clause. */
@PublicEvolving
public final class LogsliceTableOptions {

    public static final ConfigOption<List<String>> PATH =
            ConfigOptions.key("path")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Files, folders (read recursively) or globs to read; several are"
                                    + " separated by ';'.");

    public static final ConfigOption<String> FORMAT =
            ConfigOptions.key("format")
                    .stringType()
                    .defaultValue("auto")
                    .withDescription(
                            "A logslice format name ('logslice formats' lists them), or 'auto' to"
                                    + " detect the format of each file when the query is planned.");

    public static final ConfigOption<String> PATTERN =
            ConfigOptions.key("pattern")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The layout of format nginx, apache, log4j, spring-boot or regex (the"
                                    + " same as the command line's --pattern).");

    public static final ConfigOption<String> ZONE =
            ConfigOptions.key("zone")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The time zone of timestamps written without an offset; default: the"
                                    + " planning machine's zone.");

    public static final ConfigOption<String> TIME_FORMAT =
            ConfigOptions.key("time-format")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "For format regex: the time's layout (a DateTimeFormatter pattern,"
                                    + " 'epoch' or 'epoch-ms').");

    public static final ConfigOption<Integer> YEAR =
            ConfigOptions.key("year")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "The year of syslog timestamps that have none (the same as the command"
                                    + " line's --year); default: inferred from each file's"
                                    + " modification time.");

    public static final ConfigOption<List<String>> TIME_FIELD = jsonKeys("time-field", "time");
    public static final ConfigOption<List<String>> LEVEL_FIELD = jsonKeys("level-field", "level");
    public static final ConfigOption<List<String>> MESSAGE_FIELD =
            jsonKeys("message-field", "message");

    /** The option of each field whose JSON keys may be given. */
    public static final Map<Field, ConfigOption<List<String>>> JSON_KEYS =
            Map.of(
                    Field.TIMESTAMP, TIME_FIELD,
                    Field.LEVEL, LEVEL_FIELD,
                    Field.MESSAGE, MESSAGE_FIELD);

    public static final ConfigOption<MalformedRows> MALFORMED =
            ConfigOptions.key("malformed")
                    .enumType(MalformedRows.class)
                    .defaultValue(MalformedRows.INCLUDE)
                    .withDescription(
                            "Lines no event can be made of: 'include' (a row whose event columns are"
                                    + " NULL and whose 'malformed' metadata column says why, so that"
                                    + " nothing is lost silently), 'skip', or 'fail' (the query fails"
                                    + " naming the file and offset).");

    public static final ConfigOption<Boolean> AGGREGATE_PUSHDOWN =
            ConfigOptions.key("aggregate-pushdown")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Whether the readers may compute a GROUP BY's local phase themselves"
                                    + " (Flink 2.3 has no option of its own to turn it off). 'false'"
                                    + " leaves it to Flink's local aggregate, which Flink 2.3 gets"
                                    + " right where it would push COUNTs through a subquery's"
                                    + " computed column named as a column of the table.");

    public static final ConfigOption<MemorySize> SPLIT_SIZE =
            memoryOption(LogSourceOptions.SPLIT_SIZE);
    public static final ConfigOption<MemorySize> READ_BUFFER_SIZE =
            memoryOption(LogSourceOptions.READ_BUFFER_SIZE);
    public static final ConfigOption<MemorySize> MAX_LINE_LENGTH =
            memoryOption(LogSourceOptions.MAX_LINE_LENGTH);

    public static final ConfigOption<Boolean> SKIP_MISSING_FILES =
            ConfigOptions.key(shortKey(LogSourceOptions.SKIP_MISSING_FILES))
                    .booleanType()
                    .defaultValue(LogSourceOptions.SKIP_MISSING_FILES.defaultValue())
                    .withDescription(LogSourceOptions.SKIP_MISSING_FILES.description());

    private static ConfigOption<List<String>> jsonKeys(String key, String what) {
        return ConfigOptions.key(key)
                .stringType()
                .asList()
                .noDefaultValue()
                .withDescription(
                        "JSON and logfmt formats: the key(s) of the "
                                + what
                                + ", most preferred first, separated by ';', dotted for nested"
                                + " ones (the same as the command line's --"
                                + key
                                + ").");
    }

    /** A source option under its key without the {@code logslice.source.} prefix. */
    private static ConfigOption<MemorySize> memoryOption(ConfigOption<MemorySize> source) {
        return ConfigOptions.key(shortKey(source))
                .memoryType()
                .defaultValue(source.defaultValue())
                .withDescription(source.description());
    }

    private static String shortKey(ConfigOption<?> source) {
        return source.key().substring(source.key().lastIndexOf('.') + 1);
    }

    private LogsliceTableOptions() {}
}
