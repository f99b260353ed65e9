package dev.logslice.format.syslog;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/** Syslog, RFC 3164 and RFC 5424 alike; see {@link SyslogParser}. */
public final class SyslogFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    @Override
    public String name() {
        return "syslog";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new SyslogParser(context);
    }
}
