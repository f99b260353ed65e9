package dev.logslice.format.columns;

import dev.logslice.format.Field;

import javax.annotation.Nullable;

import java.util.Map;
import java.util.Set;

/**
 * How a log whose header names its columns is written: the directive that names them, what
 * separates values, and which columns fill which event fields (others go to {@code extra}).
 */
enum ColumnDialect {
    /**
     * W3C extended log files (IIS, CloudFront): {@code #Fields: date time c-ip ...}, values
     * separated by spaces or tabs, {@code date} and {@code time} in UTC.
     */
    W3C(
            "#Fields:",
            "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip"
                    + " cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status"
                    + " time-taken",
            false,
            Set.of("Version", "Fields", "Software", "Start-Date", "End-Date", "Date", "Remark"),
            Map.ofEntries(
                    Map.entry("c-ip", Field.CLIENT),
                    Map.entry("cs-username", Field.USER),
                    Map.entry("cs-method", Field.METHOD),
                    Map.entry("cs-uri-stem", Field.PATH),
                    Map.entry("cs-version", Field.PROTOCOL),
                    Map.entry("cs-protocol-version", Field.PROTOCOL),
                    Map.entry("sc-status", Field.STATUS),
                    Map.entry("sc-bytes", Field.BYTES),
                    Map.entry("cs(Referer)", Field.REFERRER),
                    Map.entry("cs(Referrer)", Field.REFERRER),
                    Map.entry("cs(User-Agent)", Field.USER_AGENT),
                    Map.entry("time-taken", Field.REQUEST_TIME),
                    Map.entry("s-computername", Field.HOST))),
    /** Zeek (Bro) TSV logs: {@code #fields ts uid id.orig_h ...}, tab-separated values. */
    ZEEK(
            "#fields",
            null,
            true,
            Set.of(
                    "separator",
                    "set_separator",
                    "empty_field",
                    "unset_field",
                    "path",
                    "open",
                    "close",
                    "fields",
                    "types"),
            Map.ofEntries(
                    Map.entry("ts", Field.TIMESTAMP),
                    Map.entry("id.orig_h", Field.CLIENT),
                    Map.entry("method", Field.METHOD),
                    Map.entry("uri", Field.PATH),
                    Map.entry("version", Field.PROTOCOL),
                    Map.entry("status_code", Field.STATUS),
                    Map.entry("response_body_len", Field.BYTES),
                    Map.entry("referrer", Field.REFERRER),
                    Map.entry("user_agent", Field.USER_AGENT),
                    Map.entry("username", Field.USER)));

    private final String fieldsDirective;
    @Nullable private final String defaultColumns;
    private final boolean tabsOnly;
    private final Set<String> directives;
    private final Map<String, Field> fields;

    ColumnDialect(
            String fieldsDirective,
            @Nullable String defaultColumns,
            boolean tabsOnly,
            Set<String> directives,
            Map<String, Field> fields) {
        this.fieldsDirective = fieldsDirective;
        this.defaultColumns = defaultColumns;
        this.tabsOnly = tabsOnly;
        this.directives = directives;
        this.fields = fields;
    }

    /** Whether {@code name} is a directive of this dialect ({@code #} lines of others are not). */
    boolean isDirective(String name) {
        return directives.contains(name);
    }

    /** The directive whose line names the columns, like {@code #Fields:}. */
    String fieldsDirective() {
        return fieldsDirective;
    }

    /**
     * The columns line of a file without one, or null: IIS's default fields, as IIS logs cut from
     * their header (and Filebeat's IIS module) have them.
     */
    @Nullable
    String defaultColumns() {
        return defaultColumns;
    }

    boolean isSeparator(byte c) {
        return c == '\t' || (!tabsOnly && c == ' ');
    }

    /** The event field of a column, or null for one that goes to {@code extra}. */
    @Nullable
    Field fieldOf(String column) {
        return fields.get(column);
    }

    /** Whether a value means "none": {@code -}, and Zeek's {@code (empty)}. */
    boolean isNone(byte[] b, int start, int end) {
        return (end - start == 1 && b[start] == '-')
                || (this == ZEEK && end - start == 7 && new String(b, start, 7).equals("(empty)"));
    }
}
