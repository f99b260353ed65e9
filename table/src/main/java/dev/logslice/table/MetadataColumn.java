package dev.logslice.table;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

import javax.annotation.Nullable;

/**
 * The metadata a table can read with {@code METADATA}: where each row's event lies, and why a line
 * is malformed.
 */
enum MetadataColumn {
    FILE("file", DataTypes.STRING()),
    OFFSET("offset", DataTypes.BIGINT()),
    /** The event's lines as read (a malformed line: the line, or its first bytes). */
    LINE("line", DataTypes.STRING()),
    /** Why no event could be made of the line; NULL for an event. */
    MALFORMED("malformed", DataTypes.STRING());

    private final String key;
    private final DataType type;

    MetadataColumn(String key, DataType type) {
        this.key = key;
        this.type = type;
    }

    String key() {
        return key;
    }

    DataType type() {
        return type;
    }

    @Nullable
    static MetadataColumn of(String key) {
        for (MetadataColumn column : values()) {
            if (column.key.equals(key)) {
                return column;
            }
        }
        return null;
    }
}
