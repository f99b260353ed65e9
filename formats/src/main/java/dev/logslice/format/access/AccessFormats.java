package dev.logslice.format.access;

import dev.logslice.format.LogFormat;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.LayoutFormat;

import java.util.List;

/** The access log formats: Apache's predefined ones and nginx's, by format string. */
public final class AccessFormats {
    /** Apache's Common Log Format. */
    public static final String COMMON = "%h %l %u %t \"%r\" %>s %b";

    /** Apache's combined format: common plus referrer and user agent. */
    public static final String COMBINED = COMMON + " \"%{Referer}i\" \"%{User-agent}i\"";

    /** Combined with the virtual host and port first, as Debian's {@code vhost_combined}. */
    public static final String VCOMBINED =
            "%v:%p %h %l %u %t \"%r\" %>s %O \"%{Referer}i\" \"%{User-Agent}i\"";

    /**
     * The time of nginx's {@code $time_iso8601} in brackets, which configurations put where {@code
     * %t} is ({@code [2026-12-06T10:00:00+00:00]}): such a log is combined or common all the same.
     */
    private static final String ISO_TIME = "[%{%Y-%m-%dT%H:%M:%S%z}t]";

    private AccessFormats() {}

    /**
     * Common, with its time as Apache writes it or as {@link #ISO_TIME}. Its lines end at the byte
     * count: what follows there (a combined line's referrer and agent) would be dropped unread, so
     * such a line is malformed, and detection takes a mostly combined log for combined.
     */
    public static LogFormat common() {
        return new LayoutFormat("common", withIsoTime(COMMON, false), false)
                .admitting(new ForwardedClient());
    }

    /** The layout of a predefined LogFormat, and the same with {@link #ISO_TIME} for {@code %t}. */
    private static List<Layout> withIsoTime(String logFormat, boolean allowTrailing) {
        return List.of(
                ApacheLogFormatCompiler.compile(logFormat, allowTrailing),
                ApacheLogFormatCompiler.compile(logFormat.replace("%t", ISO_TIME), allowTrailing));
    }

    /** A format of an Apache LogFormat string. */
    public static LogFormat apache(String name, String logFormat) {
        return new LayoutFormat(name, List.of(ApacheLogFormatCompiler.compile(logFormat)), false)
                .admitting(new ForwardedClient());
    }

    /**
     * A format of one of the predefined LogFormats that reads what configurations commonly add
     * after it: a forwarded-for list, a request time, key=value pairs ({@link AccessLogTail}); its
     * time as Apache writes it or as {@link #ISO_TIME}.
     */
    public static LogFormat predefined(String name, String logFormat) {
        return new LayoutFormat(name, withIsoTime(logFormat, true), false)
                .readingTrailing(new AccessLogTail());
    }

    /** A format of an nginx log_format string ({@link NginxLogFormatCompiler#COMBINED} if none). */
    public static LogFormat nginx(String logFormat) {
        return new LayoutFormat("nginx", List.of(NginxLogFormatCompiler.compile(logFormat)), false)
                .admitting(new ForwardedClient());
    }
}
