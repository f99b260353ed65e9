package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

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

    private static final String UPSTREAM_HEAD =
            "1.1.1.2 - - [10/Oct/2024:13:55:36 +0000] \"GET /b HTTP/1.1\" 502 5 \"-\" \"ua\" ";

    /**
     * nginx writes a value per upstream tried in its {@code $upstream_*} variables, {@code ", "}
     * between tries and {@code " : "} between internal redirects: the list ended at its first
     * space, the next field took its second value and the real one was dropped.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "$upstream_response_time $request_time|0.050, 0.055 0.105|0.050, 0.055|0.105",
                "$upstream_response_time $request_time|0.050, 0.055 : 0.010 0.105"
                        + "|0.050, 0.055 : 0.010|0.105",
                "$upstream_response_time $request_time|0.050 0.105|0.050|0.105",
                "$upstream_response_time $request_time|- 0.105||0.105",
                "$upstream_addr $request_time|10.0.0.1:80, 10.0.0.2:80 : unix:/run/a.sock 0.105"
                        + "|10.0.0.1:80, 10.0.0.2:80 : unix:/run/a.sock|0.105",
                "$request_time $upstream_addr|0.105 10.0.0.1:80, 10.0.0.2:80"
                        + "|10.0.0.1:80, 10.0.0.2:80|0.105",
            })
    void anUpstreamListNeverTakesTheNextField(
            String variables, String logged, String list, double requestTime) {
        LogFormat format = AccessFormats.nginx(NginxLogFormatCompiler.COMBINED + " " + variables);
        String name = variables.replaceAll(".*\\$(upstream_\\w+).*", "$1");

        LogEvent event = Parsing.event(format, UPSTREAM_HEAD + logged);

        assertThat(event.requestTime()).isEqualTo(requestTime);
        assertThat(event.extra()).containsExactly(entry(name, list));
    }

    /**
     * Lists of one to three tries over up to two redirects in four neighbouring variables: each
     * reads as logged, and the request time after them exactly.
     */
    @Property(tries = 300)
    void upstreamListsReadAsLogged(
            @ForAll @IntRange(min = 1, max = 3) int tries,
            @ForAll @IntRange(min = 1, max = 2) int redirects,
            @ForAll @IntRange(min = 0, max = 99_999) int millis) {
        LogFormat format =
                AccessFormats.nginx(
                        NginxLogFormatCompiler.COMBINED
                                + " $upstream_addr $upstream_status $upstream_response_time"
                                + " $upstream_bytes_received $request_time");
        String addr = list(tries, redirects, i -> "10.0.0." + i + ":80");
        String status = list(tries, redirects, i -> i % 2 == 0 ? "502" : "200");
        String time = list(tries, redirects, i -> String.format("%d.%03d", i, i * 7 % 1000));
        String received = list(tries, redirects, i -> String.valueOf(i * 311));
        String requestTime = String.format("%d.%03d", millis / 1000, millis % 1000);

        LogEvent event =
                Parsing.event(
                        format,
                        UPSTREAM_HEAD
                                + String.join(" ", addr, status, time, received, requestTime));

        assertThat(event.extra())
                .containsExactly(
                        entry("upstream_addr", addr),
                        entry("upstream_status", status),
                        entry("upstream_response_time", time),
                        entry("upstream_bytes_received", received));
        assertThat(event.requestTime()).isCloseTo(millis / 1000.0, within(1e-9));
        assertThat(event.userAgent()).isEqualTo("ua");
    }

    /** {@code tries} values per redirect, as nginx joins them. */
    private static String list(int tries, int redirects, IntFunction<String> value) {
        List<String> groups = new ArrayList<>();
        for (int r = 0; r < redirects; r++) {
            List<String> values = new ArrayList<>();
            for (int t = 0; t < tries; t++) {
                values.add(value.apply(r * tries + t + 1));
            }
            groups.add(String.join(", ", values));
        }
        return String.join(" : ", groups);
    }
}
