package dev.logslice.stats;

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
    CACHE_STATUS("topCacheStatus", "Cache status");

    private final String key;
    private final String title;

    Panel(String key, String title) {
        this.key = key;
        this.title = title;
    }

    /** The JSON key and CSV file name. */
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }
}
