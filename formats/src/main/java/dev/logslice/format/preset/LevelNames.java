package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Bytes;
import dev.logslice.format.Severity;

import java.io.Serializable;
import java.util.List;

/**
 * The levels a format writes, and the names they are reported by: logcat's {@code I} is {@code
 * info}. A line with any other level is not of the format, which keeps formats with loose layouts
 * ({@code LEVEL:logger:message}) from reading lines of other kinds.
 */
final class LevelNames implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Python's names, and any other name on the severity scale in any case: logging.addLevelName
     * gives custom levels ({@code TRACE}, {@code NOTICE}, {@code warn}), and Log4j's and Logback's
     * layouts take any level word as well.
     */
    static final LevelNames PYTHON =
            new LevelNames(List.of("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), null, true);

    static final LevelNames OPENSTACK =
            new LevelNames(
                    List.of("TRACE", "DEBUG", "INFO", "AUDIT", "WARNING", "ERROR", "CRITICAL"),
                    null);
    static final LevelNames LOG4J =
            new LevelNames(List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"), null);
    static final LevelNames POSTGRESQL =
            new LevelNames(
                    List.of(
                            "LOG",
                            "STATEMENT",
                            "DETAIL",
                            "HINT",
                            "CONTEXT",
                            "QUERY",
                            "LOCATION",
                            "INFO",
                            "NOTICE",
                            "WARNING",
                            "ERROR",
                            "FATAL",
                            "PANIC",
                            "DEBUG1",
                            "DEBUG2",
                            "DEBUG3",
                            "DEBUG4",
                            "DEBUG5"),
                    null);
    static final LevelNames NGINX =
            new LevelNames(
                    List.of("debug", "info", "notice", "warn", "error", "crit", "alert", "emerg"),
                    null);
    static final LevelNames LOGCAT =
            new LevelNames(
                    List.of("V", "D", "I", "W", "E", "F", "A"),
                    List.of("verbose", "debug", "info", "warn", "error", "fatal", "fatal"));

    /** java.util.logging, as Tomcat's OneLineFormatter writes it. */
    static final LevelNames JUL =
            new LevelNames(
                    List.of("SEVERE", "WARNING", "INFO", "CONFIG", "FINE", "FINER", "FINEST"),
                    null);

    /** fail2ban adds NOTICE, MSG and two levels below DEBUG to Python's. */
    static final LevelNames FAIL2BAN =
            new LevelNames(
                    List.of(
                            "CRITICAL",
                            "ERROR",
                            "WARNING",
                            "NOTICE",
                            "INFO",
                            "MSG",
                            "DEBUG",
                            "TRACEDEBUG",
                            "HEAVYDEBUG"),
                    null);

    static final LevelNames PHP_FPM =
            new LevelNames(List.of("DEBUG", "NOTICE", "WARNING", "ERROR", "ALERT"), null);

    /** Ruby's Logger; ANY is its unknown severity. */
    static final LevelNames RUBY =
            new LevelNames(List.of("DEBUG", "INFO", "WARN", "ERROR", "FATAL", "ANY"), null);

    /** Redis marks its levels with one character. */
    static final LevelNames REDIS =
            new LevelNames(
                    List.of(".", "-", "*", "#"), List.of("debug", "verbose", "notice", "warning"));

    static final LevelNames SUPERVISORD =
            new LevelNames(
                    List.of("CRIT", "ERRO", "WARN", "INFO", "DEBG", "TRAC", "BLAT"),
                    List.of("critical", "error", "warn", "info", "debug", "trace", "blather"));

    /** Blue Gene/L's RAS severities. */
    static final LevelNames BGL =
            new LevelNames(List.of("FATAL", "FAILURE", "SEVERE", "ERROR", "WARNING", "INFO"), null);

    /** MongoDB's severities before its JSON log; D1 to D5 are debug verbosities. */
    static final LevelNames MONGODB =
            new LevelNames(
                    List.of("F", "E", "W", "I", "D", "D1", "D2", "D3", "D4", "D5"),
                    List.of(
                            "fatal", "error", "warning", "info", "debug", "debug", "debug", "debug",
                            "debug", "debug"));

    /** glog's and klog's one-letter severities. */
    static final LevelNames KLOG =
            new LevelNames(
                    List.of("I", "W", "E", "F"), List.of("info", "warning", "error", "fatal"));

    /** Serilog's three-letter levels ({Level:u3}). */
    static final LevelNames SERILOG =
            new LevelNames(
                    List.of("VRB", "DBG", "INF", "WRN", "ERR", "FTL"),
                    List.of("verbose", "debug", "info", "warning", "error", "fatal"));

    /** NLog's levels, upper-cased as its default layout writes them. */
    static final LevelNames NLOG =
            new LevelNames(List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"), null);

    /** .NET's console logger. */
    static final LevelNames DOTNET =
            new LevelNames(
                    List.of("trce", "dbug", "info", "warn", "fail", "crit"),
                    List.of("trace", "debug", "info", "warning", "error", "critical"));

    /** Rust's tracing and log crates. */
    static final LevelNames RUST =
            new LevelNames(List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR"), null);

    /** HashiCorp's hclog (Consul, Vault, Nomad, Terraform). */
    static final LevelNames HCLOG =
            new LevelNames(List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR"), null);

    /** CoreDNS's, which Maven's build output shares. */
    static final LevelNames COREDNS =
            new LevelNames(List.of("DEBUG", "INFO", "WARNING", "ERROR", "FATAL"), null);

    /**
     * Erlang's logger as RabbitMQ 3.9+ and Elixir write it, lager's before it; Elixir's old warn.
     */
    static final LevelNames ERLANG =
            new LevelNames(
                    List.of(
                            "debug",
                            "info",
                            "notice",
                            "warning",
                            "warn",
                            "error",
                            "critical",
                            "alert",
                            "emergency"),
                    null);

    /** PHP's error kinds; the fatal ones, which stop the script, are reported as critical. */
    static final LevelNames PHP =
            new LevelNames(
                    List.of(
                            "Fatal error",
                            "Parse error",
                            "Catchable fatal error",
                            "Recoverable fatal error",
                            "Warning",
                            "Notice",
                            "Deprecated",
                            "Strict Standards"),
                    List.of(
                            "critical",
                            "critical",
                            "error",
                            "error",
                            "warning",
                            "notice",
                            "deprecated",
                            "notice"));

    /** CUPS marks its levels with a letter; d, debug2, is the most verbose. */
    static final LevelNames CUPS =
            new LevelNames(
                    List.of("X", "A", "C", "E", "W", "N", "I", "D", "d"),
                    List.of(
                            "emergency",
                            "alert",
                            "critical",
                            "error",
                            "warning",
                            "notice",
                            "info",
                            "debug",
                            "trace"));

    /** Monolog's, as PSR-3 and syslog name them. */
    static final LevelNames MONOLOG =
            new LevelNames(
                    List.of(
                            "DEBUG",
                            "INFO",
                            "NOTICE",
                            "WARNING",
                            "ERROR",
                            "CRITICAL",
                            "ALERT",
                            "EMERGENCY"),
                    null);

    /**
     * dnf's, from Python's with its own finer ones below DEBUG (DDEBUG, SUBDEBUG: the rpm
     * transaction's items), kept as dnf writes them.
     */
    static final LevelNames DNF =
            new LevelNames(
                    List.of(
                            "CRITICAL",
                            "ERROR",
                            "WARNING",
                            "INFO",
                            "DEBUG",
                            "DDEBUG",
                            "SUBDEBUG",
                            "TRACE"),
                    null);

    /**
     * Erlang's error_logger reports, by their kind: a crash or a supervisor's report is an error.
     */
    static final LevelNames ERLANG_REPORTS =
            new LevelNames(
                    List.of("INFO", "WARNING", "ERROR", "CRASH", "SUPERVISOR", "PROGRESS"),
                    List.of("info", "warning", "error", "error", "error", "info"));

    /**
     * macOS's unified log's types, and their abbreviations in the compact style: Default is what
     * Console calls notice, a fault is worse than an error.
     */
    static final LevelNames MACOS =
            new LevelNames(
                    List.of(
                            "Default",
                            "Info",
                            "Debug",
                            "Error",
                            "Fault",
                            "Activity",
                            "Df",
                            "I",
                            "Db",
                            "E",
                            "F",
                            "A"),
                    List.of(
                            "notice",
                            "info",
                            "debug",
                            "error",
                            "critical",
                            "activity",
                            "notice",
                            "info",
                            "debug",
                            "error",
                            "critical",
                            "activity"));

    /** Java's unified logging (-Xlog); Java 8's GC lines have no level. */
    static final LevelNames JVM_UNIFIED =
            new LevelNames(List.of("trace", "debug", "info", "warning", "error"), null);

    private final List<String> written;
    private final List<String> reported;
    private final boolean anyOnScale;

    /** {@code reported} null keeps the written names. */
    LevelNames(List<String> written, List<String> reported) {
        this(written, reported, false);
    }

    private LevelNames(List<String> written, List<String> reported, boolean anyOnScale) {
        this.written = List.copyOf(written);
        this.reported = reported == null ? this.written : List.copyOf(reported);
        this.anyOnScale = anyOnScale;
    }

    /**
     * The index of the level in {@code level}, or -1 when the format has no such level; a level
     * taken for being on the severity scale, which is never renamed, has the index of none.
     */
    int indexOf(ByteSpan level) {
        for (int i = 0; i < written.size(); i++) {
            if (level.contentEquals(written.get(i))) {
                return i;
            }
        }
        // Only past the written names, which most lines have: the String costs.
        return anyOnScale
                        && Severity.of(Bytes.text(level.bytes(), level.start(), level.end()))
                                != null
                ? written.size()
                : -1;
    }

    /** Whether levels are reported by other names than they are written. */
    boolean renames() {
        return reported != written;
    }

    String reported(int index) {
        return reported.get(index);
    }

    String written() {
        return String.join(", ", written) + (anyOnScale ? " or another level name" : "");
    }
}
