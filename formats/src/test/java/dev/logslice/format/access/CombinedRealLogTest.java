package dev.logslice.format.access;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The combined format on hackers-access.log, checked field by field against a plain regex. */
class CombinedRealLogTest {
    private static final Pattern COMBINED =
            Pattern.compile(
                    "^(\\S+) \\S+ (\\S+) \\[([^\\]]+)\\] \"(\\S+) (\\S+) (\\S+)\" (\\d{3}) (\\d+|-)"
                            + " \"(.*)\" \"(.*)\"$");
    private static final DateTimeFormatter APACHE_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);

    private final LogFormat combined = AccessFormats.apache("combined", AccessFormats.COMBINED);

    @Test
    void everyLineMatchesTheIndependentRegex() {
        byte[] content = RealLogs.bytes("hackers-access.log");
        List<ParseResult> results = Parsing.lines(combined, content, Parsing.CONTEXT);
        String[] lines = new String(content, StandardCharsets.UTF_8).split("\n");

        assertThat(results).hasSize(3456).hasSameSizeAs(lines);
        for (int i = 0; i < lines.length; i++) {
            Matcher expected = COMBINED.matcher(lines[i]);
            assertThat(expected.matches()).as(lines[i]).isTrue();
            assertThat(results.get(i)).as(lines[i]).isInstanceOf(LogEvent.class);
            LogEvent event = (LogEvent) results.get(i);
            assertThat(event.client()).isEqualTo(expected.group(1));
            assertThat(event.user()).isEqualTo(dashIsNull(expected.group(2)));
            assertThat(event.timestampText())
                    .isEqualTo(
                            OffsetDateTime.parse(expected.group(3), APACHE_TIME)
                                    .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
            assertThat(event.method()).isEqualTo(expected.group(4));
            assertThat(event.path()).isEqualTo(expected.group(5));
            assertThat(event.protocol()).isEqualTo(expected.group(6));
            assertThat(event.status()).isEqualTo(Integer.parseInt(expected.group(7)));
            if (expected.group(8).equals("-")) {
                assertThat(event.value(dev.logslice.format.Field.BYTES)).isNull();
            } else {
                assertThat(event.bytes()).isEqualTo(Long.parseLong(expected.group(8)));
            }
            assertThat(event.referrer()).isEqualTo(dashIsNull(expected.group(9)));
            assertThat(event.userAgent()).isEqualTo(dashIsNull(expected.group(10)));
        }
    }

    @Test
    void ipv6ClientsAndOffsetsAreKept() {
        byte[] content = RealLogs.bytes("hackers-access.log");
        List<ParseResult> results = Parsing.lines(combined, content, Parsing.CONTEXT);

        long ipv6Lines =
                new String(content, StandardCharsets.US_ASCII)
                        .lines()
                        .filter(line -> line.substring(0, line.indexOf(' ')).contains(":"))
                        .count();

        assertThat(ipv6Lines).isEqualTo(12);
        assertThat(results)
                .map(r -> ((LogEvent) r).client())
                .filteredOn(client -> client.contains(":"))
                .hasSize(12)
                .contains("2001:41d0:8:f69::1", "2400:8900::f03c:91ff:fe50:5089");
        assertThat(results.get(1).offset()).isEqualTo(indexOfSecondLine(content));
    }

    private static long indexOfSecondLine(byte[] content) {
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n') {
                return i + 1;
            }
        }
        throw new AssertionError("one line only");
    }

    private static String dashIsNull(String value) {
        return value.equals("-") ? null : value;
    }
}
