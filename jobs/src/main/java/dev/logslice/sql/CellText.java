package dev.logslice.sql;

import dev.logslice.report.LogText;

import javax.annotation.Nullable;

/** A value as text for the table and tab-separated forms. */
final class CellText {
    static final String NULL = "NULL";

    private CellText() {}

    /** The value as the terminal may show it: controls and bidi overrides made visible. */
    static String of(@Nullable Object value) {
        return value == null ? NULL : LogText.forTerminal(String.valueOf(value));
    }

    static boolean isNumber(@Nullable Object value) {
        return value instanceof Number;
    }
}
