package dev.logslice.format.log4j;

import dev.logslice.format.LogEvent;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * WildFly's, Quarkus's and Keycloak's default layout, and the Log4j 1 layouts of its manual and the
 * tutorials. WildFly's server.log was refused as no known format; Keycloak's was supervisord's, its
 * ERROR lines malformed and its category and thread in the message.
 */
class JavaServerLayoutsTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    private static List<LogEvent> detectedAndRead(String format, String content) throws Exception {
        assertThat(Parsing.detected(REGISTRY, content)).isEqualTo(format);
        List<ParseResult> results =
                Parsing.assemble(
                        REGISTRY.create(format, FormatOptions.none()),
                        content,
                        EventBounds.DEFAULTS);
        assertThat(results).allSatisfy(r -> assertThat(r).isInstanceOf(LogEvent.class));
        return results.stream().map(LogEvent.class::cast).collect(Collectors.toList());
    }

    private static final String WILDFLY =
            "2024-01-15 10:20:30,123 INFO  [org.jboss.as.server.deployment] (MSC service thread"
                    + " 1-2) WFLYSRV0027: Starting deployment of \"shop.war\" (runtime-name:"
                    + " \"shop.war\")\n"
                    + "2024-01-15 10:20:30,456 WARN  [org.jboss.as.txn] (ServerService Thread Pool"
                    + " -- 68) WFLYTX0013: Node identifier property is set to the default value.\n"
                    + "2024-01-15 10:20:31,001 ERROR [org.jboss.msc.service.fail] (MSC service"
                    + " thread 1-4) MSC000001: Failed to start service jboss.deployment.unit"
                    + "\n\tat org.jboss.as.server.deployment.DeploymentUnitPhaseService.start("
                    + "DeploymentUnitPhaseService.java:189)\n"
                    + "\tat java.base/java.lang.Thread.run(Thread.java:833)\n"
                    + "2024-01-15 10:20:32,000 INFO  [org.jboss.as] (Controller Boot Thread)"
                    + " WFLYSRV0025: WildFly Full 26.1.3.Final started in 5123ms";

    private static final String KEYCLOAK =
            "2024-01-15 10:20:30,123 INFO  [io.quarkus] (main) keycloak 22.0.1 on JVM (powered by"
                    + " Quarkus 3.2.0.Final) started in 9.871s.\n"
                    + "2024-01-15 10:20:35,900 WARN  [org.keycloak.events] (executor-thread-1)"
                    + " type=LOGIN_ERROR, realmId=master, clientId=account, error=user_not_found\n"
                    + "2024-01-15 10:20:36,000 ERROR [o.k.s.e.KeycloakErrorHandler]"
                    + " (executor-thread-12) Uncaught server error: java.lang.NullPointerException";

    @Test
    void wildflysCategoryThreadAndStackTrace() throws Exception {
        List<LogEvent> events = detectedAndRead("jboss", WILDFLY);

        assertThat(events).hasSize(4);
        assertThat(events.get(0).logger()).isEqualTo("org.jboss.as.server.deployment");
        assertThat(events.get(0).thread()).isEqualTo("MSC service thread 1-2");
        assertThat(events.get(0).message()).startsWith("WFLYSRV0027: Starting deployment of");
        assertThat(events.get(1).thread()).isEqualTo("ServerService Thread Pool -- 68");
        assertThat(events.get(2).level()).isEqualTo("ERROR");
        assertThat(events.get(2).message()).endsWith("(Thread.java:833)");
        assertThat(events.get(3).thread()).isEqualTo("Controller Boot Thread");
    }

    @Test
    void keycloakIsJbossNotSupervisord() throws Exception {
        List<LogEvent> events = detectedAndRead("jboss", KEYCLOAK);

        assertThat(events).extracting(LogEvent::level).containsExactly("INFO", "WARN", "ERROR");
        assertThat(events)
                .extracting(LogEvent::thread)
                .containsExactly("main", "executor-thread-1", "executor-thread-12");
        assertThat(events.get(2).logger()).isEqualTo("o.k.s.e.KeycloakErrorHandler");
    }

    @Test
    void log4jOnesManualLayoutsKeepTheLoggerApartFromItsLine() throws Exception {
        List<LogEvent> absolute =
                detectedAndRead(
                        "log4j-classic",
                        "10:20:30,123  INFO Main:42 - Started\n"
                                + "10:20:30,456  WARN Cache:101 - evicted 3 entries: a - b\n"
                                + "10:20:31,001 ERROR Main:77 - failed");
        assertThat(absolute).extracting(LogEvent::logger).containsExactly("Main", "Cache", "Main");
        assertThat(absolute.get(1).extra()).containsExactly(entry("callerLine", 101L));
        assertThat(absolute.get(1).message()).isEqualTo("evicted 3 entries: a - b");

        List<LogEvent> dated =
                detectedAndRead(
                        "log4j-classic",
                        "2024-01-15 10:20:30 INFO  Main:42 - Started\n"
                                + "2024-01-15 10:20:31 ERROR Main:77 - failed");
        assertThat(dated.get(0).logger()).isEqualTo("Main");
        assertThat(dated.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30Z");
    }

    @Test
    void minecraftsThreadAndLevelInOneBracket() throws Exception {
        List<LogEvent> events =
                detectedAndRead(
                        "minecraft",
                        "[10:20:30] [Server thread/INFO]: Starting minecraft server version"
                                + " 1.20.2\n"
                                + "[10:20:31] [User Authenticator #1/INFO]: UUID of player Steve"
                                + " is 069a79f4-44e9-4726-a5be-fca90e38aaf5\n"
                                + "[10:20:32] [Server thread/WARN] [minecraft/DedicatedServer]:"
                                + " Can't keep up! Running 2043ms or 40 ticks behind");

        assertThat(events)
                .extracting(LogEvent::thread)
                .containsExactly("Server thread", "User Authenticator #1", "Server thread");
        assertThat(events).extracting(LogEvent::level).containsExactly("INFO", "INFO", "WARN");
        assertThat(events.get(2).logger()).isEqualTo("minecraft/DedicatedServer");
        assertThat(events.get(2).message()).startsWith("Can't keep up!");
    }

    @Test
    void ttccHasTheMillisecondsSinceStartAndNoTime() throws Exception {
        List<LogEvent> events =
                detectedAndRead(
                        "log4j-classic",
                        "0    [main] INFO  org.example.App  - Entering application.\n"
                                + "176  [main] DEBUG org.example.Bar  - Did it again!\n"
                                + "1023 [pool-1-thread-2] ERROR org.example.App  - Exiting.");

        assertThat(events)
                .extracting(LogEvent::thread)
                .containsExactly("main", "main", "pool-1-thread-2");
        assertThat(events.get(2).extra()).containsExactly(entry("relativeMillis", 1023L));
        assertThat(events.get(2).timestampText()).isNull();
    }

    @Test
    void theLoggerInBracketsBeforeTheMessage() throws Exception {
        List<LogEvent> events =
                detectedAndRead(
                        "log4j-classic",
                        "2024-01-15 10:20:30,123 INFO [app.main] Starting pool size=4\n"
                                + "2024-01-15 10:20:30,456 WARNING [app.db] Slow query - 2.3 s");

        assertThat(events).extracting(LogEvent::logger).containsExactly("app.main", "app.db");
        assertThat(events.get(1).message()).isEqualTo("Slow query - 2.3 s");
    }
}
