package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.arbitraries.StringArbitrary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.format;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

/** Exim's mainlog: every line was refused as no known format. */
class EximLogTest {
    private static final String MAINLOG =
            "2026-12-07 06:12:01 1rAbCd-000123-AB <= sender@example.com H=mail.example.org"
                    + " (helo.example.org) [192.0.2.10]:53412 P=esmtps"
                    + " X=TLS1.3:TLS_AES_256_GCM_SHA384:256 CV=no S=1234 id=abc@example.org\n"
                    + "2026-12-07 06:12:01 1rAbCd-000123-AB => rcpt@example.net R=dnslookup"
                    + " T=remote_smtp H=mx.example.net [2001:db8::7] C=\"250 OK\"\n"
                    + "2026-12-07 06:12:02 1rAbCd-000123-AB Completed\n"
                    + "2026-12-07 06:12:03 Start queue run: pid=4242\n"
                    + "2026-12-07 06:12:04 H=(bad [example]) [203.0.113.5] F=<spam@example.com>"
                    + " rejected RCPT <user@example.org>: relay not permitted\n"
                    + "2026-12-07 06:12:05 [4243] 1rAbCe-000124-CD ** bounce@example.net"
                    + " R=dnslookup T=remote_smtp: SMTP error from remote mail server after RCPT"
                    + " TO:<bounce@example.net>: 550 5.1.1 User unknown\n"
                    + "2026-12-07 06:12:06 [4244] End queue run: pid=4242\n"
                    + "2026-12-07 06:12:07.123 1rAbCf-00000000125-ABCD <= <> R=1rAbCe-000124-CD"
                    + " U=Debian-exim P=local S=2345\n"
                    + "2026-12-07 06:12:08 1rAbCd-000123-AB == later@example.net R=dnslookup"
                    + " defer (-44): SMTP error from remote mail server after RCPT: 451 S=9";

    @Test
    void idsFlagsClientsAndSizes() throws Exception {
        List<LogEvent> events = detectedAndRead("exim", MAINLOG);

        LogEvent arrival = events.get(0);
        assertThat(arrival.timestampText()).isEqualTo("2026-12-07T06:12:01Z");
        assertThat(arrival.extra())
                .containsEntry("messageId", "1rAbCd-000123-AB")
                .containsEntry("flag", "<=")
                .containsEntry("address", "sender@example.com");
        assertThat(arrival.client()).isEqualTo("192.0.2.10");
        assertThat(arrival.bytes()).isEqualTo(1234);
        assertThat(events.get(1).client()).isEqualTo("2001:db8::7");
        assertThat(events.get(2).extra()).doesNotContainKey("flag");
        assertThat(events.get(2).message()).isEqualTo("Completed");
        assertThat(events.get(3).message()).isEqualTo("Start queue run: pid=4242");
        assertThat(events.get(4).client()).isEqualTo("203.0.113.5");
        assertThat(events.get(5).pid()).isEqualTo(4243);
        assertThat(events.get(5).extra()).containsEntry("flag", "**");
        assertThat(events.get(6).pid()).isEqualTo(4244);
        assertThat(events.get(7).extra()).containsEntry("messageId", "1rAbCf-00000000125-ABCD");
        assertThat(events.get(7).timestampText()).isEqualTo("2026-12-07T06:12:07.123Z");
        // S=9 inside a remote server's reply is the server's text: only a pair of Exim's counts.
        assertThat(events.get(8).has(Field.BYTES)).isFalse();
    }

    /** A time and any text is no Exim line: a log of such lines stays no known format. */
    @Test
    void aTimeAndAnyTextIsNoEximLine() {
        List<ParseResult> results =
                read(
                        "exim",
                        "2026-12-07 06:12:01 hello from some other program\n"
                                + "2026-12-07 06:12:01 1rAbCd-0001-AB <= short id\n"
                                + "2026-12-07 06:12:01 1rAbCd-000123-AB <> odd flag x\n"
                                + "2026-12-07 06:12:01 \u00ff\u00fe");

        assertThat(results)
                .extracting(r -> r instanceof MalformedLine)
                .containsExactly(true, true, false, true);
        assertThat(((LogEvent) results.get(2)).extra()).doesNotContainKey("flag");
    }

    @Test
    void javaAndDpkgLogsStayTheirs() throws Exception {
        assertThat(
                        detected(
                                "2024-01-02 03:04:05 status installed libc6:amd64 2.36-9\n"
                                        + "2024-01-02 03:04:06 startup packages configure\n"))
                .isEqualTo("dpkg");
    }

    /**
     * Any arrival or delivery Exim writes gives back its id, flag, address, client and size; a
     * failure's or deferral's S= may be a remote server's words, so it is no size.
     */
    @Property(tries = 200)
    void anyArrivalRoundTrips(
            @ForAll("ids") String id,
            @ForAll("flags") String flag,
            @ForAll("addresses") String address,
            @ForAll("octets") int octet,
            @ForAll("sizes") long size) {
        String client = "198.51.100." + octet;
        LogEvent event =
                Parsing.event(
                        format("exim"),
                        "2026-12-07 06:12:01 "
                                + id
                                + " "
                                + flag
                                + " "
                                + address
                                + " H=[odd host] ["
                                + client
                                + "]:25 S="
                                + size);

        assertThat(event.extra())
                .containsEntry("messageId", id)
                .containsEntry("flag", flag)
                .containsEntry("address", address);
        assertThat(event.client()).isEqualTo(client);
        if (flag.equals("**") || flag.equals("==")) {
            assertThat(event.has(Field.BYTES)).as("a failure's size").isFalse();
        } else {
            assertThat(event.bytes()).isEqualTo(size);
        }
    }

    @Provide
    Arbitrary<String> ids() {
        StringArbitrary base62 = Arbitraries.strings().alpha().numeric();
        return Combinators.combine(
                        base62.ofLength(6),
                        Arbitraries.oneOf(
                                Combinators.combine(base62.ofLength(6), base62.ofLength(2))
                                        .as((a, b) -> a + "-" + b),
                                Combinators.combine(base62.ofLength(11), base62.ofLength(4))
                                        .as((a, b) -> a + "-" + b)))
                .as((a, b) -> a + "-" + b);
    }

    @Provide
    Arbitrary<String> flags() {
        return Arbitraries.of("<=", "=>", "->", ">>", "*>", "**", "==");
    }

    @Provide
    Arbitrary<String> addresses() {
        return Arbitraries.strings()
                .withCharRange('!', '~')
                .ofMinLength(1)
                .ofMaxLength(200)
                .filter(a -> !a.equals("-"));
    }

    @Provide
    Arbitrary<Integer> octets() {
        return Arbitraries.integers().between(0, 255);
    }

    @Provide
    Arbitrary<Long> sizes() {
        return Arbitraries.longs().between(0, 999_999_999_999L);
    }
}
