package dev.logslice.table;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.ParserContext;
import dev.logslice.format.detect.EventSample;
import dev.logslice.format.detect.FormatDetectionException;
import dev.logslice.format.detect.InputsDetection;
import dev.logslice.format.detect.LineSample;
import dev.logslice.format.source.FileFormats;

import org.apache.flink.annotation.PublicEvolving;

import java.io.IOException;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The {@code CREATE TABLE} statement of a logslice table over given files, with the columns their
 * events have: the fields of the events of each file's first lines, assembled as the job assembles
 * them (so that {@code DESCRIBE} shows what the log holds, also fields of an event's later lines),
 * and every metadata column.
 */
@PublicEvolving
public final class LogsTableStatement {
    private static final int SAMPLED_FILES = 20;
    private static final int SAMPLED_LINES = 1_000;
    private static final int SAMPLED_BYTES = 1 << 20;

    private LogsTableStatement() {}

    /**
     * @param files the local files of the table, the first of which are sampled (see {@link
     *     dev.logslice.format.detect.PathsDetection#localFiles})
     * @param options the table's options (its WITH clause), {@code connector} added
     */
    public static String of(
            String table,
            List<InputsDetection.Input> files,
            FileFormats formats,
            ZoneId zone,
            Map<String, String> options)
            throws IOException {
        Set<EventColumn> columns = sampledColumns(files, formats, zone);
        StringJoiner definitions = new StringJoiner(", ");
        for (EventColumn column : columns) {
            definitions.add(quoted(column.sqlName()) + " " + column.defaultType());
        }
        for (MetadataColumn metadata : MetadataColumn.values()) {
            definitions.add(quoted(metadata.key()) + " " + metadata.type() + " METADATA");
        }
        StringJoiner with = new StringJoiner(", ");
        with.add("'connector' = '" + LogsliceTableFactory.IDENTIFIER + "'");
        options.forEach((key, value) -> with.add(literal(key) + " = " + literal(value)));
        return "CREATE TABLE " + quoted(table) + " (" + definitions + ") WITH (" + with + ")";
    }

    private static Set<EventColumn> sampledColumns(
            List<InputsDetection.Input> files, FileFormats formats, ZoneId zone)
            throws IOException {
        Set<Field> fields = EnumSet.noneOf(Field.class);
        for (InputsDetection.Input file : files.subList(0, Math.min(files.size(), SAMPLED_FILES))) {
            ParserContext context = ParserContext.forFile(file.path(), zone);
            for (LogEvent event :
                    EventSample.of(formats.of(file.name()), context, sample(file), file.name())) {
                for (Field field : Field.values()) {
                    if (event.has(field)) {
                        fields.add(field);
                    }
                }
            }
        }
        Set<EventColumn> columns = EnumSet.noneOf(EventColumn.class);
        for (EventColumn column : EventColumn.values()) {
            if (fields.contains(column.field()) || fields.isEmpty()) {
                columns.add(column);
            }
        }
        return columns;
    }

    /** The file's first lines; none when its compression is broken (the job will say so). */
    private static List<byte[]> sample(InputsDetection.Input file) throws IOException {
        try {
            return LineSample.read(file.path(), SAMPLED_LINES, SAMPLED_BYTES).lines();
        } catch (FormatDetectionException e) {
            return List.of();
        }
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
