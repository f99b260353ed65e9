package dev.logslice.stats;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.List;

/** The top-N panels of a report, each under its JSON key. */
public enum Panel {
    PATHS("topPaths", "Top paths"),
    NOT_FOUND_PATHS("top404Paths", "Top 404 paths"),
    CLIENTS("topClients", "Top clients"),
    REFERRERS("topReferrers", "Top referrers"),
    USER_AGENTS("topUserAgents", "Top user agents"),
    HOSTS("topHosts", "Top hosts"),
    PROGRAMS("topPrograms", "Top programs"),
    LOGGERS("topLoggers", "Top loggers"),
    /** The class of the caller, where a layout writes it ({@code %C}, {@code %class}). */
    CLASSES("topClasses", "Top classes"),
    /** Message templates ({@link MessageTemplates}) of every event. */
    TEMPLATES("topTemplates", "Top message templates"),
    /** Message templates of ERROR-and-worse events. */
    ERRORS("topErrors", "Top error messages"),
    /** The site ({@link ReferringSite}) of each referrer. */
    REFERRING_SITES("referringSites", "Referring sites"),
    /** Paths of static files ({@link StaticFiles}), apart from the pages. */
    STATIC_REQUESTS("staticRequests", "Static requests"),
    REMOTE_USERS("topRemoteUsers", "Top remote users"),
    /**
     * The TLS protocol, where the format logs it ({@code $ssl_protocol}, {@code %{SSL_PROTOCOL}x}).
     */
    TLS_PROTOCOLS("topTlsProtocols", "TLS protocols"),
    /** The cache status, where the format logs it ({@code $upstream_cache_status}). */
    CACHE_STATUS("topCacheStatus", "Cache status"),
    /** Message templates of each level ({@link LogStats#topByLevel}). */
    TEMPLATES_BY_LEVEL("topTemplatesByLevel", "Top message templates", TEMPLATES),
    /** Loggers of each level. */
    LOGGERS_BY_LEVEL("topLoggersByLevel", "Top loggers", LOGGERS),
    /** Hosts of each level (syslog's, or a JSON log's host field). */
    HOSTS_BY_LEVEL("topHostsByLevel", "Top hosts", HOSTS);

    /** The panels of one value each, as the reports list them: all but the by-level ones. */
    public static final List<Panel> PLAIN =
            Arrays.stream(values()).filter(panel -> panel.ofEachLevel == null).toList();

    /** The panels of a value per level. */
    public static final List<Panel> BY_LEVEL =
            Arrays.stream(values()).filter(panel -> panel.ofEachLevel != null).toList();

    private final String key;
    private final String title;

    /** For a by-level panel, the plain panel whose values it ranks per level; else null. */
    @Nullable private final Panel ofEachLevel;

    Panel(String key, String title) {
        this(key, title, null);
    }

    Panel(String key, String title, @Nullable Panel ofEachLevel) {
        this.key = key;
        this.title = title;
        this.ofEachLevel = ofEachLevel;
    }

    /** For a by-level panel, the plain panel whose values it ranks per level; else null. */
    @Nullable
    public Panel ofEachLevel() {
        return ofEachLevel;
    }

    /** The JSON key and CSV file name. */
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }
}
