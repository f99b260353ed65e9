package dev.logslice.format.nested;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.ContinuationLines;

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
    private final boolean container;

    /**
     * A program's lines in another format's messages, one event per line (syslog around HAProxy).
     */
    public NestedFormat(String name, LogFormat outer, List<LogFormat> inner) {
        this(name, outer, inner, false);
    }

    private NestedFormat(String name, LogFormat outer, List<LogFormat> inner, boolean container) {
        this.name = name;
        this.outer = outer;
        this.inner = List.copyOf(inner);
        this.container = container;
    }

    /**
     * A container log (Docker {@code json-file}, Kubernetes CRI): each line holds one line the
     * program wrote, so a line whose message is a stack frame or indented continues the event
     * before it (a Java or Python trace is one event), and a line CRI tags {@code P} (partial) goes
     * on in the next line of its stream.
     */
    public static NestedFormat container(String name, LogFormat outer, List<LogFormat> inner) {
        return new NestedFormat(name, outer, inner, true);
    }

    @Override
    public boolean multiLine() {
        return container;
    }

    @Override
    public boolean cutsLines() {
        return container;
    }

    @Override
    public ContinuationLines continuationLines() {
        // The raw lines never look like continuations: their messages do (continuesEvent).
        return ContinuationLines.NONE;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new NestedParser(
                outer.newParser(context), new InnerMessageParser(inner, context), container);
    }
}
