package dev.logslice.filter;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

/** Requests whose path, as logged (query string included), starts with a prefix. */
public final class PathPrefixFilter implements EventFilter {
    private static final long serialVersionUID = 1L;

    private final String prefix;

    public PathPrefixFilter(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Field field() {
        return Field.PATH;
    }

    @Override
    public boolean matches(LogEvent event) {
        return event.hasValue(Field.PATH) && event.path().startsWith(prefix);
    }
}
