package dev.logslice.table;

import dev.logslice.format.Field;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The event fields a table's physical columns can be, by SQL name, with the type a column gets by
 * default and the types it may be declared as.
 */
enum EventColumn {
    TS(Field.TIMESTAMP, DataTypes.TIMESTAMP_LTZ(3), "ts", "timestamp", "time"),
    LEVEL(Field.LEVEL, DataTypes.STRING(), "level"),
    CLIENT(Field.CLIENT, DataTypes.STRING(), "client"),
    // USER is a reserved word in SQL: remote_user needs no quotes.
    USER(Field.USER, DataTypes.STRING(), "remote_user", "user"),
    METHOD(Field.METHOD, DataTypes.STRING(), "method"),
    PATH(Field.PATH, DataTypes.STRING(), "path"),
    PROTOCOL(Field.PROTOCOL, DataTypes.STRING(), "protocol"),
    STATUS(Field.STATUS, DataTypes.INT(), "status"),
    BYTES(Field.BYTES, DataTypes.BIGINT(), "bytes"),
    REFERRER(Field.REFERRER, DataTypes.STRING(), "referrer"),
    USER_AGENT(Field.USER_AGENT, DataTypes.STRING(), "user_agent"),
    REQUEST_TIME(Field.REQUEST_TIME, DataTypes.DOUBLE(), "request_time"),
    HOST(Field.HOST, DataTypes.STRING(), "host"),
    PROGRAM(Field.PROGRAM, DataTypes.STRING(), "program"),
    PID(Field.PID, DataTypes.BIGINT(), "pid"),
    THREAD(Field.THREAD, DataTypes.STRING(), "thread"),
    LOGGER(Field.LOGGER, DataTypes.STRING(), "logger"),
    MESSAGE(Field.MESSAGE, DataTypes.STRING(), "message"),
    EXTRA(Field.EXTRA, DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING()), "extra");

    private static final EventColumn[] VALUES = values();

    private final Field field;
    private final DataType defaultType;
    private final List<String> names;

    EventColumn(Field field, DataType defaultType, String... names) {
        this.field = field;
        this.defaultType = defaultType;
        this.names = List.of(names);
    }

    Field field() {
        return field;
    }

    /** The name {@code logslice sql} and {@code DESCRIBE} give the column. */
    String sqlName() {
        return names.get(0);
    }

    DataType defaultType() {
        return defaultType;
    }

    /** The column a table's column name stands for (any case), or null. */
    @Nullable
    static EventColumn named(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (EventColumn column : VALUES) {
            if (column.names.contains(lower)) {
                return column;
            }
        }
        return null;
    }

    /** The type roots a column may be declared as: its own, or text for any scalar field. */
    Set<LogicalTypeRoot> acceptedRoots() {
        Set<LogicalTypeRoot> roots = EnumSet.of(defaultType.getLogicalType().getTypeRoot());
        switch (field.kind()) {
            case INTEGER:
                roots.addAll(EnumSet.of(LogicalTypeRoot.INTEGER, LogicalTypeRoot.BIGINT));
                break;
            case TIMESTAMP:
                roots.add(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
                break;
            default:
                break;
        }
        if (field.kind() != Field.Kind.MAP) {
            roots.add(LogicalTypeRoot.VARCHAR);
        }
        return roots;
    }

    /** All names, for the message about an unknown column. */
    static String allNames() {
        return Arrays.stream(VALUES)
                .map(column -> String.join("/", column.names))
                .collect(Collectors.joining(", "));
    }
}
