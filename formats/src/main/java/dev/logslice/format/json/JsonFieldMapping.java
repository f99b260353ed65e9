package dev.logslice.format.json;

import dev.logslice.format.Field;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which JSON keys fill which event fields. Each field has keys in order of preference; nested
 * objects are flattened to dotted keys ({@code log.level}), so ECS and similar layouts map too.
 * Keys no field takes go to {@code extra}.
 */
public final class JsonFieldMapping implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<Field, List<String>> keysByField;
    private final Map<String, Field> fieldByKey = new HashMap<>();
    private final Map<String, Integer> rankByKey = new HashMap<>();

    /** What one unit of a request time key's number is in seconds (Traefik writes nanoseconds). */
    private final double secondsPerRequestTimeUnit;

    /** The names of numeric levels 0, 1, 2... where a family numbers its own, or null. */
    @Nullable private final List<String> numberedLevels;

    private JsonFieldMapping(Map<Field, List<String>> keysByField) {
        this(keysByField, 1.0, null);
    }

    private JsonFieldMapping(
            Map<Field, List<String>> keysByField,
            double secondsPerUnit,
            @Nullable List<String> numberedLevels) {
        this.secondsPerRequestTimeUnit = secondsPerUnit;
        this.numberedLevels = numberedLevels;
        this.keysByField = new EnumMap<>(keysByField);
        keysByField.forEach(
                (field, keys) -> {
                    for (int i = 0; i < keys.size(); i++) {
                        fieldByKey.put(keys.get(i), field);
                        rankByKey.put(keys.get(i), i);
                    }
                });
    }

    /**
     * The usual names of logging libraries, ECS, Docker, nginx, journald, GELF, Bunyan/pino, Zeek
     * and the JSON logs of Google Cloud and Azure; within a field, earlier keys win.
     */
    public static JsonFieldMapping defaults() {
        Map<Field, List<String>> keys = new EnumMap<>(Field.class);
        keys.put(
                Field.TIMESTAMP,
                List.of(
                        "timestamp",
                        "@timestamp",
                        "time",
                        "ts",
                        "timeMillis",
                        "created_at",
                        "__REALTIME_TIMESTAMP",
                        "eventTime",
                        // nginx's variables, as JSON log_formats name their keys
                        "time_iso8601",
                        "time_local",
                        "msec"));
        keys.put(
                Field.LEVEL,
                List.of("level", "log.level", "severity", "levelname", "lvl", "PRIORITY"));
        keys.put(
                Field.CLIENT,
                List.of(
                        "client",
                        "remote_addr",
                        "client_ip",
                        "client.ip",
                        "id.orig_h",
                        "callerIpAddress",
                        "httpRequest.remoteIp"));
        keys.put(Field.USER, List.of("user", "remote_user", "user.name"));
        keys.put(
                Field.METHOD,
                List.of(
                        "method",
                        "request_method",
                        "http.request.method",
                        "httpRequest.requestMethod"));
        keys.put(Field.PATH, List.of("path", "request_uri", "uri", "url.path"));
        keys.put(Field.PROTOCOL, List.of("protocol", "server_protocol"));
        keys.put(
                Field.STATUS,
                List.of(
                        "status",
                        "status_code",
                        "http.response.status_code",
                        "httpRequest.status"));
        keys.put(Field.BYTES, List.of("bytes", "body_bytes_sent", "bytes_sent"));
        // "http_referrer": the key of the nginx JSON log_format most copied from the web
        keys.put(Field.REFERRER, List.of("referrer", "referer", "http_referer", "http_referrer"));
        keys.put(
                Field.USER_AGENT,
                List.of("userAgent", "user_agent", "http_user_agent", "user_agent.original"));
        keys.put(Field.REQUEST_TIME, List.of("requestTime", "request_time"));
        keys.put(Field.HOST, List.of("host", "hostname", "host.name", "_HOSTNAME"));
        keys.put(Field.PROGRAM, List.of("program", "app", "service.name", "SYSLOG_IDENTIFIER"));
        keys.put(Field.PID, List.of("pid", "process.pid", "_PID"));
        keys.put(
                Field.THREAD,
                List.of("thread", "thread_name", "threadName", "process.thread.name"));
        keys.put(Field.LOGGER, List.of("logger", "logger_name", "loggerName", "log.logger"));
        keys.put(
                Field.MESSAGE,
                List.of(
                        "message",
                        "msg",
                        "log",
                        "MESSAGE",
                        "short_message",
                        "textPayload",
                        "jsonPayload.message",
                        "resultDescription"));
        return new JsonFieldMapping(keys);
    }

    /** This mapping with the keys of one field replaced, most preferred first. */
    public JsonFieldMapping with(Field field, List<String> keys) {
        if (field == Field.EXTRA || field == Field.FILE || field == Field.OFFSET) {
            throw new IllegalArgumentException("the field " + field.jsonName() + " is not mapped");
        }
        Map<Field, List<String>> changed = new EnumMap<>(keysByField);
        changed.put(field, List.copyOf(keys));
        changed.replaceAll(
                (other, otherKeys) ->
                        other == field
                                ? otherKeys
                                : otherKeys.stream().filter(k -> !keys.contains(k)).toList());
        return new JsonFieldMapping(changed, secondsPerRequestTimeUnit, numberedLevels);
    }

    /** This mapping with request times counted in units of {@code seconds} (1e-9: nanoseconds). */
    public JsonFieldMapping withRequestTimeIn(double seconds) {
        return new JsonFieldMapping(keysByField, seconds, numberedLevels);
    }

    /**
     * This mapping with numeric levels named by a family's own numbering: {@code names.get(n)} for
     * level n (Nextcloud's 0 to 4 are debug to fatal, where syslog's 2 is critical).
     */
    public JsonFieldMapping withNumberedLevels(List<String> names) {
        return new JsonFieldMapping(keysByField, secondsPerRequestTimeUnit, List.copyOf(names));
    }

    /**
     * The name of a level as written: a number by the family's numbering, else {@link JsonLevels}.
     */
    @Nullable
    public String levelName(String text) {
        if (numberedLevels != null
                && text.length() == 1
                && text.charAt(0) >= '0'
                && text.charAt(0) - '0' < numberedLevels.size()) {
            return numberedLevels.get(text.charAt(0) - '0');
        }
        return JsonLevels.nameOf(text);
    }

    /** What one unit of a request time's number is in seconds. */
    public double secondsPerRequestTimeUnit() {
        return secondsPerRequestTimeUnit;
    }

    /** The field a key fills, or null. */
    @Nullable
    public Field fieldOf(String key) {
        return fieldByKey.get(key);
    }

    /** Preference of a key among its field's keys; lower is better. */
    public int rankOf(String key) {
        return rankByKey.get(key);
    }

    @Override
    public String toString() {
        return keysByField.toString();
    }
}
