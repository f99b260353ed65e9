package dev.logslice.format.cef;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.syslog.SyslogFormat;

import javax.annotation.Nullable;

/**
 * ArcSight Common Event Format ({@code CEF:Version|Device Vendor|Device Product|Device
 * Version|Signature ID|Name|Severity|Extension}), alone or behind a syslog header as appliances
 * send it; see {@link CefParser}.
 */
public final class CefFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    /** The year of a syslog header's RFC 3164 timestamp ({@code --year}), or null to infer it. */
    @Nullable private final Integer year;

    public CefFormat(@Nullable Integer year) {
        this.year = year;
    }

    @Override
    public String name() {
        return "cef";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new CefParser(new SyslogFormat(year).newParser(context), context);
    }
}
