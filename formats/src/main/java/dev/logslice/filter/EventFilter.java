package dev.logslice.filter;

import dev.logslice.format.LogEvent;

import java.io.Serializable;

/**
 * A condition on the fields of a parsed event, shipped with the job to the readers. An event
 * without the field a filter looks at never passes it.
 */
public interface EventFilter extends Serializable {
    boolean matches(LogEvent event);
}
