package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** nginx formats from log_format strings. */
class NginxFormatTest {

    @Test
    void requestTimeUpstreamTimeAndCustomFields() {
        LogFormat format =
                AccessFormats.nginx(
                        NginxLogFormatCompiler.COMBINED
                                + " rt=$request_time uct=\"$upstream_connect_time\""
                                + " urt=\"$upstream_response_time\" $http_x_forwarded_for");
        LogEvent event =
                Parsing.event(
                        format,
                        "10.1.2.3 - - [25/Oct/2015:04:11:25 +0100] \"GET / HTTP/1.1\" 200 612 \"-\""
                                + " \"curl/7.1\" rt=0.004 uct=\"0.001, 0.002\" urt=\"-\" 1.1.1.1,"
                                + " 2.2.2.2");

        assertThat(event.requestTime()).isEqualTo(0.004);
        assertThat(event.extra())
                .containsExactly(
                        entry("upstream_connect_time", "0.001, 0.002"),
                        entry("upstream_response_time", null),
                        entry("http_x_forwarded_for", "1.1.1.1, 2.2.2.2"));
        assertThat(event.userAgent()).isEqualTo("curl/7.1");
    }

    @Test
    void wholeDirectiveWithIsoTimeAndHost() {
        LogFormat format =
                AccessFormats.nginx(
                        "log_format main escape=json '$time_iso8601 $host $remote_addr '\n"
                                + "    '\"$request\" $status $body_bytes_sent $bytes_sent '"
                                + " '${request_time}s';");
        LogEvent event =
                Parsing.event(
                        format,
                        "2024-01-15T10:20:30+01:00 example.org ::1 \"POST /api HTTP/2.0\" 201 12 300"
                                + " 0.100s");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30+01:00");
        assertThat(event.host()).isEqualTo("example.org");
        assertThat(event.client()).isEqualTo("::1");
        assertThat(event.bytes()).isEqualTo(12);
        assertThat(event.extra()).containsExactly(entry("bytes_sent", 300L));
        assertThat(event.requestTime()).isEqualTo(0.1);
    }

    @Test
    void defaultFormatIsCombinedAndMsecIsEpochTime() {
        LogEvent event =
                Parsing.event(
                        AccessFormats.nginx("$msec $status $request_time"), "1445744485.123 499 -");

        assertThat(event.timestampText()).isEqualTo("2015-10-25T03:41:25.123Z");
        assertThat(event.status()).isEqualTo(499);
        assertThat(event.has(Field.REQUEST_TIME)).isTrue();
        assertThat(event.value(Field.REQUEST_TIME)).isNull();
    }
}
