package dev.logslice.format.nested;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import java.util.List;

/**
 * A format that wraps what a program wrote (Docker {@code json-file}, Kubernetes CRI, syslog around
 * HAProxy): the outer format reads the line, and its message is parsed again with the first of the
 * inner formats that reads it. Lines whose message no inner format reads stay the outer format's
 * events.
 */
public final class NestedFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final LogFormat outer;
    private final List<LogFormat> inner;

    public NestedFormat(String name, LogFormat outer, List<LogFormat> inner) {
        this.name = name;
        this.outer = outer;
        this.inner = List.copyOf(inner);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new NestedParser(outer.newParser(context), new InnerMessageParser(inner, context));
    }
}
