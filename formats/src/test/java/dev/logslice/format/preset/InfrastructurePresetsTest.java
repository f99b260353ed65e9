package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * HashiCorp's hclog, RabbitMQ and PHP's error log, as the programs write them. hclog's lines were
 * read by the kubectl fallback with the level inside the message; RabbitMQ's and PHP's were refused
 * as no known format.
 */
class InfrastructurePresetsTest {
    private static final String HCLOG =
            "2024-01-15T10:20:30.123Z [INFO]  agent: Started HTTP server: address=127.0.0.1:8500"
                    + " network=tcp\n"
                    + "2024-01-15T10:20:30.456+0100 [WARN]  agent.server.raft: heartbeat timeout"
                    + " reached, starting election: last-leader-addr= last-leader-id=\n"
                    + "2024-01-15T10:20:31.001Z [ERROR] agent.anti_entropy: failed to sync remote"
                    + " state: error=\"No cluster leader\"\n"
                    + "2024-01-15T10:20:32.000Z [DEBUG] Terraform version: 1.6.0";

    private static final String RABBITMQ =
            "2024-01-15 10:20:30.123456+00:00 [info] <0.230.0> Starting RabbitMQ 3.12.4 on Erlang"
                    + " 26.0.2 [jit]\n"
                    + "2024-01-15 10:20:31.456789+01:00 [warning] <0.612.0> closing AMQP"
                    + " connection <0.612.0> (10.0.0.5:52344 -> 10.0.0.9:5672, vhost: '/', user:"
                    + " 'guest'):\n"
                    + "2024-01-15 10:20:32.000001+00:00 [error] <0.700.0> PLAIN login refused: user"
                    + " 'admin' - invalid credentials";

    private static final String PHP =
            "[15-Jan-2024 10:20:30 UTC] PHP Warning:  Undefined variable $total in"
                    + " /var/www/shop/cart.php on line 12\n"
                    + "[15-Jan-2024 10:20:31 UTC] PHP Fatal error:  Uncaught Error: Call to"
                    + " undefined function cart_total() in /var/www/shop/cart.php:42\n"
                    + "Stack trace:\n"
                    + "#0 /var/www/shop/index.php(7): checkout()\n"
                    + "#1 {main}\n"
                    + "  thrown in /var/www/shop/cart.php on line 42\n"
                    + "[15-Jan-2024 10:20:32 Europe/Berlin] PHP Deprecated:  strlen(): Passing"
                    + " null to parameter #1 ($string) of type string is deprecated in"
                    + " /var/www/shop/lib.php on line 3\n"
                    + "[15-Jul-2024 10:20:33 Europe/Berlin] cart 7: payment retried [attempt 2]";

    private static final String COREDNS =
            "[INFO] 10.244.0.1:52344 - 31337 \"A IN example.com. udp 29 false 512\" NOERROR"
                    + " qr,rd,ra 74 0.000123s\n"
                    + "[INFO] [2001:db8::5]:40000 - 7 \"AAAA IN api.shop.svc.cluster.local. tcp 50"
                    + " true 65535\" NXDOMAIN qr,aa,rd 143 1.5s\n"
                    + "[ERROR] plugin/errors: 2 example.org. A: read udp"
                    + " 10.244.0.3:43120->8.8.8.8:53: i/o timeout\n"
                    + "[WARNING] No files matching import glob pattern: custom/*.override";

    @Test
    void corednsQueriesAndPluginMessages() throws Exception {
        List<LogEvent> events = detectedAndRead("coredns", COREDNS);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("INFO", "INFO", "ERROR", "WARNING");
        LogEvent query = events.get(0);
        assertThat(query.client()).isEqualTo("10.244.0.1");
        assertThat(query.bytes()).isEqualTo(74);
        assertThat(query.requestTime()).isEqualTo(0.000123);
        assertThat(query.extra())
                .contains(
                        entry("queryType", "A"),
                        entry("name", "example.com."),
                        entry("rcode", "NOERROR"),
                        entry("flags", "qr,rd,ra"));
        assertThat(events.get(1).extra()).contains(entry("rcode", "NXDOMAIN"));
        assertThat(events.get(1).requestTime()).isEqualTo(1.5);
        assertThat(events.get(2).logger()).isEqualTo("plugin/errors");
        assertThat(events.get(3).message())
                .isEqualTo("No files matching import glob pattern: custom/*.override");
    }

    @Test
    void corednsInsideItsContainerLogTakesTheContainersTime() {
        LogEvent event =
                (LogEvent)
                        read(
                                        "cri",
                                        "2024-01-15T10:20:30.123456789Z stdout F [INFO]"
                                                + " 10.244.0.1:52344 - 31337 \"A IN example.com."
                                                + " udp 29 false 512\" NOERROR qr,rd,ra 74"
                                                + " 0.000123s")
                                .get(0);

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456789Z");
        assertThat(event.level()).isEqualTo("INFO");
        assertThat(event.extra()).contains(entry("rcode", "NOERROR"));
    }

    @Test
    void elixirsMetadataLevelsAndMultiLineMessages() throws Exception {
        List<LogEvent> events =
                detectedAndRead(
                        "elixir",
                        "10:20:30.123 [info] Running ShopWeb.Endpoint with cowboy 2.10.0 at"
                                + " 0.0.0.0:4000 (http)\n"
                                + "10:20:30.456 request_id=F1xYz user_id=7 [info] GET /api/cart\n"
                                + "10:20:31.001 [error] GenServer Shop.Cart terminating\n"
                                + "** (RuntimeError) boom [x]\n"
                                + "    (shop 0.1.0) lib/shop/cart.ex:12: Shop.Cart.handle_call/3\n"
                                + "10:20:32.000 [warn] old Elixir's warning");

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("info", "info", "error", "warn");
        assertThat(events.get(1).extra())
                .containsExactly(entry("metadata", "request_id=F1xYz user_id=7"));
        assertThat(events.get(1).message()).isEqualTo("GET /api/cart");
        assertThat(events.get(2).message())
                .isEqualTo(
                        "GenServer Shop.Cart terminating\n** (RuntimeError) boom [x]\n    (shop"
                                + " 0.1.0) lib/shop/cart.ex:12: Shop.Cart.handle_call/3");
        // RabbitMQ's lines are its own, not Elixir's with the process in the message.
        assertThat(ServerLogPresetsTest.detected(RABBITMQ)).isEqualTo("rabbitmq");
    }

    /** Elixir's console writes a blank line before each event: no message ends in it. */
    @Test
    void elixirsBlankLinesBelongToNoMessage() {
        List<ParseResult> results =
                read(
                        "elixir",
                        "\n10:20:30.123 [info] Running ShopWeb.Endpoint\n\n"
                                + "10:20:31.001 [error] GenServer Shop.Cart terminating\n"
                                + "** (RuntimeError) boom\n  \n\n"
                                + "10:20:32.000 [info] done\n");

        assertThat(results.get(0)).isInstanceOf(MalformedLine.class);
        assertThat(results.subList(1, 4))
                .extracting(r -> ((LogEvent) r).message())
                .containsExactly(
                        "Running ShopWeb.Endpoint",
                        "GenServer Shop.Cart terminating\n** (RuntimeError) boom",
                        "done");
        assertThat(results.subList(1, 4))
                .extracting(r -> ((LogEvent) r).lineCount())
                .containsExactly(2, 4, 1);
    }

    @Test
    void uwsgisRequestLog() throws Exception {
        List<LogEvent> events =
                detectedAndRead(
                        "uwsgi",
                        "[pid: 1234|app: 0|req: 1/1] 10.0.0.5 () {38 vars in 612 bytes} [Mon Jan"
                                + " 15 10:20:30 2024] GET /api/items?page=2 => generated 512 bytes"
                                + " in 12 msecs (HTTP/1.1 200) 2 headers in 79 bytes (1 switches"
                                + " on core 0)\n"
                                + "[pid: 1235|app: 0|req: 7/9] 2001:db8::5 (alice) {40 vars in 700"
                                + " bytes} [Mon Jan  1 09:00:00 2024] POST /api/a b => generated 20"
                                + " bytes in 340 msecs (HTTP/2.0 502) 2 headers in 80 bytes (1"
                                + " switches on core 1)");

        LogEvent first = events.get(0);
        assertThat(first.pid()).isEqualTo(1234);
        assertThat(first.client()).isEqualTo("10.0.0.5");
        assertThat(first.timestampText()).isEqualTo("2024-01-15T10:20:30Z");
        assertThat(first.path()).isEqualTo("/api/items?page=2");
        assertThat(first.bytes()).isEqualTo(512);
        assertThat(first.requestTime()).isEqualTo(0.012);
        assertThat(first.status()).isEqualTo(200);
        LogEvent second = events.get(1);
        assertThat(second.timestampText()).isEqualTo("2024-01-01T09:00:00Z");
        assertThat(second.path()).isEqualTo("/api/a b");
        assertThat(second.status()).isEqualTo(502);
        assertThat(second.protocol()).isEqualTo("HTTP/2.0");
    }

    @Test
    void hclogsLevelLoggerAndMessage() throws Exception {
        List<LogEvent> events = detectedAndRead("hclog", HCLOG);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("INFO", "WARN", "ERROR", "DEBUG");
        assertThat(events.get(0).logger()).isEqualTo("agent");
        assertThat(events.get(0).message())
                .isEqualTo("Started HTTP server: address=127.0.0.1:8500 network=tcp");
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:30.456+01:00");
        assertThat(events.get(1).logger()).isEqualTo("agent.server.raft");
        assertThat(events.get(2).message())
                .isEqualTo("failed to sync remote state: error=\"No cluster leader\"");
        // No logger: the first word is followed by a blank, not a colon.
        assertThat(events.get(3).logger()).isNull();
        assertThat(events.get(3).message()).isEqualTo("Terraform version: 1.6.0");
    }

    @Test
    void rabbitmqsLevelAndProcess() throws Exception {
        List<LogEvent> events = detectedAndRead("rabbitmq", RABBITMQ);

        assertThat(events).extracting(LogEvent::level).containsExactly("info", "warning", "error");
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:31.456789+01:00");
        assertThat(events.get(1).extra()).containsExactly(entry("process", "0.612.0"));
        assertThat(events.get(1).message()).startsWith("closing AMQP connection <0.612.0> (");
        assertThat(events.get(2).message())
                .isEqualTo("PLAIN login refused: user 'admin' - invalid credentials");
    }

    @Test
    void phpsErrorKindsZonesAndStackTraces() throws Exception {
        List<LogEvent> events = detectedAndRead("php", PHP);

        assertThat(events).hasSize(4);
        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("warning", "critical", "deprecated", null);
        assertThat(events.get(0).message())
                .isEqualTo("Undefined variable $total in /var/www/shop/cart.php on line 12");
        assertThat(events.get(1).message())
                .startsWith("Uncaught Error: Call to undefined function cart_total()")
                .contains("\nStack trace:\n#0 /var/www/shop/index.php(7): checkout()\n")
                .endsWith("thrown in /var/www/shop/cart.php on line 42");
        // A region's offset at the line's time: winter, then summer.
        assertThat(events.get(2).timestampText()).isEqualTo("2024-01-15T10:20:32+01:00");
        assertThat(events.get(3).timestampText()).isEqualTo("2024-07-15T10:20:33+02:00");
        assertThat(events.get(3).message()).isEqualTo("cart 7: payment retried [attempt 2]");
    }

    @Test
    void phpZonesOfNoKnownNameStayInTheZoneGiven() {
        LogEvent event =
                (LogEvent) read("php", "[15-Jan-2024 10:20:30 Mars/Olympus] PHP Notice:  x").get(0);

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30Z");
        assertThat(event.level()).isEqualTo("notice");
    }

    @Test
    void phpsLevelsOfNoKnownNameAreNoPhpLevel() {
        ParseResult unknown = read("php", "[15-Jan-2024 10:20:30 UTC] PHP Shouting:  x").get(0);

        // The second layout reads it, the "PHP Shouting:" kept in the message.
        assertThat(unknown).isInstanceOf(LogEvent.class);
        assertThat(((LogEvent) unknown).level()).isNull();
        assertThat(((LogEvent) unknown).message()).isEqualTo("PHP Shouting:  x");
        assertThat(read("php", "15-Jan-2024 10:20:30 PHP Warning:  x").get(0))
                .isInstanceOf(MalformedLine.class);
    }
}
