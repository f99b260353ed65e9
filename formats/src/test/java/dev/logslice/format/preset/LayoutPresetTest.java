package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.Severity;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** The layout presets on realistic and hostile lines. */
class LayoutPresetTest {
    private static LogFormat format(String name) {
        return FormatRegistry.standard().create(name, FormatOptions.none());
    }

    private static boolean isMalformed(String format, String line) {
        return Parsing.result(format(format).newParser(Parsing.CONTEXT), line)
                instanceof MalformedLine;
    }

    @Test
    void logcatThreadtimeWithPaddedIdsAndATagWithSpaces() {
        LogEvent event =
                Parsing.event(
                        format("logcat"),
                        "03-17 16:13:38.811   742  1779 W Bluetooth HCI: reset: timeout (2) ");

        // The year is the last one before the reference time (2016-01-01) with this date.
        assertThat(event.timestampText()).isEqualTo("2015-03-17T16:13:38.811Z");
        assertThat(event.pid()).isEqualTo(742);
        assertThat(event.extra()).containsEntry("threadId", 1779L);
        assertThat(event.level()).isEqualTo("warn");
        assertThat(event.logger()).isEqualTo("Bluetooth HCI");
        assertThat(event.message()).isEqualTo("reset: timeout (2) ");
    }

    @Test
    void logcatTimeAndBriefWithPaddedPids() {
        LogEvent time =
                Parsing.event(
                        format("logcat"),
                        "03-17 16:13:38.811 E/AndroidRuntime(  585): FATAL EXCEPTION: main");
        LogEvent brief =
                Parsing.event(format("logcat"), "D/dalvikvm(12345): GC_CONCURRENT freed 2049K");

        assertThat(time.level()).isEqualTo("error");
        assertThat(time.logger()).isEqualTo("AndroidRuntime");
        assertThat(time.pid()).isEqualTo(585);
        assertThat(time.message()).isEqualTo("FATAL EXCEPTION: main");
        assertThat(brief.timestamp()).isNull();
        assertThat(brief.level()).isEqualTo("debug");
        assertThat(brief.pid()).isEqualTo(12345);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "03-17 16:13:38.811   742  1779 X Tag: unknown level letter",
                "03-17 16:13:38.811   742  1779 Info Tag: a word is no logcat level",
                "--------- beginning of main",
            })
    void logcatRejectsWhatIsNotLogcat(String line) {
        assertThat(isMalformed("logcat", line)).isTrue();
    }

    @Test
    void pythonDocsLayoutAndBasicConfig() {
        LogEvent docs =
                Parsing.event(
                        format("python"),
                        "2024-01-15 10:20:30,123 - app.db - ERROR - query failed - retrying in 2 s");
        LogEvent basic = Parsing.event(format("python"), "WARNING:root:disk: 91% full");

        assertThat(docs.timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(docs.logger()).isEqualTo("app.db");
        assertThat(docs.level()).isEqualTo("ERROR");
        assertThat(docs.message()).isEqualTo("query failed - retrying in 2 s");
        assertThat(basic.level()).isEqualTo("WARNING");
        assertThat(basic.logger()).isEqualTo("root");
        assertThat(basic.message()).isEqualTo("disk: 91% full");
    }

    /**
     * Custom level names (logging.addLevelName) and the aliases WARN and FATAL, in any case, as
     * other app formats take levels: any name on the severity scale; other words stay no level.
     */
    @ParameterizedTest
    @CsvSource({
        "warn, WARNING",
        "Fatal, CRITICAL",
        "WARN, WARNING",
        "FATAL, CRITICAL",
        "TRACE, TRACE",
        "NOTICE, NOTICE",
        "error, ERROR",
        "Info, INFO"
    })
    void pythonLevelsOnTheSeverityScaleInAnyCase(String level, String severity) {
        LogEvent docs =
                Parsing.event(
                        format("python"), "2024-01-15 10:20:30,123 - app - " + level + " - m");
        LogEvent basic = Parsing.event(format("python"), level + ":root:m");

        for (LogEvent event : List.of(docs, basic)) {
            assertThat(event.level()).isEqualTo(level);
            assertThat(Severity.of(event.level())).isEqualTo(Severity.valueOf(severity));
        }
        assertThat(isMalformed("python", "2024-01-15 10:20:30,123 - app - Chatty - m")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Traceback (most recent call last):",
                "  File \"/srv/app.py\", line 12, in <module>",
                "ValueError: invalid literal for int() with base 10: 'x'",
                "http://example.com:8080/path",
                "Note:see:the manual",
            })
    void pythonTracebacksAndLookAlikesStartNoEvent(String line) {
        assertThat(isMalformed("python", line)).isTrue();
    }

    @Test
    void openstackWithRequestContextWithoutAndWithLoghubsFilePrefix() {
        String body =
                "2017-05-16 00:00:00.008 25746 INFO nova.osapi_compute.wsgi.server [req-3810"
                        + " 113d3a99 54fadb41 - default default] 10.11.10.1 \"GET /v2/servers"
                        + " HTTP/1.1\" status: 200 len: 1893 time: 0.2477829";
        LogEvent event = Parsing.event(format("openstack"), body);
        LogEvent bare =
                Parsing.event(
                        format("openstack"),
                        "2017-05-16 00:00:04.500 2931 AUDIT nova.compute.manager [-] [instance:"
                                + " b9000564] VM Started (Lifecycle Event)");
        LogEvent prefixed =
                Parsing.event(format("openstack"), "nova-api.log.1.2017-05-16_13:53:08 " + body);

        assertThat(event.pid()).isEqualTo(25746);
        assertThat(event.level()).isEqualTo("INFO");
        assertThat(event.logger()).isEqualTo("nova.osapi_compute.wsgi.server");
        assertThat(event.extra())
                .containsEntry("context", "req-3810 113d3a99 54fadb41 - default default");
        assertThat(event.message()).startsWith("10.11.10.1 \"GET");
        assertThat(bare.extra()).containsEntry("context", "-");
        assertThat(bare.message()).isEqualTo("[instance: b9000564] VM Started (Lifecycle Event)");
        assertThat(prefixed.extra()).containsEntry("logFile", "nova-api.log.1.2017-05-16_13:53:08");
        assertThat(prefixed.message()).isEqualTo(event.message());
    }

    @Test
    void hdfsClassicLayout() {
        LogEvent event =
                Parsing.event(
                        format("hdfs"),
                        "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1"
                                + " for block blk_-1608999687919862906 terminating");

        assertThat(event.timestampText()).isEqualTo("2008-11-09T20:36:15Z");
        assertThat(event.pid()).isEqualTo(148);
        assertThat(event.level()).isEqualTo("INFO");
        assertThat(event.logger()).isEqualTo("dfs.DataNode$PacketResponder");
        assertThat(isMalformed("hdfs", "081109 203615 148 NOTE dfs.X: not a log4j level")).isTrue();
    }

    @Test
    void postgresqlDefaultAndDebianPrefixes() {
        LogEvent plain =
                Parsing.event(
                        format("postgresql"),
                        "2020-04-15 12:04:45.416 CEST [24981] FATAL:  password authentication"
                                + " failed for user \"root\"");
        LogEvent debian =
                Parsing.event(
                        format("postgresql"),
                        "2017-07-31 13:46:23 EST [768-1] postgres@postgres DEBUG2:  checkpoint");
        LogEvent unknownUser =
                Parsing.event(
                        format("postgresql"),
                        "2023-03-04 15:10:01.278 UTC [15902] [unknown]@[unknown] LOG:  connection"
                                + " received: host=[local]");

        assertThat(plain.timestampText()).isEqualTo("2020-04-15T12:04:45.416+02:00");
        assertThat(plain.pid()).isEqualTo(24981);
        assertThat(plain.level()).isEqualTo("FATAL");
        assertThat(plain.extra()).containsEntry("zone", "CEST");
        assertThat(plain.message()).isEqualTo("password authentication failed for user \"root\"");
        assertThat(debian.level()).isEqualTo("DEBUG2");
        assertThat(debian.user()).isEqualTo("postgres");
        assertThat(debian.extra())
                .containsEntry("lineNumber", 1L)
                .containsEntry("database", "postgres");
        assertThat(unknownUser.user()).isEqualTo("[unknown]");
        assertThat(isMalformed("postgresql", "\tFROM orders WHERE id = 7")).isTrue();
    }

    @Test
    void mysqlErrorLogsFromFiveFiveToEight() {
        LogEvent eight =
                Parsing.event(
                        format("mysql"),
                        "2019-03-24T13:44:27.924508Z 5 [Warning] [MY-010453] [Server] root@localhost"
                                + " is created with an empty password !");
        LogEvent mariadb =
                Parsing.event(
                        format("mysql"),
                        "2019-10-16 17:24:15 0 [Note] InnoDB: Using Linux native AIO");
        LogEvent old =
                Parsing.event(
                        format("mysql"),
                        "161209 14:18:50 [Warning] Using unique option prefix myisam-recover");
        LogEvent safe =
                Parsing.event(
                        format("mysql"), "161209 13:08:33 mysqld_safe Starting mysqld daemon");

        assertThat(eight.timestampText()).isEqualTo("2019-03-24T13:44:27.924508Z");
        assertThat(eight.thread()).isEqualTo("5");
        assertThat(eight.level()).isEqualTo("Warning");
        assertThat(eight.extra())
                .containsExactly(entry("errorCode", "MY-010453"), entry("subsystem", "Server"));
        assertThat(mariadb.level()).isEqualTo("Note");
        assertThat(mariadb.message()).isEqualTo("InnoDB: Using Linux native AIO");
        assertThat(old.timestampText()).isEqualTo("2016-12-09T14:18:50Z");
        assertThat(old.level()).isEqualTo("Warning");
        assertThat(safe.timestampText()).isEqualTo("2016-12-09T13:08:33Z");
        assertThat(safe.message()).isEqualTo("mysqld_safe Starting mysqld daemon");
    }

    @Test
    void windowsCbsAndSetupapi() {
        LogEvent cbs =
                Parsing.event(
                        format("windows-cbs"),
                        "2016-09-28 04:30:31, Error                 CSI    00000001@2016/9/27:20:30:31.455"
                                + " (F) onecore\\base\\wcp\\componentstore: HRESULT_FROM_WIN32(2)");
        LogEvent section =
                Parsing.event(format("setupapi"), ">>>  Section start 2024/01/15 10:20:30.123");
        LogEvent header =
                Parsing.event(
                        format("setupapi"),
                        ">>>  [Device Install (Hardware initiated) - USB\\VID_046D&PID_C52B\\5&2A]");

        assertThat(cbs.timestampText()).isEqualTo("2016-09-28T04:30:31Z");
        assertThat(cbs.level()).isEqualTo("Error");
        assertThat(cbs.logger()).isEqualTo("CSI");
        assertThat(cbs.message()).startsWith("00000001@2016/9/27");
        assertThat(section.timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(header.message()).startsWith("Device Install (Hardware initiated)");
        assertThat(format("setupapi").multiLine()).isTrue();
        assertThat(isMalformed("setupapi", "     ndv: Retrieving device info...")).isTrue();
    }

    @Test
    void awsLoadBalancersWithFailedTargets() {
        LogEvent alb =
                Parsing.event(
                        format("aws-elb"),
                        "h2 2024-01-15T10:20:30.123456Z app/shop/50dc6c 2001:db8::7:50522 -"
                                + " -1 -1 -1 502 - 214 0 \"GET https://shop.example.com:443/ HTTP/2.0\""
                                + " \"curl/8.4.0\" TLS_AES_128_GCM_SHA256 TLSv1.3 - \"Root=1-65\""
                                + " \"shop.example.com\" \"-\" 0 2024-01-15T10:20:30.100000Z"
                                + " \"forward\" \"-\" \"-\" \"-\" \"-\" \"-\" \"-\"");
        LogEvent classic =
                Parsing.event(
                        format("aws-elb"),
                        "2015-05-13T23:39:43.945958Z my-lb 192.168.131.39:2817 10.0.0.1:80 0.000073"
                                + " 0.001048 0.000057 200 200 0 29 \"GET http://www.example.com:80/"
                                + " HTTP/1.1\" \"curl/7.38.0\" - -");

        assertThat(alb.client()).isEqualTo("2001:db8::7");
        assertThat(alb.status()).isEqualTo(502);
        assertThat(alb.extra())
                .containsEntry("targetProcessingTime", "-1")
                .containsEntry("target", "-");
        assertThat(alb.method()).isEqualTo("GET");
        assertThat(alb.userAgent()).isEqualTo("curl/8.4.0");
        assertThat(classic.timestampText()).isEqualTo("2015-05-13T23:39:43.945958Z");
        assertThat(classic.client()).isEqualTo("192.168.131.39");
        assertThat(classic.bytes()).isEqualTo(29);
        assertThat(classic.path()).isEqualTo("http://www.example.com:80/");
    }

    @Test
    void s3AccessLogOldAndNew() {
        String old =
                "79a59df9 shop-assets [06/Feb/2019:00:00:38 +0000] 192.0.2.3 arn:aws:iam::1:user/x"
                        + " 3E57427F3EXAMPLE REST.GET.VERSIONING - \"GET /shop-assets?versioning"
                        + " HTTP/1.1\" 200 - 113 - 7 - \"-\" \"S3Console/0.4\"";
        LogEvent event = Parsing.event(format("aws-s3"), old);
        LogEvent newer =
                Parsing.event(
                        format("aws-s3"), old + " - s9lz= SigV2 ECDHE-RSA-AES128-SHA AuthHeader");

        assertThat(event.timestampText()).isEqualTo("2019-02-06T00:00:38Z");
        assertThat(event.client()).isEqualTo("192.0.2.3");
        assertThat(event.user()).isEqualTo("arn:aws:iam::1:user/x");
        assertThat(event.status()).isEqualTo(200);
        assertThat(event.bytes()).isEqualTo(113);
        assertThat(event.extra()).containsEntry("operation", "REST.GET.VERSIONING");
        assertThat(event.referrer()).isNull();
        assertThat(newer.userAgent()).isEqualTo("S3Console/0.4");
    }

    @Test
    void haproxyHttpAndTcpWithAndWithoutSyslog() {
        LogEvent http =
                Parsing.event(
                        format("haproxy"),
                        "Dec 10 15:46:49 voyager haproxy[29785]: 127.0.0.1:43738"
                                + " [10/Dec/2018:15:46:49.497] http-webservices http-webservices/<NOSRV>"
                                + " 0/-1/-1/-1/0 503 213 - - SC-- 1/1/0/0/0 0/0 {localhost:8888||} {|}"
                                + " \"GET /foo HTTP/1.1\"");
        LogEvent tcp =
                Parsing.event(
                        format("haproxy"),
                        "[::1]:40962 [20/Sep/2018:15:44:23.285] main app/<NOSRV> -1/-1/1 212 SC"
                                + " 1/1/0/0/0 0/0");
        LogEvent own =
                Parsing.event(
                        format("haproxy"),
                        "Sep 20 15:42:59 lb1 haproxy[24551]: Connect from 1.2.3.4:40780 to"
                                + " 1.2.3.4:5000 (main/HTTP)");

        assertThat(http.timestampText()).isEqualTo("2015-12-10T15:46:49Z");
        assertThat(http.host()).isEqualTo("voyager");
        assertThat(http.pid()).isEqualTo(29785);
        assertThat(http.client()).isEqualTo("127.0.0.1");
        assertThat(http.status()).isEqualTo(503);
        assertThat(http.bytes()).isEqualTo(213);
        assertThat(http.path()).isEqualTo("/foo");
        assertThat(http.extra())
                .containsEntry("backend", "http-webservices")
                .containsEntry("server", "<NOSRV>")
                .containsEntry("terminationState", "SC--")
                .containsEntry("headers", "{localhost:8888||} {|}");
        assertThat(tcp.timestampText()).isEqualTo("2018-09-20T15:44:23.285Z");
        assertThat(tcp.client()).isEqualTo("[::1]");
        assertThat(tcp.bytes()).isEqualTo(212);
        assertThat(tcp.extra()).containsEntry("terminationState", "SC");
        assertThat(own.program()).isEqualTo("haproxy");
        assertThat(own.message()).startsWith("Connect from");
    }
}
