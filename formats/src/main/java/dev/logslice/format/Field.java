package dev.logslice.format;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The fields of a {@link LogEvent}, in output order, with their JSON names. */
public enum Field {
    TIMESTAMP("timestamp", Kind.TIMESTAMP),
    LEVEL("level", Kind.STRING),
    CLIENT("client", Kind.STRING),
    USER("user", Kind.STRING),
    METHOD("method", Kind.STRING),
    PATH("path", Kind.STRING),
    PROTOCOL("protocol", Kind.STRING),
    STATUS("status", Kind.INTEGER),
    BYTES("bytes", Kind.INTEGER),
    REFERRER("referrer", Kind.STRING),
    USER_AGENT("userAgent", Kind.STRING),
    REQUEST_TIME("requestTime", Kind.DECIMAL),
    HOST("host", Kind.STRING),
    PROGRAM("program", Kind.STRING),
    PID("pid", Kind.INTEGER),
    THREAD("thread", Kind.STRING),
    LOGGER("logger", Kind.STRING),
    MESSAGE("message", Kind.STRING),
    EXTRA("extra", Kind.MAP),
    FILE("file", Kind.STRING),
    OFFSET("offset", Kind.INTEGER);

    /** The JSON type of a field's value. */
    public enum Kind {
        STRING,
        INTEGER,
        DECIMAL,
        TIMESTAMP,
        MAP
    }

    private static final Field[] VALUES = values();

    private final String jsonName;
    private final Kind kind;

    Field(String jsonName, Kind kind) {
        this.jsonName = jsonName;
        this.kind = kind;
    }

    public String jsonName() {
        return jsonName;
    }

    public Kind kind() {
        return kind;
    }

    /** The field with this JSON name, or null. */
    @Nullable
    public static Field byJsonName(String name) {
        for (Field field : VALUES) {
            if (field.jsonName.equals(name)) {
                return field;
            }
        }
        return null;
    }

    /** The JSON names of all fields, comma separated, for error messages. */
    public static String jsonNames() {
        return Arrays.stream(VALUES).map(Field::jsonName).collect(Collectors.joining(", "));
    }
}
