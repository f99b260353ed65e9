package dev.logslice.filter;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.Severity;

/**
 * Events at a level or a more severe one ({@code ERROR} takes {@code FATAL} too), by {@link
 * Severity}; a level of no known scale never passes.
 */
public final class LevelFilter implements EventFilter {
    private static final long serialVersionUID = 1L;

    private final Severity minimum;

    public LevelFilter(Severity minimum) {
        this.minimum = minimum;
    }

    /** The filter for a level name in any case; the message of the exception lists the names. */
    public static LevelFilter parse(String level) {
        Severity severity = Severity.of(level);
        if (severity == null) {
            StringBuilder names = new StringBuilder();
            for (Severity known : Severity.values()) {
                names.append(names.length() == 0 ? "" : ", ").append(known.names()[0]);
            }
            throw new IllegalArgumentException(
                    "'"
                            + level
                            + "' is no level: give one of "
                            + names
                            + " (or a syslog or java.util.logging name)");
        }
        return new LevelFilter(severity);
    }

    @Override
    public Field field() {
        return Field.LEVEL;
    }

    @Override
    public boolean matches(LogEvent event) {
        if (!event.hasValue(Field.LEVEL)) {
            return false;
        }
        Severity severity = Severity.of(event.level());
        return severity != null && severity.isAtLeast(minimum);
    }
}
