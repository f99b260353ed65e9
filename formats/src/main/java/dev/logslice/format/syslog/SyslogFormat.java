package dev.logslice.format.syslog;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.ContinuationLines;
import dev.logslice.format.time.LocalTimeResolver;

import javax.annotation.Nullable;

/**
 * Syslog, RFC 3164 and RFC 5424 alike; see {@link SyslogParser}. Multi-line: macOS and some daemons
 * write a message's further lines indented with a tab, as continuations of the event.
 */
public final class SyslogFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    /** The year of RFC 3164 timestamps ({@code --year}); null to infer it per file. */
    @Nullable private final Integer year;

    /** Syslog whose RFC 3164 years are inferred from each file's modification time. */
    public SyslogFormat() {
        this(null);
    }

    /** Syslog whose RFC 3164 timestamps are of {@code year}, or inferred when it is null. */
    public SyslogFormat(@Nullable Integer year) {
        this.year = year;
    }

    @Override
    public String name() {
        return "syslog";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new SyslogParser(
                year == null
                        ? new LocalTimeResolver(context)
                        : LocalTimeResolver.withYear(context, year));
    }

    @Override
    public boolean multiLine() {
        return true;
    }

    @Override
    public ContinuationLines continuationLines() {
        return ContinuationLines.SYSLOG;
    }
}
