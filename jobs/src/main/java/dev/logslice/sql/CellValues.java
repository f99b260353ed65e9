package dev.logslice.sql;

import org.apache.flink.types.Row;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A value as Flink gives it, made one that every output writes as itself: Flink gives a BYTES value
 * as a byte[] and an ARRAY as an Object[], whose toString is a Java identity ({@code [B@48da64f2}).
 */
final class CellValues {
    private CellValues() {}

    /** BYTES as {@code x'00ff'} (Flink SQL's literal), ARRAY and ROW as lists, inside maps too. */
    @Nullable
    static Object plain(@Nullable Object value) {
        if (value instanceof byte[] bytes) {
            return "x'" + HexFormat.of().formatHex(bytes) + "'";
        } else if (value instanceof Object[] array) {
            return Arrays.stream(array).map(CellValues::plain).toList();
        } else if (value instanceof Row row) {
            Object[] fields = new Object[row.getArity()];
            Arrays.setAll(fields, row::getField);
            return plain(fields);
        } else if (value instanceof Map<?, ?> map) {
            Map<Object, Object> plain = new LinkedHashMap<>();
            map.forEach((key, entry) -> plain.put(plain(key), plain(entry)));
            return plain;
        }
        return value;
    }
}
