package dev.logslice.format.syslog;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** Syslog edge cases on hand-written lines. */
class SyslogFormatTest {
    private final LogFormat syslog = new SyslogFormat();

    @ParameterizedTest
    @CsvSource({
        // reference time (file mtime), line date, expected year
        "2024-01-02T10:00:00Z, Dec 31 23:59:59, 2023",
        "2024-01-02T10:00:00Z, Jan  2 09:00:00, 2024",
        "2024-01-02T10:00:00Z, Jan  3 09:00:00, 2024",
        "2024-01-02T10:00:00Z, Jan  4 09:00:00, 2023",
        "2025-03-01T00:00:00Z, Feb 29 12:00:00, 2024",
        "2023-12-31T23:00:00Z, Jan  1 00:30:00, 2024",
    })
    void yearComesFromTheReferenceTime(String reference, String date, int year) {
        ParserContext context = ParserContext.of(ZoneId.of("UTC"), Instant.parse(reference));
        ParseResult result =
                Parsing.result(syslog.newParser(context), date + " host prog: message");

        assertThat(((LogEvent) result).timestamp().getYear()).isEqualTo(year);
    }

    @ParameterizedTest
    @CsvSource({
        "2024-01-02T10:00:00Z, Dec 31 23:59:59, 2019",
        "2024-01-02T10:00:00Z, Jan  3 09:00:00, 2019",
        "2019-06-01T00:00:00Z, Feb 29 12:00:00, 2020",
    })
    void aGivenYearIsTheYearOfEveryLine(String reference, String date, int year) {
        ParserContext context = ParserContext.of(ZoneId.of("UTC"), Instant.parse(reference));
        int given = year;
        LogEvent event =
                (LogEvent)
                        Parsing.result(
                                new SyslogFormat(given).newParser(context),
                                date + " host prog: message");

        assertThat(event.timestampText()).startsWith(year + "-");
    }

    @Test
    void structuredDataParametersGoToExtra() {
        LogEvent event =
                Parsing.event(
                        syslog,
                        "<165>1 2003-10-11T22:14:15.003Z host app - ID47 [exampleSDID@32473"
                                + " iut=\"3\" eventSource=\"App\\]\" q=\"say \\\"hi\\\"\"][origin"
                                + " ip=\"192.0.2.1\"] message");

        assertThat(event.extra())
                .containsEntry("exampleSDID@32473.iut", "3")
                .containsEntry("exampleSDID@32473.eventSource", "App]")
                .containsEntry("exampleSDID@32473.q", "say \"hi\"")
                .containsEntry("origin.ip", "192.0.2.1");
        assertThat(event.message()).isEqualTo("message");
    }

    @Test
    void tabIndentedLinesContinueTheEvent() {
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(syslog, syslog.newParser(Parsing.CONTEXT), results::add);
        for (String line :
                List.of(
                        "Oct  3 09:10:00 mac-mini com.apple.xpc.launchd[1] <Notice>: exited",
                        "\tsubsystem = com.apple.xpc",
                        "\tcode = 78",
                        "Oct  3 09:10:01 mac-mini kernel[0] <Debug>: next")) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assembler.accept(bytes, 0, bytes.length, "system.log", 0);
        }
        assembler.finish();

        assertThat(results).hasSize(2).allMatch(LogEvent.class::isInstance);
        assertThat(((LogEvent) results.get(0)).message())
                .isEqualTo("<Notice>: exited\n\tsubsystem = com.apple.xpc\n\tcode = 78");
    }

    /**
     * {@code journalctl > file}: its markers between boots and at the ends are untimed events (no
     * line malformed), and what {@code -x} adds below an entry, in either systemd's style, belongs
     * to that entry.
     */
    @Test
    void journalctlMarkersAreEventsAndCatalogLinesContinueTheirEntry() {
        List<String> lines =
                List.of(
                        "-- Logs begin at Mon 2024-01-15 10:00:01 UTC, end at Mon 2024-01-15"
                                + " 11:00:00 UTC. --",
                        "Jan 15 10:20:30 web-1 systemd[1]: Started nginx.service.",
                        "-- Subject: A start job for unit nginx.service has finished successfully",
                        "-- Defined-By: systemd",
                        "--",
                        "-- The unit has finished starting up.",
                        "-- Reboot --",
                        "Jan 15 10:30:00 web-1 systemd[1]: Stopped nginx.service.",
                        "\u2591\u2591 Subject: A stop job for unit nginx.service has finished",
                        "\u2591\u2591 ",
                        "-- Boot 3f5a1c7e2b9d4a8f9e0b1c2d3e4f5a6b --",
                        "Jan 15 10:40:00 web-1 kernel: Linux version 6.1.0-18-amd64",
                        "-- No entries --");
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(syslog, syslog.newParser(Parsing.CONTEXT), results::add);
        for (String line : lines) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assembler.accept(bytes, 0, bytes.length, "journal.txt", 0);
        }
        assembler.finish();

        assertThat(results).hasSize(7).allMatch(LogEvent.class::isInstance);
        List<LogEvent> events = results.stream().map(LogEvent.class::cast).toList();
        assertThat(events.get(0).message()).isEqualTo(lines.get(0));
        assertThat(events.get(0).hasValue(Field.TIMESTAMP)).isFalse();
        assertThat(events.get(0).program()).isNull();
        assertThat(events.get(1).message())
                .isEqualTo("Started nginx.service.\n" + String.join("\n", lines.subList(2, 6)));
        assertThat(events.get(2).message()).isEqualTo("-- Reboot --");
        assertThat(events.get(3).message())
                .isEqualTo("Stopped nginx.service.\n" + String.join("\n", lines.subList(8, 10)));
        assertThat(events.get(4).message()).isEqualTo(lines.get(10));
        assertThat(events.get(5).program()).isEqualTo("kernel");
        assertThat(events.get(6).message()).isEqualTo("-- No entries --");
    }

    /** Lines of dashes that are no marker of journalctl's stay malformed. */
    @ParameterizedTest
    @ValueSource(strings = {"-- 3 --", "-- --", "--  --", "-- Boot", "Boot --"})
    void dashesAloneAreNoMarker(String line) {
        assertThat(Parsing.result(syslog.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    /** {@code journalctl -o short-unix}: seconds since the epoch and microseconds. */
    @Test
    void journalctlShortUnixTime() {
        LogEvent event =
                Parsing.event(syslog, "1705314030.123456 web-1 sshd[812]: Accepted publickey");

        assertThat(event.timestamp().toInstant())
                .isEqualTo(Instant.parse("2024-01-15T10:20:30.123456Z"));
        assertThat(event.host()).isEqualTo("web-1");
        assertThat(event.program()).isEqualTo("sshd");
        assertThat(event.message()).isEqualTo("Accepted publickey");
    }

    /** {@code journalctl -o short-full}: the day's name, and the zone's name after the time. */
    @ParameterizedTest
    @CsvSource({
        "Mon 2024-01-15 10:20:30 UTC, 2024-01-15T10:20:30Z",
        "Mon 2024-01-15 11:20:30 CET, 2024-01-15T10:20:30Z",
        "Mon 2024-07-15 12:20:30 CEST, 2024-07-15T10:20:30Z",
        "Mon 2024-01-15 10:20:30.250000 UTC, 2024-01-15T10:20:30.250Z",
        // No offset known for the name: the time is in --zone (UTC here).
        "Mon 2024-01-15 10:20:30 XYZT, 2024-01-15T10:20:30Z",
    })
    void journalctlShortFullTime(String time, String instant) {
        LogEvent event = Parsing.event(syslog, time + " web-1 sshd[812]: Accepted publickey");

        assertThat(event.timestamp().toInstant()).isEqualTo(Instant.parse(instant));
        assertThat(event.host()).isEqualTo("web-1");
        assertThat(event.program()).isEqualTo("sshd");
        assertThat(event.message()).isEqualTo("Accepted publickey");
    }

    /** syslogd's own notes: no program, and no word of the message taken for one. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "--- last message repeated 3 times ---",
                "-- MARK --",
                "--- syslogd restarted ---"
            })
    void dashedNotesAreMessagesWithoutAProgram(String note) {
        LogEvent event = Parsing.event(syslog, "Oct  3 09:10:00 mac-mini " + note);

        assertThat(event.host()).isEqualTo("mac-mini");
        assertThat(event.program()).isNull();
        assertThat(event.message()).isEqualTo(note);
    }

    @Test
    void priorityGivesLevelAndFacility() {
        LogEvent event = Parsing.event(syslog, "<38>Feb  5 17:32:18 10.0.0.99 sshd[811]: hello");

        assertThat(event.level()).isEqualTo("info");
        assertThat(event.extra()).containsExactly(entry("facility", "auth"));
        assertThat(event.host()).isEqualTo("10.0.0.99");
        assertThat(event.pid()).isEqualTo(811);
        assertThat(event.message()).isEqualTo("hello");
    }

    @Test
    void rfc5424WithStructuredData() {
        LogEvent event =
                Parsing.event(
                        syslog,
                        "<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47"
                                + " [exampleSDID@32473 iut=\"3\" eventSource=\"App\\]\"]"
                                + " \uFEFFAn application event");

        assertThat(event.timestampText()).isEqualTo("2003-10-11T22:14:15.003Z");
        assertThat(event.level()).isEqualTo("notice");
        assertThat(event.host()).isEqualTo("mymachine.example.com");
        assertThat(event.program()).isEqualTo("evntslog");
        assertThat(event.has(Field.PID)).isFalse();
        assertThat(event.extra())
                .containsEntry("msgid", "ID47")
                .containsEntry(
                        "structuredData", "[exampleSDID@32473 iut=\"3\" eventSource=\"App\\]\"]");
        assertThat(event.message()).isEqualTo("An application event");
    }

    @Test
    void rfc5424WithNilValuesAndNoMessage() {
        LogEvent event = Parsing.event(syslog, "<13>1 2024-05-01T10:00:00.123456+02:00 - - 42 - -");

        assertThat(event.timestampText()).isEqualTo("2024-05-01T10:00:00.123456+02:00");
        assertThat(event.has(Field.HOST)).isFalse();
        assertThat(event.pid()).isEqualTo(42);
        assertThat(event.message()).isEmpty();
    }

    /** RFC 5424 lets a sender without a clock leave the time out: its message is still one. */
    @Test
    void rfc5424WithANilTimestampIsAnUntimedEvent() {
        LogEvent event = Parsing.event(syslog, "<165>1 - web1 app 42 ID1 [a@1 k=\"v\"] no clock");

        assertThat(event.has(Field.TIMESTAMP)).isFalse();
        assertThat(event.host()).isEqualTo("web1");
        assertThat(event.program()).isEqualTo("app");
        assertThat(event.pid()).isEqualTo(42);
        assertThat(event.extra()).containsEntry("a@1.k", "v");
        assertThat(event.message()).isEqualTo("no clock");
    }

    @Test
    void rsyslogHighPrecisionTimestamps() {
        LogEvent event =
                Parsing.event(
                        syslog,
                        "2024-01-15T10:20:30.123456+01:00 web1 postfix/smtpd[1234]: connect");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456+01:00");
        assertThat(event.program()).isEqualTo("postfix/smtpd");
        assertThat(event.pid()).isEqualTo(1234);
    }

    /**
     * journalctl -o short-precise and rsyslog's traditional format with high-precision stamps write
     * a fraction after the seconds: no format read them.
     */
    @ParameterizedTest
    @CsvSource({
        "'Dec 31 23:59:59.123456 web1 sshd[123]: Accepted', 2023-12-31T23:59:59.123456Z",
        "'Jan  1 00:00:00.000001 web1 sshd[123]: Accepted', 2024-01-01T00:00:00.000001Z",
        "'<38>Jan  1 00:00:00.5 web1 sshd[123]: Accepted', 2024-01-01T00:00:00.500Z",
    })
    void bsdTimestampsWithAFraction(String line, String time) {
        ParserContext context =
                ParserContext.of(ZoneId.of("UTC"), Instant.parse("2024-01-02T00:00:00Z"));
        LogEvent event = (LogEvent) Parsing.result(syslog.newParser(context), line);

        assertThat(event.timestamp()).isEqualTo(java.time.OffsetDateTime.parse(time));
        assertThat(event.host()).isEqualTo("web1");
        assertThat(event.program()).isEqualTo("sshd");
        assertThat(event.pid()).isEqualTo(123);
        assertThat(event.message()).isEqualTo("Accepted");
    }

    @Test
    void lineWithoutHostStartsWithTheTag() {
        LogEvent event = Parsing.event(syslog, "Mar  7 01:02:03 kernel: [ 0.000] Linux");

        assertThat(event.has(Field.HOST)).isFalse();
        assertThat(event.program()).isEqualTo("kernel");
        assertThat(event.message()).isEqualTo("[ 0.000] Linux");
    }

    @Test
    void nonNumericProcessIdGoesToExtra() {
        LogEvent event = Parsing.event(syslog, "Mar  7 01:02:03 h app[main]: x");

        assertThat(event.has(Field.PID)).isFalse();
        assertThat(event.extra()).containsExactly(entry("procid", "main"));
    }

    @Test
    void zoneAppliesAcrossDaylightSavingTime() {
        ParserContext berlin =
                ParserContext.of(ZoneId.of("Europe/Berlin"), Instant.parse("2024-12-31T00:00:00Z"));
        LogEvent winter =
                (LogEvent) Parsing.result(syslog.newParser(berlin), "Mar 31 01:59:59 h p: x");
        LogEvent summer =
                (LogEvent) Parsing.result(syslog.newParser(berlin), "Mar 31 03:00:00 h p: x");

        assertThat(winter.timestampText()).isEqualTo("2024-03-31T01:59:59+01:00");
        assertThat(summer.timestampText()).isEqualTo("2024-03-31T03:00:00+02:00");
        assertThat(summer.epochSecond() - winter.epochSecond()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Foo 10 06:55:46 host prog: x",
                "Dec 32 06:55:46 host prog: x",
                "Dec 10 25:55:46 host prog: x",
                "Dec 10 06:55:46",
                "<999>Dec 10 06:55:46 host prog: x",
                "<12 Dec 10 06:55:46 host prog: x",
                "<13>1 2003-10-11T22:14:15Z host app",
                "1 - host app - - - msg",
                "<13>1 2003-10-11T22:14:15Z host app - - [unclosed msg",
            })
    void brokenLinesAreMalformed(String line) {
        assertThat(Parsing.result(syslog.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }
}
