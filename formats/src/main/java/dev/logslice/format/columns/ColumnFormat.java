package dev.logslice.format.columns;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/**
 * Logs whose {@code #} header lines name the columns of the lines after them: W3C extended logs
 * (IIS, CloudFront) and Zeek TSV logs. Header lines are events of their own (with {@code
 * extra.directive}); a new {@code #Fields} line changes the columns from there on.
 */
public final class ColumnFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final ColumnDialect dialect;

    private ColumnFormat(String name, ColumnDialect dialect) {
        this.name = name;
        this.dialect = dialect;
    }

    /** W3C extended log files: IIS, CloudFront and others with a {@code #Fields:} header. */
    public static ColumnFormat w3c() {
        return new ColumnFormat("w3c", ColumnDialect.W3C);
    }

    /** Zeek TSV logs, with a {@code #fields} header. */
    public static ColumnFormat zeek() {
        return new ColumnFormat("zeek", ColumnDialect.ZEEK);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new ColumnParser(dialect, context);
    }
}
