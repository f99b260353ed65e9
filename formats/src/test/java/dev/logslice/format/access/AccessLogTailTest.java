package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What nginx and Apache configurations add after combined's fields: it was dropped unsaid, so an
 * nginx log with {@code $request_time} had no request times and {@code "$http_x_forwarded_for"}
 * (nginx's own {@code main} format) lost the clients behind a proxy.
 */
class AccessLogTailTest {
    private static final LogFormat COMBINED =
            FormatRegistry.standard().create("combined", FormatOptions.none());
    private static final String LINE =
            "10.0.0.7 - - [10/May/2024:01:00:00 +0000] \"GET /cart?id=7 HTTP/1.1\" 502 157"
                    + " \"https://shop.example/\" \"Mozilla/5.0 (X11; Linux x86_64)\"";

    @Test
    void nginxMainFormatsForwardedFor() {
        LogEvent event = tailed(" \"203.0.113.9, 10.0.0.1\"");

        assertThat(event.extra()).containsEntry("forwardedFor", "203.0.113.9, 10.0.0.1");
        assertThat(event.client()).isEqualTo("10.0.0.7");
        assertThat(event.has(Field.REQUEST_TIME)).isFalse();
    }

    @Test
    void theFirstSecondsWithAFractionAreTheRequestTime() {
        assertThat(tailed(" 0.005 0.004").requestTime()).isEqualTo(0.005);
        assertThat(tailed(" \"-\" 12.250 -").requestTime()).isEqualTo(12.25);
        assertThat(tailed(" \"-\" 12.250 -").extra()).isEmpty();
    }

    @Test
    void keyValuePairsAreReadWithTheRequestTimeAmongThem() {
        LogEvent event = tailed(" rt=0.120 uct=\"0.000\" uht=\"0.118\" urt=\"0.119\" cache=-");

        assertThat(event.requestTime()).isEqualTo(0.12);
        assertThat(event.extra())
                .containsEntry("uct", "0.000")
                .containsEntry("uht", "0.118")
                .containsEntry("urt", "0.119")
                .containsEntry("cache", null)
                .doesNotContainKey("rt");
    }

    @Test
    void whatCannotBeToldApartIsLeftAlone() {
        // Apache's %D (microseconds) and %T (seconds) are both whole numbers.
        assertThat(tailed(" 1500").has(Field.REQUEST_TIME)).isFalse();
        // A host name is no forwarded-for list, nor is a quoted value after the first.
        assertThat(tailed(" \"cafe.be\"").extra()).doesNotContainKey("forwardedFor");
        assertThat(tailed(" 0.1 \"10.0.0.1\"").extra()).doesNotContainKey("forwardedFor");
        // An unclosed quote ends what is read; a number of 10 digits is none.
        assertThat(tailed(" \"10.0.0.1 0.5").has(Field.REQUEST_TIME)).isFalse();
        assertThat(tailed(" 1234567890.5").has(Field.REQUEST_TIME)).isFalse();
    }

    @Test
    void endlessPairsAreCappedPerLine() {
        StringBuilder tail = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            tail.append(" k").append(i).append("=v");
        }

        assertThat(tailed(tail.toString()).extra()).hasSize(16);
    }

    /** Whatever follows, combined's own fields read as they do without it, and nothing throws. */
    @Property(tries = 500)
    void aTailNeverChangesCombinedsFields(@ForAll("tails") String tail) {
        LogEvent plain = Parsing.event(COMBINED, LINE);
        LogEvent event = tailed(tail);

        for (Field field :
                new Field[] {
                    Field.TIMESTAMP,
                    Field.CLIENT,
                    Field.METHOD,
                    Field.PATH,
                    Field.STATUS,
                    Field.BYTES,
                    Field.REFERRER,
                    Field.USER_AGENT
                }) {
            assertThat(event.value(field))
                    .as(field + " after '" + tail + "'")
                    .isEqualTo(plain.value(field));
        }
        assertThat(event.extra().size()).isLessThanOrEqualTo(17);
    }

    @Provide
    Arbitrary<String> tails() {
        return Arbitraries.strings()
                .withChars(" \t\"\\=.-,:0123456789abcXYZ")
                .ofMinLength(1)
                .ofMaxLength(60)
                .map(tail -> " " + tail);
    }

    /**
     * An unquoted pair of nginx's {@code $upstream_*} lists ended at the list's first space: its
     * second value was taken for the request time and the real one, {@code rt}, went to extra.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                " urt=0.050, 0.055 rt=0.200|urt|0.050, 0.055",
                " urt=0.050, 0.055 : 0.010 rt=0.200|urt|0.050, 0.055 : 0.010",
                " ua=10.0.0.1:80, 10.0.0.2:80 rt=0.200 us=502, 200|ua|10.0.0.1:80, 10.0.0.2:80",
                " rt=0.200 us=502, 200|us|502, 200",
            })
    void aListOfUpstreamsRunsOnUntilTheNextPair(String tail, String key, String list) {
        LogEvent event = tailed(tail);

        assertThat(event.requestTime()).isEqualTo(0.2);
        assertThat(event.extra()).containsEntry(key, list).doesNotContainKey("rt");
    }

    /** A comma and a space before a pair end the value, comma and all, as logged. */
    @Test
    void aPairAfterACommaIsAPairOfItsOwn() {
        LogEvent event = tailed(" a=x, b=y c=1 : d=2");

        assertThat(event.extra())
                .containsEntry("a", "x,")
                .containsEntry("b", "y")
                .containsEntry("c", "1")
                .containsEntry("d", "2");
    }

    private static LogEvent tailed(String tail) {
        return Parsing.event(COMBINED, LINE + tail);
    }
}
