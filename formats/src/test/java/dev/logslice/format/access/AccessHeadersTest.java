package dev.logslice.format.access;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * Access log heads as proxies and odd clients write them: a field is never filled with a
 * neighbour's text, and a line that does not fit is malformed.
 */
class AccessHeadersTest {
    private static final String REST =
            " [10/Oct/2000:13:55:36 -0700] \"GET /a?b=1 HTTP/1.1\" 200 512 \"-\" \"curl/8.0\"";
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    @ParameterizedTest
    @ValueSource(strings = {"combined", "common", "nginx"})
    void aForwardedForListInTheClientsPlaceIsMalformed(String name) {
        LogFormat format = REGISTRY.create(name, FormatOptions.none());

        for (String head :
                new String[] {
                    "10.0.0.2, 127.0.0.1 - -",
                    "10.0.0.2,127.0.0.1 - -",
                    "10.0.0.2, 10.0.0.3, 127.0.0.1 - bob",
                    "\"10.0.0.2\" - -",
                }) {
            ParseResult result = Parsing.result(format.newParser(Parsing.CONTEXT), head + REST);
            assertThat(result).as(head).isInstanceOf(MalformedLine.class);
        }
    }

    @Test
    void aUserNeverSwallowsTheFieldsAroundIt() {
        LogFormat combined = REGISTRY.create("combined", FormatOptions.none());

        assertThat(Parsing.result(combined.newParser(Parsing.CONTEXT), "1.2.3.4 - john doe" + REST))
                .isInstanceOf(MalformedLine.class);
        assertThat(
                        Parsing.result(
                                combined.newParser(Parsing.CONTEXT),
                                "1.2.3.4 127.0.0.1 - -" + REST))
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void addressesAndDashesAsTheyAre() {
        LogFormat combined = REGISTRY.create("combined", FormatOptions.none());

        LogEvent ipv6 = Parsing.event(combined, "2001:db8::7 - -" + REST);
        LogEvent zoned = Parsing.event(combined, "fe80::1%eth0 ident alice" + REST);
        LogEvent dashes =
                Parsing.event(
                        combined,
                        "::ffff:10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"-\" 408 - \"-\" \"-\"");

        assertThat(ipv6.client()).isEqualTo("2001:db8::7");
        assertThat(ipv6.user()).isNull();
        assertThat(zoned.client()).isEqualTo("fe80::1%eth0");
        assertThat(zoned.user()).isEqualTo("alice");
        assertThat(dashes.client()).isEqualTo("::ffff:10.0.0.1");
        assertThat(dashes.status()).isEqualTo(408);
        assertThat(dashes.referrer()).isNull();
        assertThat(dashes.userAgent()).isNull();
    }

    @Test
    void nginxLayoutsWithForwardedForReadTheList() {
        LogFormat listFirst =
                REGISTRY.create(
                        "nginx",
                        FormatOptions.pattern(
                                "$http_x_forwarded_for - $remote_user [$time_local] \"$request\""
                                        + " $status $body_bytes_sent \"$http_referer\""
                                        + " \"$http_user_agent\""));
        LogFormat listQuoted =
                REGISTRY.create(
                        "nginx",
                        FormatOptions.pattern(
                                NginxLogFormatCompiler.COMBINED + " \"$http_x_forwarded_for\""));

        LogEvent first = Parsing.event(listFirst, "10.0.0.2, 127.0.0.1 - bob" + REST);
        LogEvent none = Parsing.event(listFirst, "- - -" + REST);
        LogEvent quoted =
                Parsing.event(listQuoted, "10.0.0.9 - -" + REST + " \"203.0.113.5, 10.0.0.2\"");

        assertThat(first.extra())
                .containsExactly(entry("http_x_forwarded_for", "10.0.0.2, 127.0.0.1"));
        assertThat(first.user()).isEqualTo("bob");
        // The list's first address is the client where the layout logs no peer.
        assertThat(first.client()).isEqualTo("10.0.0.2");
        assertThat(none.extra()).containsExactly(entry("http_x_forwarded_for", null));
        assertThat(none.user()).isNull();
        assertThat(none.client()).isNull();
        assertThat(quoted.client()).isEqualTo("10.0.0.9");
        assertThat(quoted.extra())
                .containsExactly(entry("http_x_forwarded_for", "203.0.113.5, 10.0.0.2"));
        assertThat(
                        Parsing.result(
                                listFirst.newParser(Parsing.CONTEXT),
                                "10.0.0.2 127.0.0.1 - bob" + REST))
                .as("a list without commas")
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void apacheForwardedForFirst() {
        LogFormat format =
                REGISTRY.create(
                        "apache",
                        FormatOptions.pattern("%{X-Forwarded-For}i %l %u %t \"%r\" %>s %b"));

        LogEvent event = Parsing.event(format, "10.0.0.2, 127.0.0.1 - -" + REST);

        assertThat(event.extra()).containsExactly(entry("X-Forwarded-For", "10.0.0.2, 127.0.0.1"));
        assertThat(event.client()).isEqualTo("10.0.0.2");
        assertThat(event.user()).isNull();
        assertThat(event.status()).isEqualTo(200);
        assertThat(Parsing.event(format, "2001:db8::7 - -" + REST).client())
                .isEqualTo("2001:db8::7");
    }

    @Test
    void aPeerLoggedBesideTheListStaysTheClient() {
        LogFormat format =
                REGISTRY.create(
                        "apache",
                        FormatOptions.pattern("%h %{X-Forwarded-For}i %l %u %t \"%r\" %>s %b"));

        LogEvent event = Parsing.event(format, "10.0.0.9 203.0.113.5, 10.0.0.2 - -" + REST);

        assertThat(event.client()).isEqualTo("10.0.0.9");
    }

    @Test
    void detectionNamesTheLayoutOfAListFirst() {
        String line = "203.0.113.5, 10.0.0.1 - -" + REST;

        assertThatThrownBy(() -> Parsing.detected(REGISTRY, line + "\n" + line))
                .hasMessageContaining(
                        "--format apache --pattern '%{X-Forwarded-For}i %l %u %t \"%r\" %>s %b"
                                + " \"%{Referer}i\" \"%{User-agent}i\"'");
    }

    /**
     * Common stops at its byte count (so that it never reads a combined line without its referrer
     * and agent): a common layout with more after it is no format's, and detection names one that
     * reads it, which does.
     */
    @Test
    void detectionNamesALayoutForCommonWithMoreAfterItsBytes() {
        String line = "10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 512 2345";

        assertThatThrownBy(() -> Parsing.detected(REGISTRY, line + "\n" + line))
                .hasMessageContaining("common layout with more after the byte count (\"2345\")")
                .hasMessageContaining("--format apache --pattern '%h %l %u %t \"%r\" %>s %b %D'");
        LogFormat suggested =
                REGISTRY.create("apache", FormatOptions.pattern("%h %l %u %t \"%r\" %>s %b %D"));
        LogEvent event = Parsing.event(suggested, line);
        assertThat(event.bytes()).isEqualTo(512);
        assertThat(event.requestTime()).isEqualTo(0.002345);
    }

    /** Whatever the head, a parsed client and user hold no text of the fields around them. */
    @Property(tries = 2000)
    void clientsAndUsersAreSingleTokens(@ForAll("heads") String head) {
        for (String name : new String[] {"combined", "common", "vcombined", "nginx"}) {
            LogFormat format = REGISTRY.create(name, FormatOptions.none());
            ParseResult result = Parsing.result(format.newParser(Parsing.CONTEXT), head + REST);
            if (result instanceof LogEvent event) {
                assertThat(event.client()).doesNotContain(" ", ",", "\t", "\"");
                if (event.user() != null) {
                    assertThat(event.user()).doesNotContain(" ", "\t");
                }
            }
        }
    }

    @Provide
    Arbitrary<String> heads() {
        Arbitrary<String> piece =
                Arbitraries.of(
                        "10.0.0.2",
                        "10.0.0.2,",
                        "127.0.0.1",
                        "-",
                        "bob",
                        "2001:db8::1",
                        "a:80",
                        "\"x\"",
                        "[",
                        "]",
                        ",");
        Arbitrary<String> separator = Arbitraries.of(" ", "  ", ", ", " - ", "\t");
        return Combinators.combine(
                        piece.list().ofMinSize(1).ofMaxSize(5), separator.list().ofSize(5))
                .as(AccessHeadersTest::interleave);
    }

    private static String interleave(List<String> pieces, List<String> separators) {
        StringBuilder head = new StringBuilder(pieces.get(0));
        for (int i = 1; i < pieces.size(); i++) {
            head.append(separators.get(i)).append(pieces.get(i));
        }
        return head.toString();
    }
}
