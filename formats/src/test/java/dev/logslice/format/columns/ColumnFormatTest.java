package dev.logslice.format.columns;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** W3C extended logs (IIS, CloudFront) and Zeek TSV logs, driven by their header lines. */
class ColumnFormatTest {
    private static final String IIS_FIELDS =
            "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip"
                    + " cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status"
                    + " time-taken";
    private static final String IIS_LINE =
            "2018-01-01 08:09:10 127.0.0.1 GET /cart q=100 80 - 81.2.69.143"
                    + " Mozilla/5.0+(Windows+NT+6.1) - 404 0 2 123";

    @Test
    void iisLineTakesItsColumnsFromTheFieldsLine() {
        LogParser parser = ColumnFormat.w3c().newParser(Parsing.CONTEXT);
        LogEvent software =
                (LogEvent)
                        Parsing.result(
                                parser, "#Software: Microsoft Internet Information Services 10.0");
        Parsing.result(parser, IIS_FIELDS);
        LogEvent event = (LogEvent) Parsing.result(parser, IIS_LINE);

        assertThat(software.extra()).containsEntry("directive", "Software");
        assertThat(event.timestampText()).isEqualTo("2018-01-01T08:09:10Z");
        assertThat(event.method()).isEqualTo("GET");
        assertThat(event.path()).isEqualTo("/cart");
        assertThat(event.client()).isEqualTo("81.2.69.143");
        assertThat(event.user()).isNull();
        assertThat(event.userAgent()).isEqualTo("Mozilla/5.0+(Windows+NT+6.1)");
        assertThat(event.status()).isEqualTo(404);
        assertThat(event.requestTime()).isEqualTo(0.123);
        assertThat(event.extra())
                .containsEntry("cs-uri-query", "q=100")
                .containsEntry("sc-win32-status", "2")
                .containsEntry("s-ip", "127.0.0.1");
    }

    @Test
    void aNewFieldsLineChangesTheColumnsFromThereOn() {
        LogParser parser = ColumnFormat.w3c().newParser(Parsing.CONTEXT);
        Parsing.result(parser, IIS_FIELDS);
        Parsing.result(parser, "#Fields: date time c-ip sc-status");
        ParseResult old = Parsing.result(parser, IIS_LINE);
        LogEvent event = (LogEvent) Parsing.result(parser, "2018-01-02 00:00:01.5 ::1 500");

        assertThat(old).isInstanceOf(MalformedLine.class);
        assertThat(((MalformedLine) old).reason())
                .isEqualTo("the sc-status column holds no status");
        assertThat(event.timestampText()).isEqualTo("2018-01-02T00:00:01.5Z");
        assertThat(event.client()).isEqualTo("::1");
        assertThat(event.status()).isEqualTo(500);
    }

    @ParameterizedTest
    @ValueSource(strings = {"20", "1000", "0200"})
    void aStatusIsThreeDigits(String status) {
        LogParser parser = ColumnFormat.w3c().newParser(Parsing.CONTEXT);
        Parsing.result(parser, "#Fields: date time c-ip sc-status");

        assertThat(Parsing.result(parser, "2018-01-02 00:00:01 ::1 " + status))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m ->
                                assertThat(m.reason())
                                        .isEqualTo("the sc-status column holds no status"));
        assertThat(((LogEvent) Parsing.result(parser, "2018-01-02 00:00:01 ::1 000")).status())
                .isZero();
    }

    @Test
    void cloudFrontIsTabSeparatedWithTimeTakenInSeconds() {
        LogParser parser = ColumnFormat.w3c().newParser(Parsing.CONTEXT);
        Parsing.result(parser, "#Version: 1.0");
        Parsing.result(
                parser,
                "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem"
                        + " sc-status cs(Referer) cs(User-Agent) time-taken");
        LogEvent event =
                (LogEvent)
                        Parsing.result(
                                parser,
                                "2019-12-04\t21:02:31\tLAX1\t392\t192.0.2.100\tGET"
                                        + "\td111111abcdef8.cloudfront.net\t/index.html\t200\t-"
                                        + "\tMozilla/5.0%20(Windows%20NT%2010.0)\t0.002");

        assertThat(event.bytes()).isEqualTo(392);
        assertThat(event.referrer()).isNull();
        assertThat(event.userAgent()).isEqualTo("Mozilla/5.0%20(Windows%20NT%2010.0)");
        assertThat(event.requestTime()).isEqualTo(0.002);
        assertThat(event.extra()).containsEntry("x-edge-location", "LAX1");
    }

    @Test
    void withoutHeaderIisDefaultColumnsApplyAndForeignCommentsAreMalformed() {
        LogParser parser = ColumnFormat.w3c().newParser(Parsing.CONTEXT);
        LogEvent headless = (LogEvent) Parsing.result(parser, IIS_LINE);

        assertThat(headless.status()).isEqualTo(404);
        assertThat(headless.client()).isEqualTo("81.2.69.143");
        assertThat(Parsing.result(parser, "2018-01-01 08:09:10 127.0.0.1 GET /cart"))
                .isInstanceOf(MalformedLine.class);
        assertThat(
                        Parsing.result(
                                ColumnFormat.zeek().newParser(Parsing.CONTEXT),
                                "1705314030.1\tCHhAvVGS1DHFjwGM9\t10.0.0.5"))
                .isInstanceOf(MalformedLine.class);
        assertThat(Parsing.result(parser, "# a shell comment")).isInstanceOf(MalformedLine.class);
        assertThat(Parsing.result(parser, "#!/bin/sh")).isInstanceOf(MalformedLine.class);
    }

    @Test
    void aSplitPastTheHeaderReadsItFromTheFileHead(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("u_ex240115.log");
        // Not IIS's default columns: without the header the line would be malformed.
        String head = "#Software: IIS\r\n#Fields: date time c-ip sc-status\r\n";
        String data = "2018-01-01 08:09:10 ::1 404";
        Files.write(log, (head + data + "\r\n" + data + "\r\n").getBytes(StandardCharsets.UTF_8));
        long secondLine = head.length() + data.length() + 2;
        byte[] line = data.getBytes(StandardCharsets.UTF_8);

        LogEvent event =
                ColumnFormat.w3c()
                        .newParser(Parsing.CONTEXT)
                        .tryParse(line, 0, line.length, log.toString(), secondLine);

        assertThat(event).isNotNull();
        assertThat(event.status()).isEqualTo(404);
    }

    @Test
    void zeekTsvWithEmptyAndUnsetFields() {
        LogParser parser = ColumnFormat.zeek().newParser(Parsing.CONTEXT);
        Parsing.result(parser, "#separator \\x09");
        Parsing.result(parser, "#path\thttp");
        Parsing.result(
                parser,
                "#fields\tts\tuid\tid.orig_h\tid.orig_p\tmethod\thost\turi\tuser_agent\tstatus_code"
                        + "\ttags");
        Parsing.result(
                parser,
                "#types\ttime\tstring\taddr\tport\tstring\tstring\tstring\tstring\tcount\tset[enum]");
        LogEvent event =
                (LogEvent)
                        Parsing.result(
                                parser,
                                "1705314030.123456\tCHhAvVGS1DHFjwGM9\t10.0.0.5\t50522\tGET"
                                        + "\tshop.example.com\t/cart?id=7\tcurl 8.4 (x86_64)\t-"
                                        + "\t(empty)");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(event.client()).isEqualTo("10.0.0.5");
        assertThat(event.path()).isEqualTo("/cart?id=7");
        assertThat(event.userAgent()).isEqualTo("curl 8.4 (x86_64)");
        assertThat(event.value(dev.logslice.format.Field.STATUS)).isNull();
        assertThat(event.extra())
                .containsEntry("tags", null)
                .containsEntry("host", "shop.example.com");
        assertThat(Parsing.result(parser, "#close\t2024-01-15-11-00-00"))
                .isInstanceOf(LogEvent.class);
    }
}
