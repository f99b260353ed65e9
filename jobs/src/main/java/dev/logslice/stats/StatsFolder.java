package dev.logslice.stats;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.HttpStatus;
import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.Severity;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds what one parsed event or malformed line says to a {@link LogStats}. Fields reach the stats
 * as bytes; one folder is used by one thread.
 */
public final class StatsFolder {
    /** Where Log4j and Logback layouts put {@code %C} ({@code PatternLayoutCompiler}). */
    private static final String CALLER_CLASS = "callerClass";

    /**
     * Keys of {@code extra} that hold the TLS protocol, as nginx, Apache httpd and JSON name it.
     */
    private static final List<String> TLS_KEYS =
            List.of("ssl_protocol", "SSL_PROTOCOL", "tls_version", "tls.version");

    /** Keys of {@code extra} that hold a cache's status (HIT, MISS...). */
    private static final List<String> CACHE_KEYS =
            List.of("upstream_cache_status", "cache_status", "CacheCacheStatus", "cache");

    /** Strings kept encoded, at most: a log of many distinct classes encodes the rest each time. */
    private static final int MAX_ENCODED = 4096;

    private final ByteSpan span = new ByteSpan();
    private final ByteSpan agent = new ByteSpan();
    private final MessageTemplates templates = new MessageTemplates();

    /** An array: a list's iterator per event was 1.5% of a fold's samples. */
    private final TopField[] topFields;

    /**
     * Strings that reach the stats as text (levels, and values of {@code extra}: TLS protocols,
     * cache status, caller classes), in UTF-8: few distinct ones, so each is encoded once, not once
     * per event.
     */
    private final Map<String, byte[]> encoded = new HashMap<>();

    /** The panels fed since {@link #takePanels()}, a bit each. */
    private int panels;

    public StatsFolder() {
        this(List.of());
    }

    /** Also ranks the values of these fields ({@code --top-field}, see {@link TopField}). */
    public StatsFolder(List<String> topFields) {
        this.topFields = topFields.stream().map(TopField::of).toArray(TopField[]::new);
    }

    /** The panels ({@code 1 << panel.ordinal()}) fed since the last call. */
    public int takePanels() {
        int taken = panels;
        panels = 0;
        return taken;
    }

    private void add(LogStats stats, Panel panel, byte[] b, int start, int end) {
        panels |= 1 << panel.ordinal();
        stats.add(panel, b, start, end);
    }

    public void fold(ParseResult result, LogStats stats) {
        if (result instanceof MalformedLine blank && blank.isBlank()) {
            stats.addBlankLine();
        } else if (result instanceof MalformedLine malformed) {
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

    /** Where a cut event starts, its message's first bytes, and how many of its lines were kept. */
    private static MalformedSample cutSample(LogEvent event) {
        byte[] message = event.message().getBytes(StandardCharsets.UTF_8);
        String reason =
                String.format(
                        "cut: %,d lines, %,d not kept",
                        event.lineCount(), event.extra().get("droppedLines"));
        MalformedLine start =
                MalformedLine.of(event.file(), event.offset(), reason, message, 0, message.length);
        return new MalformedSample(
                event.file(), event.offset(), start.escapedSample(), start.reason());
    }

    private void fold(LogEvent event, LogStats stats) {
        if (event.isCut()) {
            stats.addCutEvent(cutSample(event));
        }
        boolean hasStatus = event.hasValue(Field.STATUS);
        int status = hasStatus ? event.status() : 0;
        String level = event.hasValue(Field.LEVEL) ? event.level() : null;
        Severity severity = level != null ? Severity.of(level) : null;
        boolean error =
                (hasStatus && HttpStatus.isError(status))
                        || (severity != null && severity.isAtLeast(Severity.ERROR));
        boolean timed = event.hasValue(Field.TIMESTAMP);
        if (timed) {
            stats.addEvent(event.epochSecond(), error);
        } else {
            stats.addUntimedEvent();
        }
        long responseBytes = event.hasValue(Field.BYTES) ? event.bytes() : -1;
        long timeMicros =
                event.hasValue(Field.REQUEST_TIME)
                        ? Math.max(0, Math.round(event.requestTime() * 1e6))
                        : -1;
        stats.setRowContext(responseBytes, timeMicros, 0);
        // Client and agent first: the visitor they make (from the hashes their counts take) goes
        // to the rows of the panels that come after.
        boolean hasAgent = hasValue(event, Field.USER_AGENT, agent);
        if (event.span(Field.CLIENT, span)) {
            panels |= 1 << Panel.CLIENTS.ordinal();
            if (hasAgent) {
                panels |= 1 << Panel.USER_AGENTS.ordinal();
            }
            stats.addVisitor(
                    span.bytes(),
                    span.start(),
                    span.end(),
                    agent.bytes(),
                    hasAgent ? agent.start() : -1,
                    agent.end(),
                    timed,
                    timed ? event.epochSecond() : 0);
        } else if (hasAgent) {
            add(stats, Panel.USER_AGENTS, agent.bytes(), agent.start(), agent.end());
        }
        if (hasStatus) {
            stats.addStatus(status);
        }
        byte[] levelName = null;
        if (level != null) {
            String reported =
                    severity != null ? severity.reportedName() : Severity.reportedName(level);
            stats.addLevel(reported);
            levelName = utf8(reported);
        }
        if (event.span(Field.METHOD, span)) {
            stats.addMethod(span.bytes(), span.start(), span.end());
        }
        if (event.span(Field.PROTOCOL, span)) {
            stats.addProtocol(span.bytes(), span.start(), span.end());
        }
        if (event.span(Field.PATH, span)) {
            // Top paths group requests by path: query strings would split them by parameters.
            span.cutAt((byte) '?');
            add(stats, Panel.PATHS, span.bytes(), span.start(), span.end());
            if (status == 404) {
                add(stats, Panel.NOT_FOUND_PATHS, span.bytes(), span.start(), span.end());
            }
        }
        addUnlessDash(stats, Panel.REFERRERS, event, Field.REFERRER);
        addUnlessDash(stats, Panel.REMOTE_USERS, event, Field.USER);
        if (addUnlessDash(stats, Panel.HOSTS, event, Field.HOST) && levelName != null) {
            stats.addByLevel(
                    Panel.HOSTS_BY_LEVEL, levelName, span.bytes(), span.start(), span.end());
        }
        addUnlessDash(stats, Panel.PROGRAMS, event, Field.PROGRAM);
        if (addUnlessDash(stats, Panel.LOGGERS, event, Field.LOGGER) && levelName != null) {
            stats.addByLevel(
                    Panel.LOGGERS_BY_LEVEL, levelName, span.bytes(), span.start(), span.end());
        }
        if (event.hasValue(Field.BYTES)) {
            stats.addResponseBytes(event.bytes());
        }
        if (event.hasValue(Field.REQUEST_TIME)) {
            stats.addRequestTime(event.requestTime());
        }
        if (event.has(Field.EXTRA)) {
            Map<String, Object> extra = event.extra();
            if (extra.get(CALLER_CLASS) instanceof String callerClass) {
                addString(stats, Panel.CLASSES, callerClass);
            }
            addFirstExtra(stats, Panel.TLS_PROTOCOLS, extra, TLS_KEYS);
            addFirstExtra(stats, Panel.CACHE_STATUS, extra, CACHE_KEYS);
        }
        for (TopField field : topFields) {
            field.fold(event, stats, span);
        }
        if (event.span(Field.MESSAGE, span)) {
            int length = templates.of(span.bytes(), span.start(), span.end());
            add(stats, Panel.TEMPLATES, templates.bytes(), 0, length);
            if (levelName != null) {
                stats.addByLevel(Panel.TEMPLATES_BY_LEVEL, levelName, templates.bytes(), 0, length);
                if (error) {
                    add(stats, Panel.ERRORS, templates.bytes(), 0, length);
                }
            }
        }
    }

    /** Adds the field's value unless it is empty or a dash; whether it did (then in span). */
    private boolean addUnlessDash(LogStats stats, Panel panel, LogEvent event, Field field) {
        if (hasValue(event, field, span)) {
            add(stats, panel, span.bytes(), span.start(), span.end());
            return true;
        }
        return false;
    }

    /** Whether the event has a value for the field that is neither empty nor {@code -}. */
    private static boolean hasValue(LogEvent event, Field field, ByteSpan into) {
        return event.span(field, into) && into.length() > 0 && !into.contentEquals("-");
    }

    private void addFirstExtra(
            LogStats stats, Panel panel, Map<String, Object> extra, List<String> keys) {
        for (String key : keys) {
            Object value = extra.get(key);
            if (value != null && !"-".equals(value) && !"".equals(value)) {
                addString(stats, panel, String.valueOf(value));
                return;
            }
        }
    }

    private void addString(LogStats stats, Panel panel, String value) {
        byte[] bytes = utf8(value);
        add(stats, panel, bytes, 0, bytes.length);
    }

    private byte[] utf8(String value) {
        byte[] bytes = encoded.get(value);
        if (bytes == null) {
            bytes = value.getBytes(StandardCharsets.UTF_8);
            if (encoded.size() < MAX_ENCODED) {
                encoded.put(value, bytes);
            }
        }
        return bytes;
    }
}
