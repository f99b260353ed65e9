package dev.logslice.format.syslog;

/** Names of the severity and facility packed in a syslog {@code <PRI>}. */
final class SyslogPriority {
    private static final String[] SEVERITIES = {
        "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"
    };
    private static final String[] FACILITIES = {
        "kern",
        "user",
        "mail",
        "daemon",
        "auth",
        "syslog",
        "lpr",
        "news",
        "uucp",
        "cron",
        "authpriv",
        "ftp",
        "ntp",
        "security",
        "console",
        "solaris-cron",
        "local0",
        "local1",
        "local2",
        "local3",
        "local4",
        "local5",
        "local6",
        "local7"
    };

    /** The largest valid priority: facility local7, severity debug. */
    static final int MAX = 191;

    private SyslogPriority() {}

    static String severity(int priority) {
        return SEVERITIES[priority & 7];
    }

    static String facility(int priority) {
        return FACILITIES[priority >> 3];
    }
}
