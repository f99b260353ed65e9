package dev.logslice.format;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How severe a level name is, on one scale for the names of Log4j/Logback, java.util.logging,
 * syslog, Apache httpd and Python: {@code FATAL} and {@code CRITICAL} are one step above {@code
 * ERROR}, {@code SEVERE} is an error, syslog's {@code crit}, {@code alert} and {@code emerg} lie
 * above, and so on. Constants are in increasing severity.
 */
public enum Severity {
    TRACE("TRACE", "FINEST", "FINER", "VERBOSE"),
    DEBUG("DEBUG", "FINE"),
    CONFIG("CONFIG"),
    INFO("INFO", "INFORMATION", "INFORMATIONAL"),
    NOTICE("NOTICE"),
    WARNING("WARN", "WARNING"),
    ERROR("ERROR", "ERR", "SEVERE"),
    CRITICAL("CRITICAL", "CRIT", "FATAL"),
    ALERT("ALERT"),
    EMERGENCY("EMERGENCY", "EMERG", "PANIC");

    private static final Map<String, Severity> BY_NAME = new HashMap<>();

    static {
        for (Severity severity : values()) {
            for (String name : severity.names) {
                BY_NAME.put(name, severity);
            }
        }
    }

    private final String[] names;

    Severity(String... names) {
        this.names = names;
    }

    /**
     * The severity of a level as logged, in any case; null for a name of no known scale. Apache's
     * {@code trace1} to {@code trace8} are {@link #TRACE}.
     */
    @Nullable
    public static Severity of(String level) {
        String name = level.strip().toUpperCase(Locale.ROOT);
        Severity severity = BY_NAME.get(name);
        if (severity == null && name.startsWith("TRACE") && isDigits(name.substring(5))) {
            return TRACE;
        }
        return severity;
    }

    /** The names this severity is logged as, the usual one first. */
    public String[] names() {
        return names.clone();
    }

    public boolean isAtLeast(Severity other) {
        return compareTo(other) >= 0;
    }

    private static boolean isDigits(String text) {
        return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
