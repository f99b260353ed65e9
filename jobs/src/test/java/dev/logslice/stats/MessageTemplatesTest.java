package dev.logslice.stats;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Messages that differ only in ids, numbers and addresses have one template. */
class MessageTemplatesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "timeout after 3012 ms for order 88121|timeout after <n> ms for order <n>",
                "Accepted password for root from 203.0.113.7 port 52144 ssh2"
                        + "|Accepted password for root from <ip> port <n> ssh2",
                "connect to 10.0.0.12:5432 failed|connect to <ip> failed",
                "request 123e4567-e89b-12d3-a456-426614174000 done|request <uuid> done",
                "Receiving block blk_-1608999687919862906 src: /10.250.19.102:54106"
                        + "|Receiving block blk_<n> src: /<ip>",
                "took 1,204.55 ms (-3 retries)|took <n> ms (<n> retries)",
                "object at 0x7f3a2c1b freed; id deadbeef42 kept|object at <hex> freed; id <hex> kept",
                "be1 e2e log4j v2 user42|be1 e2e log4j v2 user42",
                "  padded message 7\t |padded message <n>",
                "version 1.2.3.4.5 of lib|version <n> of lib",
                "café 12 naïve|café <n> naïve",
            })
    void masksWhatVariesAndKeepsWords(String message, String template) {
        assertThat(template(message)).isEqualTo(template);
    }

    @Test
    void onlyTheFirstLineCounts() {
        assertThat(template("first line 42\n\tat a.B.c(B.java:7)")).isEqualTo("first line <n>");
        assertThat(template("a 1\r\nb 2")).isEqualTo("a <n>");
    }

    @Property(tries = 200)
    void numbersIdsAndAddressesDoNotSplitATemplate(
            @ForAll("words") String before,
            @ForAll("words") String after,
            @ForAll @LongRange(min = -1_000_000_000L) long number,
            @ForAll @IntRange(min = 0, max = 255) int octet,
            @ForAll @IntRange(min = 1, max = 65535) int port,
            @ForAll long seed) {
        String one =
                before
                        + " "
                        + number
                        + " from 10.1."
                        + octet
                        + ".9:"
                        + port
                        + " id "
                        + new UUID(seed, ~seed)
                        + " "
                        + after;
        String other = before + " 7 from 192.168.0.1:80 id " + new UUID(~seed, seed) + " " + after;

        assertThat(template(one)).isEqualTo(template(other)).contains(before.strip());
    }

    @Property(tries = 100)
    void longMessagesAreCutAtABoundOnACharacterBoundary(
            @ForAll @IntRange(min = 150, max = 3000) int repeats) {
        String message = "é word ".repeat(repeats);

        String template = template(message);

        assertThat(template).endsWith("...");
        assertThat(template.getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(MessageTemplates.MAX_LENGTH + 3);
        assertThat(template).doesNotContain("\uFFFD");
        assertThat(message).startsWith(template.substring(0, template.length() - 3));
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.of("connection reset", "GET /api/users", "user=alice", "WARN: disk", "")
                .map(String::strip);
    }

    static String template(String message) {
        MessageTemplates templates = new MessageTemplates();
        byte[] b = message.getBytes(StandardCharsets.UTF_8);
        return new String(
                templates.bytes(), 0, templates.of(b, 0, b.length), StandardCharsets.UTF_8);
    }
}
