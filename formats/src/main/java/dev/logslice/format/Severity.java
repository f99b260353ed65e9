package dev.logslice.format;

import javax.annotation.Nullable;

import java.util.Comparator;
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
    // DBUG and EROR: log15's, as Grafana writes them in logfmt (lvl=eror).
    DEBUG("DEBUG", "FINE", "DBUG"),
    CONFIG("CONFIG"),
    INFO("INFO", "INFORMATION", "INFORMATIONAL"),
    NOTICE("NOTICE"),
    WARNING("WARN", "WARNING"),
    ERROR("ERROR", "ERR", "SEVERE", "EROR"),
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

    /**
     * Level names as reports list them: the most severe first, names of no known scale after all
     * known ones, alphabetically.
     */
    public static final Comparator<String> REPORT_ORDER =
            Comparator.<String>comparingInt(name -> rank(of(name)))
                    .reversed()
                    .thenComparing(Comparator.naturalOrder());

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

    /**
     * The one name {@code stats} and {@code parse} give a level, whatever the log wrote: its
     * severity's usual name ({@code warn}, {@code WARNING} and syslog's {@code warning} are all
     * {@code WARN}, {@code err} and {@code SEVERE} are {@code ERROR}), or the name as logged in
     * upper case when it is of no known scale (PostgreSQL's {@code LOG}).
     */
    public static String reportedName(String level) {
        Severity severity = of(level);
        return severity != null ? severity.reportedName() : level.strip().toUpperCase(Locale.ROOT);
    }

    /** The usual name, as {@link #reportedName(String)} gives it. */
    public String reportedName() {
        return names[0];
    }

    private static int rank(@Nullable Severity severity) {
        return severity == null ? -1 : severity.ordinal();
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
