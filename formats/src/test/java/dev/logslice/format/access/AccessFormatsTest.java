package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.OffsetDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** Edge cases of the access formats, on hand-written lines with hand-checked values. */
class AccessFormatsTest {
    private static final String LINE =
            "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200"
                    + " 2326 \"http://www.example.com/start.html\" \"Mozilla/4.08 [en] (Win98; I"
                    + " ;Nav)\"";

    private final LogFormat combined = AccessFormats.apache("combined", AccessFormats.COMBINED);
    private final LogFormat common = AccessFormats.apache("common", AccessFormats.COMMON);
    private final LogFormat vcombined = AccessFormats.apache("vcombined", AccessFormats.VCOMBINED);
    private final LogFormat nginx = AccessFormats.nginx(NginxLogFormatCompiler.COMBINED);

    @Test
    void combinedLineHasEveryField() {
        LogEvent event = Parsing.event(combined, LINE);

        assertThat(event.client()).isEqualTo("127.0.0.1");
        assertThat(event.user()).isEqualTo("frank");
        assertThat(event.timestampText()).isEqualTo("2000-10-10T13:55:36-07:00");
        assertThat(event.method()).isEqualTo("GET");
        assertThat(event.path()).isEqualTo("/apache_pb.gif");
        assertThat(event.protocol()).isEqualTo("HTTP/1.0");
        assertThat(event.status()).isEqualTo(200);
        assertThat(event.bytes()).isEqualTo(2326);
        assertThat(event.referrer()).isEqualTo("http://www.example.com/start.html");
        assertThat(event.userAgent()).isEqualTo("Mozilla/4.08 [en] (Win98; I ;Nav)");
        assertThat(event.has(Field.MESSAGE)).isFalse();
    }

    /**
     * Apache's {@code [%{%d/%b/%Y:%T}t.%{msec_frac}t %{%z}t]} and {@code usec_frac}, and nginx's
     * {@code $time_local} rewritten with {@code $msec}'s fraction: the fraction is kept.
     */
    @ParameterizedTest
    @ValueSource(strings = {".123", ".123456", ",5"})
    void aTimeWithAFractionOfASecondKeepsIt(String fraction) {
        String line = LINE.replace("13:55:36 -0700", "13:55:36" + fraction + " -0700");

        for (LogFormat format : new LogFormat[] {combined, common, nginx}) {
            LogEvent event = Parsing.event(format, line);

            assertThat(event.timestamp())
                    .as(format.name())
                    .isEqualTo(
                            OffsetDateTime.parse(
                                    "2000-10-10T13:55:36" + fraction.replace(',', '.') + "-07:00"));
            assertThat(event.status()).isEqualTo(200);
        }
    }

    @Test
    void commonLineEndsAfterBytes() {
        LogEvent event =
                Parsing.event(
                        common,
                        "::1 - - [01/Jan/2016:00:00:00 +0000] \"POST /x?a=b HTTP/2.0\" 404 -");

        assertThat(event.client()).isEqualTo("::1");
        assertThat(event.has(Field.USER)).isTrue();
        assertThat(event.user()).isNull();
        assertThat(event.has(Field.BYTES)).isTrue();
        assertThat(event.value(Field.BYTES)).isNull();
        assertThat(event.timestampText()).isEqualTo("2016-01-01T00:00:00Z");
        assertThat(event.has(Field.REFERRER)).isFalse();
    }

    @Test
    void vcombinedStartsWithHostAndPort() {
        LogEvent event = Parsing.event(vcombined, "www.example.com:443 " + LINE);

        assertThat(event.host()).isEqualTo("www.example.com");
        assertThat(event.extra()).containsExactly(entry("port", 443L));
        assertThat(event.client()).isEqualTo("127.0.0.1");
        assertThat(event.bytes()).isEqualTo(2326);
    }

    @Test
    void trailingFieldsAreTolerated() {
        LogEvent event = Parsing.event(combined, LINE + " \"10.0.0.1\" rt=0.003 uct=\"0.001\"");

        assertThat(event.userAgent()).isEqualTo("Mozilla/4.08 [en] (Win98; I ;Nav)");
    }

    @Test
    void escapedQuotesStayInsideTheirField() {
        LogEvent event =
                Parsing.event(
                        combined,
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET /a\\\"b HTTP/1.1\" 200 1"
                                + " \"-\" \"say \\\"hi\\\" \"");

        assertThat(event.path()).isEqualTo("/a\\\"b");
        assertThat(event.userAgent()).isEqualTo("say \\\"hi\\\" ");
        assertThat(event.referrer()).isNull();
    }

    @Test
    void requestThatIsNoRequestGoesToExtra() {
        LogEvent event =
                Parsing.event(
                        combined,
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"\\x16\\x03\\x01\\x00\" 400 226"
                                + " \"-\" \"-\"");

        assertThat(event.has(Field.METHOD)).isFalse();
        assertThat(event.extra()).containsEntry("request", "\\x16\\x03\\x01\\x00");
        assertThat(event.status()).isEqualTo(400);
    }

    @Test
    void requestWithoutProtocolAndDashRequest() {
        String http09 = "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET /old\" 200 5 \"-\" \"-\"";
        String timeout = "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"-\" 408 0 \"-\" \"-\"";

        assertThat(Parsing.event(combined, http09).path()).isEqualTo("/old");
        assertThat(Parsing.event(combined, http09).has(Field.PROTOCOL)).isFalse();
        assertThat(Parsing.event(combined, timeout).extra()).isEmpty();
        assertThat(Parsing.event(combined, timeout).has(Field.PATH)).isFalse();
    }

    @Test
    void agentsMayHoldLoneCarriageReturns() {
        LogEvent event =
                Parsing.event(
                        combined,
                        "1.2.3.4 - john [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5"
                                + " \"-\" \"bot\rv1\"");

        assertThat(event.user()).isEqualTo("john");
        assertThat(event.userAgent()).isEqualTo("bot\rv1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1.2.3.4",
                "1.2.3.4 - - [32/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"",
                "1.2.3.4 - - [10/Foo/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"",
                "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" OK 5 \"-\" \"-\"",
                "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"trunc",
                "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5",
            })
    void brokenCombinedLinesAreMalformed(String line) {
        assertThat(Parsing.result(combined.newParser(Parsing.CONTEXT), line))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m -> assertThat(m.reason()).startsWith("does not match the layout"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t\r"})
    void blankLinesAreBlankNotMalformed(String line) {
        assertThat(Parsing.result(combined.newParser(Parsing.CONTEXT), line))
                .isInstanceOfSatisfying(MalformedLine.class, m -> assertThat(m.isBlank()).isTrue());
    }

    /**
     * nginx configurations often log {@code [$time_iso8601]} where Apache has its {@code %t}: such
     * a log was refused as no format at all. Combined, common and vcombined read it as they read
     * the same line with Apache's time.
     */
    @Property(tries = 300)
    void anIsoTimeInBracketsReadsAsApachesTime(
            @ForAll("predefined") String name,
            @ForAll @IntRange(min = 0, max = 86_399) int secondOfDay,
            @ForAll @IntRange(min = -12, max = 14) int offsetHours,
            @ForAll @IntRange(min = 100, max = 599) int status,
            @ForAll @AlphaChars @StringLength(min = 1, max = 20) String path) {
        java.time.OffsetDateTime time =
                java.time.OffsetDateTime.of(
                        2026,
                        12,
                        6,
                        secondOfDay / 3600,
                        secondOfDay / 60 % 60,
                        secondOfDay % 60,
                        0,
                        java.time.ZoneOffset.ofHours(offsetHours));
        String apacheTime =
                time.format(
                        java.time.format.DateTimeFormatter.ofPattern(
                                "dd/MMM/yyyy:HH:mm:ss xx", java.util.Locale.ROOT));
        String isoTime = time.format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        String line =
                (name.equals("vcombined") ? "www.example.com:443 " : "")
                        + "2001:db8::7 - alice [TIME] \"GET /"
                        + path
                        + " HTTP/1.1\" "
                        + status
                        + " 512"
                        + (name.equals("common") ? "" : " \"https://example.com/\" \"curl/8\"");
        LogFormat format = FormatRegistry.standard().create(name, FormatOptions.none());

        LogEvent apache = Parsing.event(format, line.replace("TIME", apacheTime));
        LogEvent iso = Parsing.event(format, line.replace("TIME", isoTime));

        assertThat(iso.timestamp()).isEqualTo(apache.timestamp());
        assertThat(iso.timestamp().toInstant()).isEqualTo(time.toInstant());
        for (Field field : Field.values()) {
            assertThat(iso.value(field)).as(field.jsonName()).isEqualTo(apache.value(field));
        }
    }

    @Provide
    Arbitrary<String> predefined() {
        return Arbitraries.of("combined", "common", "vcombined");
    }

    @Test
    void apacheRequestTimeInMicroseconds() {
        LogFormat timed = AccessFormats.apache("timed", AccessFormats.COMMON + " %D");
        LogEvent event =
                Parsing.event(
                        timed,
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 1500");

        assertThat(event.requestTime()).isEqualTo(0.0015);
    }

    @Test
    void unknownTimeFormatIsRejectedWithItsPosition() {
        assertThatThrownBy(() -> ApacheLogFormatCompiler.compile("%h [%{%d/%b/%Y %j}t]"))
                .hasMessageContaining("position 5")
                .hasMessageContaining("%j");
        assertThatThrownBy(() -> ApacheLogFormatCompiler.compile("%h %{msec_frac}t %s"))
                .hasMessageContaining("must follow a time's seconds");
    }

    /**
     * httpd's manual builds a time with milliseconds from pieces: {@code %{%d/%b/%Y %T}t}, {@code
     * %{msec_frac}t}, {@code %{%z}t}; they read as one timestamp, in any strftime layout.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[%{%d/%b/%Y %T}t.%{msec_frac}t %{%z}t]|[10/Oct/2026 13:55:36.123 -0700]"
                        + "|2026-10-10T13:55:36.123-07:00",
                "%{begin:%Y-%m-%d}t %{begin:%H:%M:%S}t.%{begin:usec_frac}t"
                        + "|2026-10-10 13:55:36.123456|2026-10-10T13:55:36.123456Z",
                "%{%Y-%m-%dT%H:%M:%S%z}t|2026-10-10T13:55:36+0200|2026-10-10T13:55:36+02:00",
                "[%{%a %b %e %T %Y}t]|[Sat Oct  3 13:55:36 2026]|2026-10-03T13:55:36Z",
                "%{end:sec}t|1791640536|2026-10-10T13:55:36Z"
            })
    void apacheTimesInStrftimePiecesReadAsOneTimestamp(
            String timeFormat, String logged, String expected) {
        LogFormat format = AccessFormats.apache("custom", "%h " + timeFormat + " \"%r\" %>s %b");

        LogEvent event = Parsing.event(format, "10.1.2.3 " + logged + " \"GET / HTTP/1.1\" 200 5");

        assertThat(event.timestamp()).isEqualTo(OffsetDateTime.parse(expected));
        assertThat(event.client()).isEqualTo("10.1.2.3");
        assertThat(event.status()).isEqualTo(200);
    }

    /**
     * Common ends at its byte count: what follows it there (a combined line's referrer and agent,
     * garbage, letters glued to the count) would vanish unread, so such a line is no common line.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                " \"http://ref.example/\" \"curl/8.0\"",
                " TOTAL GARBAGE",
                "xyz",
                " 0.005",
            })
    void commonReadsNoLineThatGoesOnAfterItsBytes(String after) {
        LogFormat registryCommon = FormatRegistry.standard().create("common", FormatOptions.none());
        String line = "10.0.0.1 - - [10/Oct/2024:13:55:31 +0000] \"GET / HTTP/1.1\" 200 5";

        assertThat(Parsing.event(registryCommon, line).bytes()).isEqualTo(5);
        assertThat(Parsing.result(registryCommon.newParser(Parsing.CONTEXT), line + after))
                .isInstanceOf(MalformedLine.class);
    }

    /**
     * A layout that ends in a number lets fields follow it, after a blank: text glued to the number
     * ({@code 5xyz}) made the count 5 and vanished.
     */
    @Test
    void textGluedToALastNumberIsNoFieldAfterIt() {
        String line = "10.0.0.1 - - [10/Oct/2024:13:55:31 +0000] \"GET / HTTP/1.1\" 200 5";
        for (LogFormat format :
                new LogFormat[] {
                    AccessFormats.apache("apache", AccessFormats.COMMON),
                    AccessFormats.nginx(
                            "$remote_addr - $remote_user [$time_local] \"$request\" $status"
                                    + " $body_bytes_sent")
                }) {
            assertThat(Parsing.event(format, line + " 0.5 more").bytes()).isEqualTo(5);
            assertThat(Parsing.event(format, line + "\r").bytes()).isEqualTo(5);
            assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), line + "xyz"))
                    .as(format.name())
                    .isInstanceOf(MalformedLine.class);
        }
    }

    /**
     * A byte count is read whole or the line is malformed: 23 digits were read as their first 18
     * wherever the count may end a layout (common, a pattern that ends with it).
     */
    @Property(tries = 300)
    void aByteCountIsReadWholeOrNotAtAll(
            @ForAll("byteCountFormats") String name, @ForAll("digitRuns") String count) {
        LogFormat format =
                name.equals("nginx")
                        ? AccessFormats.nginx(
                                "$remote_addr - $remote_user [$time_local] \"$request\" $status"
                                        + " $body_bytes_sent")
                        : FormatRegistry.standard().create(name, FormatOptions.none());
        String line =
                "10.0.0.1 - - [10/Oct/2024:13:55:31 +0000] \"GET / HTTP/1.1\" 200 "
                        + count
                        + (name.equals("combined") ? " \"-\" \"curl/8\"" : "");

        ParseResult result = Parsing.result(format.newParser(Parsing.CONTEXT), line);

        if (count.length() <= 18) {
            assertThat(result)
                    .isInstanceOfSatisfying(
                            LogEvent.class,
                            e -> assertThat(e.bytes()).isEqualTo(Long.parseLong(count)));
        } else {
            assertThat(result).isInstanceOf(MalformedLine.class);
        }
    }

    @Provide
    Arbitrary<String> byteCountFormats() {
        return Arbitraries.of("common", "combined", "nginx");
    }

    @Provide
    Arbitrary<String> digitRuns() {
        return Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(30);
    }
}
