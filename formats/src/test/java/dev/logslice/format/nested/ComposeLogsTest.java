package dev.logslice.format.nested;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
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

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docker compose logs > file} puts "service-1 | " before each line the services wrote,
 * padded to the longest name. Such files were refused as no known format.
 */
class ComposeLogsTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();
    private static final LogFormat COMPOSE = REGISTRY.create("compose", FormatOptions.none());

    private static final String LOG =
            String.join(
                    "\n",
                    "web-1     | 10.0.0.7 - - [10/May/2024:01:00:00 +0000] \"GET /health HTTP/1.1\""
                            + " 200 2 \"-\" \"curl/8.5.0\"",
                    "api-1     | 2024-05-10 01:00:02,123 - shop.cart - ERROR - boom",
                    "api-1     | Traceback (most recent call last):",
                    "api-1     |   File \"/app/cart.py\", line 3, in <module>",
                    "api-1     | ValueError: x",
                    "db-1      | 2024-05-10 01:00:03.123 UTC [1] LOG:  database system is ready",
                    "worker_1  | something unstructured",
                    "");

    @Test
    void eachServicesLinesAreReadInTheirOwnFormat() throws Exception {
        assertThat(Parsing.detected(REGISTRY, LOG)).isEqualTo("compose");

        List<LogEvent> events = events(LOG);

        assertThat(events)
                .extracting(event -> event.extra().get("service"))
                .containsExactly("web-1", "api-1", "db-1", "worker_1");
        LogEvent web = events.get(0);
        assertThat(web.status()).isEqualTo(200);
        assertThat(web.path()).isEqualTo("/health");
        assertThat(web.timestampText()).isEqualTo("2024-05-10T01:00:00Z");
        // The program's indentation is its own: the traceback joins its event.
        LogEvent api = events.get(1);
        assertThat(api.level()).isEqualTo("ERROR");
        assertThat(api.timestampText()).isEqualTo("2024-05-10T01:00:02.123Z");
        assertThat(api.message())
                .isEqualTo(
                        "boom\nTraceback (most recent call last):\n"
                                + "  File \"/app/cart.py\", line 3, in <module>\nValueError: x");
        // PostgreSQL's prefix is no Hadoop level and thread.
        LogEvent db = events.get(2);
        assertThat(db.extra()).containsEntry("innerFormat", "postgresql");
        assertThat(db.level()).isEqualTo("LOG");
        assertThat(db.pid()).isEqualTo(1);
        // What no format reads is still an event of its service.
        assertThat(events.get(3).message()).isEqualTo("something unstructured");
        assertThat(events.get(3).timestampText()).isNull();
    }

    @Test
    void withTimestampsComposesTimeIsTheEventsTime() {
        LogEvent event =
                Parsing.event(
                        COMPOSE,
                        "api-1  | 2024-05-10T01:00:09.123456789Z 2024-05-10 03:00:02,123 -"
                                + " shop.cart - WARNING - stale");

        assertThat(event.timestampText()).isEqualTo("2024-05-10T01:00:09.123456789Z");
        assertThat(event.level()).isEqualTo("WARNING");
        assertThat(event.logger()).isEqualTo("shop.cart");
        assertThat(event.message()).isEqualTo("stale");
    }

    /**
     * Whatever the services are called and however compose pads them, each line is one event of its
     * service with the program's line as written.
     */
    @Property(tries = 300)
    void anyServiceNameAndPadding(@ForAll("services") List<String> services) {
        int width = services.stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < services.size(); i++) {
            String name = services.get(i);
            lines.add(name + " ".repeat(width - name.length()) + "  | line " + i + " of " + name);
        }

        List<LogEvent> events = events(String.join("\n", lines) + "\n");

        assertThat(events).hasSize(services.size());
        for (int i = 0; i < services.size(); i++) {
            assertThat(events.get(i).extra()).containsEntry("service", services.get(i));
            assertThat(events.get(i).message()).isEqualTo("line " + i + " of " + services.get(i));
        }
    }

    @Provide
    Arbitrary<List<String>> services() {
        Arbitrary<String> base =
                Arbitraries.strings()
                        .withChars("abcdefghijklmnopqrstuvwxyz0123456789-_.")
                        .ofMinLength(1)
                        .ofMaxLength(30)
                        .filter(name -> Character.isLetterOrDigit(name.charAt(0)));
        return Combinators.combine(
                        base, Arbitraries.of("-", "_"), Arbitraries.integers().between(1, 12))
                .as((name, separator, replica) -> name + separator + replica)
                .list()
                .ofMinSize(1)
                .ofMaxSize(12);
    }

    private static List<LogEvent> events(String content) {
        List<ParseResult> results = Parsing.assemble(COMPOSE, content, EventBounds.DEFAULTS);
        assertThat(results).noneMatch(MalformedLine.class::isInstance);
        return results.stream().map(LogEvent.class::cast).collect(Collectors.toList());
    }
}
