package dev.logslice.format.httpd;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** The apache-error format on Apache_2k.log (CRLF, no final newline) and on 2.4 lines. */
class ApacheErrorFormatTest {
    private static final Pattern ERROR_LINE =
            Pattern.compile(
                    "^\\[(\\w{3} \\w{3} \\d\\d \\d\\d:\\d\\d:\\d\\d \\d{4})\\] \\[(\\w+)\\]"
                            + " (?:\\[client (\\S+)\\] )?(.*)$");

    private final LogFormat format = new ApacheErrorFormat();

    @Test
    void everyRealLineMatchesTheIndependentRegex() {
        ZoneId zone = ZoneId.of("America/New_York");
        ParserContext context = ParserContext.of(zone, Instant.parse("2006-01-01T00:00:00Z"));
        byte[] content = RealLogs.bytes("Apache_2k.log");
        List<ParseResult> results = Parsing.lines(format, content, context);
        String[] lines = new String(content, StandardCharsets.UTF_8).split("\r\n");
        DateTimeFormatter time =
                DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss yyyy", Locale.ROOT);

        assertThat(results).hasSize(2000).hasSameSizeAs(lines);
        for (int i = 0; i < lines.length; i++) {
            Matcher expected = ERROR_LINE.matcher(lines[i]);
            assertThat(expected.matches()).as(lines[i]).isTrue();
            LogEvent event = (LogEvent) results.get(i);
            assertThat(event.timestamp())
                    .isEqualTo(
                            LocalDateTime.parse(expected.group(1), time)
                                    .atZone(zone)
                                    .toOffsetDateTime());
            assertThat(event.level()).isEqualTo(expected.group(2));
            assertThat(event.client()).isEqualTo(expected.group(3));
            assertThat(event.message()).isEqualTo(expected.group(4));
        }
        assertThat(((LogEvent) results.get(1999)).message())
                .isEqualTo("mod_jk child workerEnv in error state 6");
    }

    @Test
    void apache24LineWithModulePidAndClientPort() {
        LogEvent event =
                Parsing.event(
                        format,
                        "[Fri Sep 09 10:42:29.902022 2011] [core:error] [pid 35708:tid 4328636416]"
                                + " [client 72.15.99.187:51234] AH00124: Request exceeded the"
                                + " limit");

        assertThat(event.timestampText()).isEqualTo("2011-09-09T10:42:29.902022Z");
        assertThat(event.level()).isEqualTo("error");
        assertThat(event.pid()).isEqualTo(35708);
        assertThat(event.client()).isEqualTo("72.15.99.187");
        assertThat(event.extra())
                .containsExactly(entry("module", "core"), entry("tid", "4328636416"));
        assertThat(event.message()).isEqualTo("AH00124: Request exceeded the limit");
    }

    @Test
    void ipv6ClientsKeepTheirColonsAndOtherBracketsStayInTheMessage() {
        LogEvent event =
                Parsing.event(
                        format,
                        "[Sun Dec 04 04:47:44 2005] [warn] [client 2001:db8::1] [weird] text");

        assertThat(event.client()).isEqualTo("2001:db8::1");
        assertThat(event.message()).isEqualTo("[weird] text");
        assertThat(event.has(Field.PID)).isFalse();
    }

    @Test
    void apache24WritesEveryClientWithItsPortIpv6Too() {
        LogEvent event =
                Parsing.event(
                        format,
                        "[Wed Oct 11 14:32:52.123456 2000] [ssl:warn] [pid 1234:tid 5678]"
                                + " [client 2001:db8::1:5678] AH01909: certificate mismatch");
        LogEvent loopback =
                Parsing.event(
                        format,
                        "[Wed Oct 11 14:32:52.123456 2000] [:error] [pid 1234]"
                                + " [client ::1:59358] PHP Warning:  x");

        assertThat(event.client()).isEqualTo("2001:db8::1");
        assertThat(event.extra()).containsExactly(entry("module", "ssl"), entry("tid", "5678"));
        assertThat(loopback.client()).isEqualTo("::1");
        assertThat(loopback.level()).isEqualTo("error");
        assertThat(loopback.extra()).isEmpty();
        assertThat(loopback.message()).isEqualTo("PHP Warning:  x");
    }

    @Test
    void apache24OsErrorBeforeTheClientAndRefererAfterTheMessage() {
        LogEvent event =
                Parsing.event(
                        format,
                        "[Wed Oct 11 14:32:52.123456 2000] [core:error] [pid 1234:tid 5678]"
                                + " (13)Permission denied: [client 1.2.3.4:5678] AH00035: access"
                                + " to /index.html denied, referer: http://example.com/a?b=c");

        assertThat(event.client()).isEqualTo("1.2.3.4");
        assertThat(event.pid()).isEqualTo(1234);
        assertThat(event.extra())
                .containsExactly(
                        entry("module", "core"),
                        entry("tid", "5678"),
                        entry("osError", "(13)Permission denied"));
        assertThat(event.message()).isEqualTo("AH00035: access to /index.html denied");
        assertThat(event.referrer()).isEqualTo("http://example.com/a?b=c");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[Sun Dec 04 04:47:44 2005] [client] 1.2.3.4 x",
                "[Sun Dec 04 04:47:44 2005] [pid] x",
                "[Wed Oct 11 14:32:52.123456 2000] [core:bogus] [pid 1] x",
                "[Wed Oct 11 14:32:52.123456 2000] [core:trace9] [pid 1] x",
            })
    void aLevelIsOneOfApachesLevels(String line) {
        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "[Sun Dec 04 04:47:44 2005]",
                "[Sun Dec 04 04:47:44 2005] notice",
                "[Sun Dec 04 04:47:44 2005] [Not A Level] x",
                "Sun Dec 04 04:47:44 2005 [notice] x",
                "[Sun Dec 34 04:47:44 2005] [notice] x",
            })
    void brokenLinesAreMalformed(String line) {
        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }
}
