package dev.logslice.format.json;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The JSON log families: their keys, numeric levels and times, and the key options. */
class JsonFamiliesTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    private LogFormat format(String name) {
        return registry.create(name, FormatOptions.none());
    }

    @ParameterizedTest
    @CsvSource({"10, trace", "20, debug", "30, info", "40, warn", "50, error", "60, fatal"})
    void bunyanAndPinoLevelsHaveTheirNames(int number, String name) {
        LogEvent bunyan =
                Parsing.event(
                        format("bunyan"),
                        "{\"name\":\"checkout\",\"hostname\":\"web-1\",\"pid\":4242,\"level\":"
                                + number
                                + ",\"msg\":\"m\",\"time\":\"2024-01-15T10:20:30.123Z\",\"v\":0}");
        LogEvent pino =
                Parsing.event(
                        format("pino"),
                        "{\"level\":"
                                + number
                                + ",\"time\":1705314030123,\"pid\":1,\"hostname\":\"h\",\"msg\":\"m\"}");

        assertThat(bunyan.level()).isEqualTo(name);
        assertThat(pino.level()).isEqualTo(name);
        assertThat(pino.timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
    }

    @Test
    void customPinoLevelsKeepTheirNumber() {
        LogEvent event =
                Parsing.event(
                        format("pino"),
                        "{\"level\":35,\"time\":1705314030123,\"pid\":1,\"hostname\":\"h\"}");

        assertThat(event.level()).isEqualTo("35");
    }

    @Test
    void journaldExportGivesTimeLevelHostProgramAndPid() {
        LogEvent event =
                Parsing.event(
                        format("journald"),
                        "{\"__CURSOR\":\"s=6f1c;i=2a\",\"__REALTIME_TIMESTAMP\":\"1705314030123456\","
                                + "\"__MONOTONIC_TIMESTAMP\":\"81234\",\"PRIORITY\":\"3\","
                                + "\"_HOSTNAME\":\"web-1\",\"SYSLOG_IDENTIFIER\":\"sshd\",\"_PID\":"
                                + "\"812\",\"_COMM\":\"sshd\",\"MESSAGE\":\"error: kex_exchange\"}");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(event.level()).isEqualTo("err");
        assertThat(event.host()).isEqualTo("web-1");
        assertThat(event.program()).isEqualTo("sshd");
        assertThat(event.pid()).isEqualTo(812);
        assertThat(event.message()).isEqualTo("error: kex_exchange");
        assertThat(event.extra()).containsEntry("_COMM", "sshd");
    }

    /**
     * journalctl -o json writes a value that is not valid UTF-8 or holds control characters (a
     * coloured line: ESC) as an array of its bytes: the message was lost to extra as "[27, 91,
     * ...]".
     */
    @Test
    void journaldMessagesWrittenAsBytesAreTheirText() {
        // ESC[31m "disk full" ESC[0m, a tab, "é" and an invalid byte 0xFF.
        String bytes =
                "[27,91,51,49,109,100,105,115,107,32,102,117,108,108,27,91,48,109,9,195,169,255]";
        LogEvent event =
                Parsing.event(
                        format("journald"),
                        "{\"__REALTIME_TIMESTAMP\":\"1705314030123456\",\"PRIORITY\":\"3\","
                                + "\"SYSLOG_IDENTIFIER\":[115,104],\"MESSAGE\":"
                                + bytes
                                + ",\"_CMDLINE\":[1,2,300],\"TAGS\":[\"a\"]}");

        assertThat(event.message()).isEqualTo("disk full\t\u00e9\ufffd");
        assertThat(event.program()).isEqualTo("sh");
        // Only arrays of bytes are text: others stay JSON text in extra.
        assertThat(event.extra()).containsEntry("_CMDLINE", "[1,2,300]");
        assertThat(event.extra()).containsEntry("TAGS", "[\"a\"]");
        assertThat(Parsing.event(format("json"), "{\"message\":[104,105]}").message()).isNull();
    }

    @Test
    void gelfUsesShortMessageSyslogLevelsAndFloatSeconds() {
        LogEvent event =
                Parsing.event(
                        format("gelf"),
                        "{\"version\":\"1.1\",\"host\":\"web-1\",\"short_message\":\"disk full\","
                                + "\"full_message\":\"disk full\\n/dev/sda1 100%\",\"timestamp\":"
                                + "1705314030.125,\"level\":4,\"_service\":\"api\"}");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.125Z");
        assertThat(event.level()).isEqualTo("warning");
        assertThat(event.message()).isEqualTo("disk full");
        assertThat(event.extra())
                .containsEntry("full_message", "disk full\n/dev/sda1 100%")
                .containsEntry("_service", "api");
    }

    @Test
    void gcpLogEntryAndAzureResourceLog() {
        LogEvent gcp =
                Parsing.event(
                        format("gcp"),
                        "{\"insertId\":\"42\",\"jsonPayload\":{\"message\":\"cache miss\",\"key\":"
                                + "\"u:7\"},\"httpRequest\":{\"status\":404,\"remoteIp\":\"10.0.0.9\"},"
                                + "\"timestamp\":\"2024-01-15T10:20:30.123456Z\",\"severity\":"
                                + "\"WARNING\",\"logName\":\"projects/shop/logs/stdout\"}");
        LogEvent azure =
                Parsing.event(
                        format("azure"),
                        "{\"time\":\"2024-01-15T10:20:30.1234567Z\",\"resourceId\":\"/SUBSCRIPTIONS/"
                                + "0F/SITES/SHOP\",\"category\":\"AppServiceConsoleLogs\",\"level\":"
                                + "\"Error\",\"callerIpAddress\":\"203.0.113.9\",\"resultDescription\":"
                                + "\"boom\"}");

        assertThat(gcp.level()).isEqualTo("WARNING");
        assertThat(gcp.message()).isEqualTo("cache miss");
        assertThat(gcp.status()).isEqualTo(404);
        assertThat(gcp.client()).isEqualTo("10.0.0.9");
        assertThat(gcp.extra()).containsEntry("jsonPayload.key", "u:7");
        assertThat(azure.timestampText()).isEqualTo("2024-01-15T10:20:30.1234567Z");
        assertThat(azure.level()).isEqualTo("Error");
        assertThat(azure.client()).isEqualTo("203.0.113.9");
        assertThat(azure.message()).isEqualTo("boom");
    }

    @Test
    void zeekJsonReadsEpochSecondsAndDottedKeys() {
        LogEvent event =
                Parsing.event(
                        format("zeek-json"),
                        "{\"ts\":1705314030.123456,\"uid\":\"CHhAvVGS1DHFjwGM9\",\"id.orig_h\":"
                                + "\"10.0.0.5\",\"id.orig_p\":50522,\"proto\":\"tcp\"}");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(event.client()).isEqualTo("10.0.0.5");
        assertThat(event.extra())
                .containsEntry("id.orig_p", 50522L)
                .containsEntry("uid", "CHhAvVGS1DHFjwGM9");
    }

    @Test
    void mongodbsTimeLevelComponentAndContext() throws Exception {
        String log =
                "{\"t\":{\"$date\":\"2024-01-15T10:20:30.123+01:00\"},\"s\":\"W\",\"c\":"
                        + "\"NETWORK\",\"id\":22943,\"ctx\":\"conn42\",\"msg\":\"Slow query\","
                        + "\"attr\":{\"remote\":\"10.0.0.5:50522\",\"durationMillis\":1204}}\n"
                        + "{\"t\":{\"$date\":\"2024-01-15T10:20:31.000Z\"},\"s\":\"D2\",\"c\":"
                        + "\"STORAGE\",\"id\":1,\"ctx\":\"WTCheckpointThread\",\"msg\":\"x\"}";
        assertThat(detected(log)).isEqualTo("mongodb");
        List<ParseResult> results = Parsing.assemble(format("mongodb"), log, EventBounds.DEFAULTS);
        LogEvent slow = (LogEvent) results.get(0);
        LogEvent debug = (LogEvent) results.get(1);

        assertThat(slow.timestampText()).isEqualTo("2024-01-15T10:20:30.123+01:00");
        assertThat(slow.level()).isEqualTo("warning");
        assertThat(slow.logger()).isEqualTo("NETWORK");
        assertThat(slow.thread()).isEqualTo("conn42");
        assertThat(slow.message()).isEqualTo("Slow query");
        assertThat(slow.extra())
                .containsEntry("attr.remote", "10.0.0.5:50522")
                .containsEntry("attr.durationMillis", 1204L);
        assertThat(debug.level()).isEqualTo("debug");
        // In other JSON, s and c are nobody's level and logger.
        LogEvent plain = Parsing.event(format("json"), "{\"s\":\"W\",\"c\":\"x\",\"msg\":\"m\"}");
        assertThat(plain.level()).isNull();
        assertThat(plain.logger()).isNull();
    }

    @Test
    void caddysAccessLogIsAnAccessLog() throws Exception {
        String log =
                "{\"level\":\"info\",\"ts\":1705314030.5,\"logger\":\"http.log.access.log0\","
                        + "\"msg\":\"handled request\",\"request\":{\"remote_ip\":\"10.0.0.9\","
                        + "\"remote_port\":\"50522\",\"client_ip\":\"203.0.113.7\",\"proto\":"
                        + "\"HTTP/2.0\",\"method\":\"POST\",\"host\":\"shop.example\",\"uri\":"
                        + "\"/cart?id=7\",\"headers\":{\"User-Agent\":[\"curl/8.5.0\"],\"Accept\":"
                        + "[\"a\",\"b\"],\"Referer\":[\"https://shop.example/\"]}},\"bytes_read\":12,"
                        + "\"user_id\":\"\",\"duration\":0.0042,\"size\":512,\"status\":502}\n"
                        // Before 2.7: no client_ip, the peer is the client.
                        + "{\"level\":\"info\",\"ts\":1705314031,\"logger\":\"http.log.access\","
                        + "\"msg\":\"handled request\",\"request\":{\"remote_ip\":\"10.0.0.9\","
                        + "\"method\":\"GET\",\"uri\":\"/\"},\"user_id\":\"bob\",\"duration\":1.5,"
                        + "\"size\":0,\"status\":200}";
        assertThat(detected(log)).isEqualTo("caddy");
        List<ParseResult> results = Parsing.assemble(format("caddy"), log, EventBounds.DEFAULTS);
        LogEvent post = (LogEvent) results.get(0);
        LogEvent get = (LogEvent) results.get(1);

        assertThat(post.client()).isEqualTo("203.0.113.7");
        assertThat(post.method()).isEqualTo("POST");
        assertThat(post.path()).isEqualTo("/cart?id=7");
        assertThat(post.protocol()).isEqualTo("HTTP/2.0");
        assertThat(post.status()).isEqualTo(502);
        assertThat(post.bytes()).isEqualTo(512);
        assertThat(post.requestTime()).isEqualTo(0.0042);
        assertThat(post.userAgent()).isEqualTo("curl/8.5.0");
        assertThat(post.referrer()).isEqualTo("https://shop.example/");
        assertThat(post.user()).isNull();
        assertThat(post.extra())
                .containsEntry("request.remote_ip", "10.0.0.9")
                .containsEntry("request.headers.Accept", "[\"a\",\"b\"]");
        assertThat(get.client()).isEqualTo("10.0.0.9");
        assertThat(get.user()).isEqualTo("bob");
        // In other JSON, size and duration are nobody's bytes and request time.
        LogEvent plain = Parsing.event(format("json"), "{\"size\":3,\"duration\":9,\"msg\":\"m\"}");
        assertThat(plain.has(Field.BYTES)).isFalse();
        assertThat(plain.has(Field.REQUEST_TIME)).isFalse();
    }

    @Test
    void traefiksJsonAccessLogIsAnAccessLogTimedInNanoseconds() throws Exception {
        String log =
                "{\"ClientHost\":\"2001:db8::7\",\"ClientUsername\":\"-\",\"DownstreamContentSize\":"
                        + "512,\"DownstreamStatus\":503,\"Duration\":4200000,\"RequestHost\":"
                        + "\"shop.example\",\"RequestMethod\":\"GET\",\"RequestPath\":\"/cart?id=7\","
                        + "\"RequestProtocol\":\"HTTP/2.0\",\"RouterName\":\"shop@docker\","
                        + "\"request_User-Agent\":\"curl/8.5.0\",\"level\":\"info\",\"msg\":\"\","
                        + "\"time\":\"2024-01-15T10:20:30+01:00\"}";
        assertThat(detected(log)).isEqualTo("traefik-json");
        LogEvent event = Parsing.event(format("traefik-json"), log);

        assertThat(event.client()).isEqualTo("2001:db8::7");
        assertThat(event.user()).isNull();
        assertThat(event.method()).isEqualTo("GET");
        assertThat(event.path()).isEqualTo("/cart?id=7");
        assertThat(event.status()).isEqualTo(503);
        assertThat(event.bytes()).isEqualTo(512);
        assertThat(event.requestTime()).isCloseTo(0.0042, within(1e-12));
        assertThat(event.userAgent()).isEqualTo("curl/8.5.0");
        assertThat(event.host()).isEqualTo("shop.example");
        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30+01:00");
        assertThat(event.extra()).containsEntry("RouterName", "shop@docker");
    }

    /**
     * Nextcloud numbers its levels 0 to 4 from debug to fatal: read as syslog's, a warning (2) was
     * critical and a fatal error (4) a warning.
     */
    @Test
    void nextcloudsOwnLevelNumbers() throws Exception {
        String log =
                "{\"reqId\":\"a1\",\"level\":2,\"time\":\"2024-01-15T10:20:30+00:00\","
                        + "\"remoteAddr\":\"10.0.0.5\",\"user\":\"alice\",\"app\":\"files\","
                        + "\"method\":\"PROPFIND\",\"url\":\"/remote.php/dav/files/alice/\","
                        + "\"message\":\"File not found\",\"userAgent\":\"Nextcloud-android\","
                        + "\"version\":\"27.1.3.2\"}\n"
                        + "{\"reqId\":\"b2\",\"level\":4,\"time\":\"2024-01-15T10:20:31+00:00\","
                        + "\"remoteAddr\":\"\",\"user\":\"--\",\"app\":\"cron\",\"method\":\"\","
                        + "\"url\":\"--\",\"message\":\"Database unreachable\","
                        + "\"version\":\"27.1.3.2\"}";
        assertThat(detected(log)).isEqualTo("nextcloud");
        List<LogEvent> events =
                log.lines().map(line -> Parsing.event(format("nextcloud"), line)).toList();

        assertThat(events).extracting(LogEvent::level).containsExactly("warning", "fatal");
        assertThat(events.get(0).client()).isEqualTo("10.0.0.5");
        assertThat(events.get(0).path()).isEqualTo("/remote.php/dav/files/alice/");
        assertThat(events.get(0).program()).isEqualTo("files");
        // Elsewhere a small number stays a syslog severity.
        assertThat(Parsing.event(format("json"), "{\"level\":2,\"msg\":\"m\"}").level())
                .isEqualTo("crit");
    }

    /**
     * Kubernetes' audit log: read as plain JSON it had no time (its keys are
     * requestReceivedTimestamp and stageTimestamp) and its audit level (how much of a request is
     * recorded: Metadata, Request...) as the severity. The verb, request URI, response code, the
     * user's name and the first source address are the request's.
     */
    @Test
    void kubernetesAuditEventsAreRequests() throws Exception {
        String log =
                "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\","
                        + "\"auditID\":\"0b5c\",\"stage\":\"ResponseComplete\",\"requestURI\":"
                        + "\"/api/v1/namespaces/default/pods?limit=500\",\"verb\":\"list\",\"user\":"
                        + "{\"username\":\"system:serviceaccount:kube-system:ünï\",\"groups\":"
                        + "[\"system:serviceaccounts\"]},\"sourceIPs\":[\"10.0.0.5\"],\"userAgent\":"
                        + "\"kubectl/v1.29.0\",\"objectRef\":{\"resource\":\"pods\",\"namespace\":"
                        + "\"default\"},\"responseStatus\":{\"metadata\":{},\"code\":200},"
                        + "\"requestReceivedTimestamp\":\"2024-01-15T10:20:30.123456Z\","
                        + "\"stageTimestamp\":\"2024-01-15T10:20:30.133456Z\"}\n"
                        // The stage before the response: no code yet; two source addresses.
                        + "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":"
                        + "\"RequestResponse\",\"auditID\":\"1c6d\",\"stage\":\"RequestReceived\","
                        + "\"requestURI\":\"/api/v1/namespaces/shop/secrets/db\",\"verb\":\"get\","
                        + "\"user\":{\"username\":\"alice\"},\"sourceIPs\":[\"203.0.113.9\","
                        + "\"10.0.0.1\"],\"requestReceivedTimestamp\":"
                        + "\"2024-01-15T10:20:31.000001Z\",\"stageTimestamp\":"
                        + "\"2024-01-15T10:20:31.000001Z\"}";

        assertThat(detected(log)).isEqualTo("k8s-audit");
        List<LogEvent> events =
                log.lines().map(line -> Parsing.event(format("k8s-audit"), line)).toList();

        LogEvent list = events.get(0);
        assertThat(list.timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(list.level()).isNull();
        assertThat(list.extra()).containsEntry("level", "Metadata");
        assertThat(list.method()).isEqualTo("list");
        assertThat(list.path()).isEqualTo("/api/v1/namespaces/default/pods?limit=500");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.user()).isEqualTo("system:serviceaccount:kube-system:ünï");
        assertThat(list.client()).isEqualTo("10.0.0.5");
        assertThat(list.userAgent()).isEqualTo("kubectl/v1.29.0");
        LogEvent get = events.get(1);
        assertThat(get.timestampText()).isEqualTo("2024-01-15T10:20:31.000001Z");
        assertThat(get.has(Field.STATUS)).isFalse();
        assertThat(get.user()).isEqualTo("alice");
        // No one address is the client; the list stays as written.
        assertThat(get.has(Field.CLIENT)).isFalse();
        assertThat(get.extra()).containsEntry("sourceIPs", "[\"203.0.113.9\",\"10.0.0.1\"]");
    }

    /**
     * The nginx JSON log_format most copied from the web: its time, referrer and request line were
     * left in extra, so stats had no timeline, paths or methods for it.
     */
    @Test
    void nginxJsonLogsTimeRequestLineAndReferrer() {
        LogEvent event =
                Parsing.event(
                        format("json"),
                        "{\"time_local\":\"15/Jan/2024:10:20:30 +0100\",\"remote_addr\":"
                                + "\"10.0.0.5\",\"remote_user\":\"\",\"request\":\"PROPFIND"
                                + " /dav/a b.txt HTTP/1.1\",\"status\": \"207\",\"body_bytes_sent\":"
                                + "\"512\",\"request_time\":\"0.012\",\"http_referrer\":"
                                + "\"https://shop.example/\",\"http_user_agent\":\"curl/8.0\"}");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30+01:00");
        assertThat(event.method()).isEqualTo("PROPFIND");
        assertThat(event.path()).isEqualTo("/dav/a b.txt");
        assertThat(event.protocol()).isEqualTo("HTTP/1.1");
        assertThat(event.status()).isEqualTo(207);
        assertThat(event.referrer()).isEqualTo("https://shop.example/");
        assertThat(event.extra()).doesNotContainKey("request");

        LogEvent iso =
                Parsing.event(
                        format("json"),
                        "{\"time_iso8601\":\"2024-01-15T10:20:30+00:00\",\"request\":\"GET"
                                + " /\",\"method\":\"POST\"}");
        assertThat(iso.timestampText()).isEqualTo("2024-01-15T10:20:30Z");
        // A key that names the method wins; the request stays as logged.
        assertThat(iso.method()).isEqualTo("POST");
        assertThat(iso.extra()).containsEntry("request", "GET /");

        LogEvent prose =
                Parsing.event(format("json"), "{\"msg\":\"m\",\"request\":\"no request\"}");
        assertThat(prose.has(Field.METHOD)).isFalse();
        assertThat(prose.extra()).containsEntry("request", "no request");
    }

    private String detected(String content) throws Exception {
        return Parsing.detected(registry, content);
    }

    @ParameterizedTest
    @CsvSource({
        "mongodb, '{\"t\":\"2024-01-15T10:20:30Z\",\"s\":\"I\",\"c\":\"x\",\"msg\":\"m\"}'",
        "bunyan, '{\"level\":30,\"hostname\":\"h\",\"pid\":1,\"time\":\"2024-01-15T10:20:30Z\"}'",
        "gelf, '{\"version\":\"1.1\",\"host\":\"h\",\"message\":\"m\"}'",
        "journald, '{\"MESSAGE\":\"m\",\"PRIORITY\":\"6\"}'",
        "gcp, '{\"severity\":\"INFO\",\"message\":\"m\"}'",
        "zeek-json, '{\"ts\":1705314030.5,\"proto\":\"tcp\"}'",
    })
    void aFamilyTakesOnlyLinesWithItsKeys(String family, String line) {
        ParseResult result = Parsing.result(format(family).newParser(Parsing.CONTEXT), line);

        assertThat(result).isInstanceOf(MalformedLine.class);
        assertThat(((MalformedLine) result).reason()).startsWith("a JSON object without the keys");
        assertThat(Parsing.event(format("json"), line)).isNotNull();
    }

    @ParameterizedTest
    @CsvSource({
        "created_at, '\"2024-01-15T10:20:30Z\"', 2024-01-15T10:20:30Z",
        "__REALTIME_TIMESTAMP, '\"1705314030123456\"', 2024-01-15T10:20:30.123456Z",
        "time, 1705314030, 2024-01-15T10:20:30Z",
        "time, 1705314030123, 2024-01-15T10:20:30.123Z",
        "time, 1705314030123456, 2024-01-15T10:20:30.123456Z",
        "time, 1705314030123456789, 2024-01-15T10:20:30.123456789Z",
    })
    void plainJsonTakesTheUsualTimeKeysAndEpochsByMagnitude(
            String key, String value, String expected) {
        LogEvent event = Parsing.event(format("json"), "{\"" + key + "\":" + value + "}");

        assertThat(event.timestampText()).isEqualTo(expected);
    }

    /**
     * Counts of digits no unit of now has (17: microseconds of the year 2510, nanoseconds of 1970)
     * are no time: the number stays in extra.
     */
    @ParameterizedTest
    @ValueSource(strings = {"17053140301234567", "17053140301234", "99999999999999999"})
    void anEpochPastTheYear2100IsNoTime(String value) {
        LogEvent event = Parsing.event(format("json"), "{\"time\":" + value + ",\"msg\":\"m\"}");

        assertThat(event.has(Field.TIMESTAMP)).as(value).isFalse();
        assertThat(event.extra()).containsEntry("time", Long.parseLong(value));
    }

    @Test
    void theKeyOptionsChooseTimeLevelAndMessage() {
        FormatOptions options =
                FormatOptions.none()
                        .withJsonKeys(Field.TIMESTAMP, List.of("when"))
                        .withJsonKeys(Field.LEVEL, List.of("sev", "prio"))
                        .withJsonKeys(Field.MESSAGE, List.of("event.text"));
        String line =
                "{\"time\":\"2020-01-01T00:00:00Z\",\"when\":\"2024-01-15T10:20:30Z\",\"prio\":\"hi\","
                        + "\"level\":\"INFO\",\"event\":{\"text\":\"chosen\"},\"message\":\"not\"}";

        for (String name : List.of("json", "bunyan", "docker")) {
            LogFormat format = registry.create(name, options);
            assertThat(format.name()).isEqualTo(name);
        }
        LogEvent event = Parsing.event(registry.create("json", options), line);

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30Z");
        assertThat(event.level()).isEqualTo("hi");
        assertThat(event.message()).isEqualTo("chosen");
        assertThat(event.extra())
                .containsEntry("time", "2020-01-01T00:00:00Z")
                .containsEntry("level", "INFO")
                .containsEntry("message", "not");
    }

    @Test
    void theKeyOptionsAreRefusedByFormatsWithoutKeys() {
        FormatOptions options = FormatOptions.none().withJsonKeys(Field.LEVEL, List.of("sev"));

        assertThatThrownBy(() -> registry.create("syslog", options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--level-field");
    }
}
