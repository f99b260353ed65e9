package dev.logslice.format.httpd;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/** Apache httpd's error log; see {@link ApacheErrorParser}. */
public final class ApacheErrorFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    @Override
    public String name() {
        return "apache-error";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new ApacheErrorParser(context);
    }
}
