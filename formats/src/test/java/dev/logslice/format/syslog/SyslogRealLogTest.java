package dev.logslice.format.syslog;

import dev.logslice.format.LogEvent;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

/** Syslog on the real Linux and OpenSSH logs, checked against a plain regex. */
class SyslogRealLogTest {
    /**
     * RFC 3164 as the files write it: tag up to '[', ':' or a space, with a letter or digit in it
     * (login's "-- root[2421]: ..." has none: the dashes start the message).
     */
    private static final Pattern BSD =
            Pattern.compile(
                    "^(\\w{3} +\\d{1,2} \\d\\d:\\d\\d:\\d\\d) (\\S+) +(?:([^\\[: ]*[A-Za-z0-9][^\\[: ]*)"
                            + "(?:\\[(\\d+)\\])?:? ?)?(.*)$");

    @ParameterizedTest
    @CsvSource({
        "Linux_2k.log, 2005-12-31T00:00:00Z, 2005",
        // The OpenSSH lines are of December; read in January they belong to the year before.
        "OpenSSH_2k.log, 2017-01-05T00:00:00Z, 2016"
    })
    void everyLineMatchesTheIndependentRegex(String name, String reference, int year) {
        ZoneId zone = ZoneId.of("Europe/Berlin");
        ParserContext context = ParserContext.of(zone, Instant.parse(reference));
        byte[] content = RealLogs.bytes(name);
        List<ParseResult> results = Parsing.lines(new SyslogFormat(), content, context);
        String[] lines = new String(content, StandardCharsets.UTF_8).split("\r\n");

        assertThat(results).hasSize(2000).hasSameSizeAs(lines);
        DateTimeFormatter bsd = DateTimeFormatter.ofPattern("yyyy MMM d HH:mm:ss", Locale.ROOT);
        for (int i = 0; i < lines.length; i++) {
            Matcher expected = BSD.matcher(lines[i]);
            assertThat(expected.matches()).as(lines[i]).isTrue();
            assertThat(results.get(i)).as(lines[i]).isInstanceOf(LogEvent.class);
            LogEvent event = (LogEvent) results.get(i);
            String time = expected.group(1).replaceAll(" +", " ");
            assertThat(event.timestamp())
                    .isEqualTo(
                            LocalDateTime.parse(year + " " + time, bsd)
                                    .atZone(zone)
                                    .toOffsetDateTime());
            assertThat(event.host()).isEqualTo(expected.group(2));
            assertThat(event.program()).isEqualTo(expected.group(3));
            assertThat(event.value(dev.logslice.format.Field.PID))
                    .isEqualTo(expected.group(4) == null ? null : Long.valueOf(expected.group(4)));
            assertThat(event.message()).isEqualTo(expected.group(5));
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0|combo|sshd(pam_unix)|19939|2005-06-14T15:16:01+02:00|'authentication failure;"
                        + " logname= uid=0 euid=0 tty=NODEVssh ruser= rhost=218.188.2.4 '",
                "604|combo|sshd(pam_unix)|19630|2005-07-01T00:21:28+02:00|authentication failure;"
                        + " logname= uid=0 euid=0 tty=NODEVssh ruser= rhost=60.30.224.116  user=root",
                "1909|combo|kernel||2005-07-27T14:41:57+02:00|klogd 1.4.1, log source = /proc/kmsg"
                        + " started.",
                "145|combo|syslogd||2005-06-19T04:09:11+02:00|1.4.1: restart.",
                "898|combo|||2005-07-07T08:06:15+02:00|-- root[2421]: ROOT LOGIN ON tty2",
            })
    void handCheckedLines(
            int index, String host, String program, Long pid, String time, String message) {
        ParserContext context =
                ParserContext.of(ZoneId.of("Europe/Berlin"), Instant.parse("2005-12-31T00:00:00Z"));
        List<ParseResult> results =
                Parsing.lines(new SyslogFormat(), RealLogs.bytes("Linux_2k.log"), context);
        LogEvent event = (LogEvent) results.get(index);

        assertThat(event.host()).isEqualTo(host);
        assertThat(event.program()).isEqualTo(program);
        assertThat(event.value(dev.logslice.format.Field.PID)).isEqualTo(pid);
        assertThat(event.timestampText()).isEqualTo(time);
        assertThat(event.message()).isEqualTo(message);
    }
}
