package dev.logslice.stats;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.Severity;

import java.util.Locale;

/** Adds what one parsed event or malformed line says to a {@link LogStats}. */
public final class StatsFolder {
    private StatsFolder() {}

    public static void fold(ParseResult result, LogStats stats) {
        if (result instanceof MalformedLine malformed) {
            stats.addMalformed(
                    new MalformedSample(
                            malformed.file(),
                            malformed.offset(),
                            malformed.escapedSample(),
                            malformed.reason()));
        } else {
            fold((LogEvent) result, stats);
        }
    }

    private static void fold(LogEvent event, LogStats stats) {
        boolean hasStatus = event.hasValue(Field.STATUS);
        int status = hasStatus ? event.status() : 0;
        String level = event.hasValue(Field.LEVEL) ? event.level().toUpperCase(Locale.ROOT) : null;
        Severity severity = level != null ? Severity.of(level) : null;
        boolean error = status >= 500 || (severity != null && severity.isAtLeast(Severity.ERROR));
        stats.addEvent(event.hasValue(Field.TIMESTAMP) ? event.epochSecond() : null, error);
        if (hasStatus) {
            stats.addStatus(status);
        }
        if (level != null) {
            stats.addLevel(level);
        }
        if (event.hasValue(Field.METHOD)) {
            stats.addMethod(event.method());
        }
        if (event.hasValue(Field.PROTOCOL)) {
            stats.addProtocol(event.protocol());
        }
        if (event.hasValue(Field.PATH)) {
            String path = withoutQuery(event.path());
            stats.add(Panel.PATHS, path);
            if (status == 404) {
                stats.add(Panel.NOT_FOUND_PATHS, path);
            }
        }
        if (event.hasValue(Field.CLIENT)) {
            stats.addClient(event.client());
        }
        addUnlessDash(stats, Panel.REFERRERS, event, Field.REFERRER);
        addUnlessDash(stats, Panel.USER_AGENTS, event, Field.USER_AGENT);
        addUnlessDash(stats, Panel.HOSTS, event, Field.HOST);
        addUnlessDash(stats, Panel.PROGRAMS, event, Field.PROGRAM);
        addUnlessDash(stats, Panel.LOGGERS, event, Field.LOGGER);
        if (event.hasValue(Field.BYTES)) {
            stats.addResponseBytes(event.bytes());
        }
        if (event.hasValue(Field.REQUEST_TIME)) {
            stats.addRequestTime(event.requestTime());
        }
        if (error && level != null && event.hasValue(Field.MESSAGE)) {
            stats.add(Panel.ERRORS, MessageTemplates.of(event.message()));
        }
    }

    private static void addUnlessDash(LogStats stats, Panel panel, LogEvent event, Field field) {
        if (event.hasValue(field)) {
            String value = event.string(field);
            if (!value.isEmpty() && !value.equals("-")) {
                stats.add(panel, value);
            }
        }
    }

    /** Top paths group requests by path: query strings would split them by parameters. */
    private static String withoutQuery(String path) {
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }
}
