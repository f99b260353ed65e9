package dev.logslice.format.json;

import dev.logslice.format.Field;

import java.util.List;

/**
 * The JSON log families detected by name: each reads lines as {@code json} does, and takes only the
 * lines that carry its keys ({@link JsonSignature}), so {@code --format auto} can tell them apart.
 */
public enum JsonPreset {
    BUNYAN(
            "bunyan",
            "Bunyan (Node.js) JSON; numeric levels 10..60 read as trace..fatal",
            "{\"name\":\"checkout\",\"hostname\":\"web-1\",\"pid\":4242,\"level\":30,"
                    + "\"msg\":\"listening on :8080\",\"time\":\"2024-01-15T10:20:30.123Z\",\"v\":0}",
            List.of("v", "level", "hostname", "pid", "time"),
            List.of()),
    PINO(
            "pino",
            "pino (Node.js) JSON; epoch-millisecond time, numeric levels read as names",
            "{\"level\":50,\"time\":1705314030123,\"pid\":657,\"hostname\":\"web-1\","
                    + "\"reqId\":\"req-7\",\"msg\":\"upstream timed out\"}",
            List.of("level", "time", "pid", "hostname"),
            List.of()),
    JOURNALD(
            "journald",
            "journalctl -o json export; PRIORITY read as a syslog level, microsecond time",
            "{\"__CURSOR\":\"s=6f1c;i=2a\",\"__REALTIME_TIMESTAMP\":\"1705314030123456\","
                    + "\"PRIORITY\":\"6\",\"_HOSTNAME\":\"web-1\",\"SYSLOG_IDENTIFIER\":\"sshd\","
                    + "\"_PID\":\"812\",\"MESSAGE\":\"Accepted publickey for deploy from 10.0.0.5\"}",
            List.of("__REALTIME_TIMESTAMP"),
            List.of()),
    GELF(
            "gelf",
            "Graylog GELF JSON; short_message, syslog level numbers, _fields in extra",
            "{\"version\":\"1.1\",\"host\":\"web-1\",\"short_message\":\"disk 91% full\","
                    + "\"timestamp\":1705314030.125,\"level\":4,\"_service\":\"api\"}",
            List.of("version", "host", "short_message"),
            List.of()),
    GCP(
            "gcp",
            "Google Cloud Logging JSON (exported LogEntry or structured stdout)",
            "{\"insertId\":\"42xyz\",\"jsonPayload\":{\"message\":\"cache miss\"},"
                    + "\"resource\":{\"type\":\"k8s_container\"},\"timestamp\":"
                    + "\"2024-01-15T10:20:30.123456Z\",\"severity\":\"WARNING\","
                    + "\"logName\":\"projects/shop/logs/stdout\"}",
            List.of(),
            List.of("insertId", "logName", "logging.googleapis.com/")),
    AZURE(
            "azure",
            "Azure Monitor resource log JSON (time, resourceId, category, level)",
            "{\"time\":\"2024-01-15T10:20:30.1234567Z\",\"resourceId\":\"/SUBSCRIPTIONS/0F1E/"
                    + "RESOURCEGROUPS/SHOP/PROVIDERS/MICROSOFT.WEB/SITES/SHOP\",\"category\":"
                    + "\"AppServiceConsoleLogs\",\"operationName\":\"Microsoft.Web/sites/log\","
                    + "\"level\":\"Informational\",\"resultDescription\":\"GET /health 200\"}",
            List.of("time", "resourceId", "category"),
            List.of()),
    DOCKER(
            "docker",
            "Docker json-file container log; the message is parsed again when its format is known",
            "{\"log\":\"2024-01-15 10:20:30,123 WARN [main] com.shop.Cart: slow\\n\","
                    + "\"stream\":\"stderr\",\"time\":\"2024-01-15T10:20:30.123456789Z\"}",
            List.of("log", "stream", "time"),
            List.of()),
    ZEEK_JSON(
            "zeek-json",
            "Zeek (Bro) JSON logs; ts in epoch seconds, id.orig_h as the client",
            "{\"ts\":1705314030.123456,\"uid\":\"CHhAvVGS1DHFjwGM9\",\"id.orig_h\":\"10.0.0.5\","
                    + "\"id.orig_p\":50522,\"id.resp_h\":\"93.184.216.34\",\"id.resp_p\":443,"
                    + "\"proto\":\"tcp\",\"service\":\"ssl\",\"conn_state\":\"SF\"}",
            List.of("ts"),
            List.of("uid", "fuid", "id.orig_h")),
    MONGODB(
            "mongodb",
            "MongoDB 4.4+ server log; t.$date as the time, s (F E W I D1..D5) as the level,"
                    + " the component c as the logger, ctx as the thread, attr.* in extra",
            "{\"t\":{\"$date\":\"2024-01-15T10:20:30.123+00:00\"},\"s\":\"I\",\"c\":"
                    + "\"NETWORK\",\"id\":22943,\"ctx\":\"listener\",\"msg\":\"Connection"
                    + " accepted\",\"attr\":{\"remote\":\"10.0.0.5:50522\"}}",
            List.of("t.$date", "s", "c", "msg"),
            List.of()),
    CADDY(
            "caddy",
            "Caddy 2 access log (JSON); request.* as the client, method, path, protocol and host,"
                    + " size as the bytes, duration (seconds) as the request time",
            "{\"level\":\"info\",\"ts\":1705314030.123,\"logger\":\"http.log.access.log0\","
                    + "\"msg\":\"handled request\",\"request\":{\"remote_ip\":\"10.0.0.5\","
                    + "\"remote_port\":\"50522\",\"proto\":\"HTTP/2.0\",\"method\":\"GET\","
                    + "\"host\":\"shop.example\",\"uri\":\"/cart?id=7\",\"headers\":{"
                    + "\"User-Agent\":[\"curl/8.5.0\"]}},\"bytes_read\":0,\"user_id\":\"\","
                    + "\"duration\":0.0042,\"size\":512,\"status\":200}",
            List.of("request.uri", "request.method", "duration", "size", "status"),
            List.of()),
    NEXTCLOUD(
            "nextcloud",
            "Nextcloud's nextcloud.log (JSON); levels 0 to 4 read as debug to fatal (not syslog's"
                    + " numbers), remoteAddr as the client, url as the path, app as the program",
            "{\"reqId\":\"YZa1b2\",\"level\":2,\"time\":\"2024-01-15T10:20:30+00:00\","
                    + "\"remoteAddr\":\"10.0.0.5\",\"user\":\"alice\",\"app\":\"files\","
                    + "\"method\":\"PROPFIND\",\"url\":\"/remote.php/dav/files/alice/\","
                    + "\"message\":\"File not found\",\"userAgent\":\"Nextcloud-android\","
                    + "\"version\":\"27.1.3.2\"}",
            List.of("reqId", "remoteAddr", "app", "url", "level"),
            List.of()),
    TRAEFIK_JSON(
            "traefik-json",
            "Traefik's access log in JSON; ClientHost, RequestMethod, RequestPath,"
                    + " DownstreamStatus, DownstreamContentSize, Duration (nanoseconds) as the"
                    + " request time",
            "{\"ClientHost\":\"10.0.0.5\",\"ClientUsername\":\"-\",\"DownstreamContentSize\":"
                    + "512,\"DownstreamStatus\":200,\"Duration\":4200000,\"RequestHost\":"
                    + "\"shop.example\",\"RequestMethod\":\"GET\",\"RequestPath\":\"/cart?id=7\","
                    + "\"RequestProtocol\":\"HTTP/2.0\",\"RouterName\":\"shop@docker\","
                    + "\"level\":\"info\",\"msg\":\"\",\"time\":\"2024-01-15T10:20:30Z\"}",
            List.of("ClientHost", "RequestMethod", "RequestPath", "DownstreamStatus"),
            List.of()),
    K8S_AUDIT(
            "k8s-audit",
            "Kubernetes API server audit log (JSON); requestReceivedTimestamp as the time, the"
                    + " verb as the method, requestURI as the path, responseStatus.code as the"
                    + " status, user.username as the user, a single source IP as the client; the"
                    + " audit level (Metadata, Request...) in extra, no severity",
            "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\","
                    + "\"auditID\":\"0b5c\",\"stage\":\"ResponseComplete\",\"requestURI\":"
                    + "\"/api/v1/namespaces/shop/pods?limit=500\",\"verb\":\"list\",\"user\":"
                    + "{\"username\":\"alice\"},\"sourceIPs\":[\"10.0.0.5\"],\"userAgent\":"
                    + "\"kubectl/v1.29.0\",\"responseStatus\":{\"code\":200},"
                    + "\"requestReceivedTimestamp\":\"2024-01-15T10:20:30.123456Z\","
                    + "\"stageTimestamp\":\"2024-01-15T10:20:30.133456Z\"}",
            List.of("auditID", "stage", "verb", "requestURI"),
            List.of());

    private final String formatName;
    private final String description;
    private final String example;
    private final JsonSignature signature;

    JsonPreset(
            String formatName,
            String description,
            String example,
            List<String> required,
            List<String> anyOf) {
        this.formatName = formatName;
        this.description = description;
        this.example = example;
        this.signature = JsonSignature.of(required, anyOf);
    }

    public String formatName() {
        return formatName;
    }

    public String description() {
        return description;
    }

    public String example() {
        return example;
    }

    /**
     * The keys this family names its fields by, before the defaults: a family's own short keys
     * ({@code s}, {@code c}) are no field's in other JSON.
     */
    public JsonFieldMapping ownKeys(JsonFieldMapping defaults) {
        if (this == CADDY) {
            // client_ip is the client behind trusted proxies (2.7+), remote_ip the peer.
            return defaults.with(Field.CLIENT, List.of("request.client_ip", "request.remote_ip"))
                    .with(Field.METHOD, List.of("request.method"))
                    .with(Field.PATH, List.of("request.uri"))
                    .with(Field.PROTOCOL, List.of("request.proto"))
                    .with(Field.HOST, List.of("request.host"))
                    .with(Field.USER, List.of("user_id"))
                    .with(Field.BYTES, List.of("size"))
                    .with(Field.REQUEST_TIME, List.of("duration"))
                    .with(Field.USER_AGENT, List.of("request.headers.User-Agent"))
                    .with(Field.REFERRER, List.of("request.headers.Referer"));
        }
        if (this == NEXTCLOUD) {
            return defaults.with(Field.CLIENT, List.of("remoteAddr"))
                    .with(Field.PATH, List.of("url"))
                    .withNumberedLevels(List.of("debug", "info", "warning", "error", "fatal"));
        }
        if (this == TRAEFIK_JSON) {
            return defaults.with(Field.CLIENT, List.of("ClientHost"))
                    .with(Field.USER, List.of("ClientUsername"))
                    .with(Field.METHOD, List.of("RequestMethod"))
                    .with(Field.PATH, List.of("RequestPath"))
                    .with(Field.PROTOCOL, List.of("RequestProtocol"))
                    .with(Field.HOST, List.of("RequestHost"))
                    .with(Field.STATUS, List.of("DownstreamStatus"))
                    .with(Field.BYTES, List.of("DownstreamContentSize"))
                    .with(Field.REQUEST_TIME, List.of("Duration"))
                    .with(Field.USER_AGENT, List.of("request_User-Agent"))
                    .with(Field.REFERRER, List.of("request_Referer"))
                    .withRequestTimeIn(1e-9);
        }
        if (this == K8S_AUDIT) {
            // The audit level says how much of a request is recorded, not how grave it is.
            return defaults.with(Field.TIMESTAMP, List.of("requestReceivedTimestamp"))
                    .with(Field.LEVEL, List.of())
                    .with(Field.METHOD, List.of("verb"))
                    .with(Field.PATH, List.of("requestURI"))
                    .with(Field.STATUS, List.of("responseStatus.code"))
                    .with(Field.USER, List.of("user.username"))
                    .with(Field.CLIENT, List.of("sourceIPs"));
        }
        if (this != MONGODB) {
            return defaults;
        }
        return defaults.with(Field.TIMESTAMP, List.of("t.$date"))
                .with(Field.LEVEL, List.of("s"))
                .with(Field.LOGGER, List.of("c"))
                .with(Field.THREAD, List.of("ctx"));
    }

    /**
     * Whether this family's events differ from json's of the same line: Docker's message without
     * its line end, journald's of bytes as text, MongoDB's time, level, logger and thread, Caddy's,
     * Traefik's and Kubernetes' audit requests.
     */
    public boolean readsOtherwiseThanJson() {
        return this == DOCKER
                || this == JOURNALD
                || this == MONGODB
                || this == CADDY
                || this == NEXTCLOUD
                || this == TRAEFIK_JSON
                || this == K8S_AUDIT;
    }

    /** The format of this family with a mapping (the defaults, or with the user's keys). */
    public JsonFormat format(JsonFieldMapping mapping) {
        return new JsonFormat(formatName, mapping, signature, this == DOCKER, this == JOURNALD);
    }
}
