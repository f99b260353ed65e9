package dev.logslice.filter;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

import java.io.Serializable;
import java.util.List;

/**
 * A condition on the fields of a parsed event, shipped with the job to the readers. An event
 * without the field a filter looks at never passes it.
 */
public interface EventFilter extends Serializable {
    boolean matches(LogEvent event);

    /** The field the filter reads: a parser for the filters alone need set no other. */
    Field field();

    /** Whether {@code event} passes every one of {@code filters} (all of none, so yes). */
    static boolean allMatch(List<EventFilter> filters, LogEvent event) {
        for (EventFilter filter : filters) {
            if (!filter.matches(event)) {
                return false;
            }
        }
        return true;
    }
}
