package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The logs of application servers and proxies that were refused as no known format or, worse, read
 * into wrong fields: Ruby's Logger (Rails), gunicorn's error log, uvicorn's console (FastAPI),
 * whose "INFO: 127.0.0.1:52344 - ..." was Python's "LEVEL:logger:message" with the client as the
 * logger, Jenkins, and Envoy's and Istio's access logs. Samples as the programs write them:
 * padding, empty program names, odd thread ids, tracebacks, dashes for missing values.
 */
class AppServerPresetsTest {
    private static final String RAILS =
            "I, [2024-01-15T10:20:30.123456 #4242]  INFO -- : [8f1c2d] Started GET \"/users/7\""
                    + " for 203.0.113.5 at 2024-01-15 10:20:30 +0000\n"
                    + "D, [2024-01-15T10:20:30.125001 #4242] DEBUG -- : [8f1c2d]   User Load (0.4ms) "
                    + " SELECT \"users\".* FROM \"users\" WHERE \"users\".\"id\" = $1 LIMIT $2\n"
                    + "W, [2024-01-15T10:20:30.200000 #4243]  WARN -- sidekiq: Retrying job 17 in"
                    + " 30 s: -- not a separator\n"
                    + "E, [2024-01-15T10:20:30.300000 #4242] ERROR -- : [8f1c2d] Completed 500"
                    + " Internal Server Error in 12ms\n"
                    + "F, [2024-01-15T10:20:31.000000 #1] FATAL -- my app: [8f1c2d]\n"
                    + "A, [2024-01-15T10:20:32.000000 #1]   ANY -- : unknown severity";

    private static final String GUNICORN =
            "[2024-01-15 10:20:30 +0000] [1] [INFO] Starting gunicorn 21.2.0\n"
                    + "[2024-01-15 10:20:30 +0000] [1] [INFO] Listening at: http://0.0.0.0:8000 (1)\n"
                    + "[2024-01-15 10:20:31 +0100] [42] [CRITICAL] WORKER TIMEOUT (pid:42)\n"
                    + "[2024-01-15 10:20:32 +0000] [42] [ERROR] Exception in worker process\n"
                    + "Traceback (most recent call last):\n"
                    + "  File \"/usr/lib/python3/site-packages/gunicorn/arbiter.py\", line 609, in"
                    + " spawn_worker\n"
                    + "ModuleNotFoundError: No module named 'app'";

    private static final String UVICORN =
            "INFO:     Started server process [12345]\n"
                    + "INFO:     Waiting for application startup.\n"
                    + "INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)\n"
                    + "INFO:     127.0.0.1:52344 - \"GET / HTTP/1.1\" 200 OK\n"
                    + "INFO:     2001:db8::7:52345 - \"GET /items/5?q=a%20b HTTP/1.1\" 404 Not Found\n"
                    + "WARNING:  Invalid HTTP request received.\n"
                    + "ERROR:    Exception in ASGI application\n"
                    + "Traceback (most recent call last):\n"
                    + "  File \"/app/main.py\", line 10, in root\n"
                    + "ValueError: boom";

    /** Flask's default handler; a module named like a level, a message with "in" and ": ". */
    private static final String FLASK =
            "[2024-01-15 10:20:30,123] INFO in app: Started in 2 s\n"
                    + "[2024-01-15 10:20:31,456] ERROR in app: Exception on /cart [POST]\n"
                    + "Traceback (most recent call last):\n"
                    + "  File \"/srv/shop/app.py\", line 12, in cart\n"
                    + "    raise KeyError(\"item\")\n"
                    + "KeyError: 'item'\n"
                    + "[2024-01-15 10:20:32,789] WARNING in INFO: in stock: 0\n"
                    + "[2024-01-15 10:20:33,000] DEBUG in views: cache miss";

    private static final String JENKINS =
            "2024-01-15 10:20:30.123+0000 [id=1]\tINFO\tjenkins.InitReactorRunner$1#onAttained:"
                    + " Started initialization\n"
                    + "2024-01-15 10:20:31.456+0000 [id=42]\tWARNING\thudson.model.Run#execute:"
                    + " deploy #12 aborted: java.lang.InterruptedException\n"
                    + "java.lang.InterruptedException\n"
                    + "\tat java.base/java.lang.Object.wait(Native Method)\n"
                    + "2024-01-15 10:20:32.000+0100 [id=7]\tSEVERE\thudson.triggers.SafeTimerTask#run:"
                    + " Timer task failed";

    private static final String ENVOY =
            "[2024-01-15T10:20:30.123Z] \"GET /api/v1/items?id=7 HTTP/1.1\" 200 - 0 1532 12 10"
                    + " \"203.0.113.5\" \"curl/8.5.0\" \"cc21d9b0-cf5c-432b-8c7e-98aeb7988cd2\""
                    + " \"shop.example.com\" \"10.1.2.3:8080\"\n"
                    + "[2024-01-15T10:20:31.456Z] \"POST /api/pay HTTP/2\" 503 UF,URX 517 91 3004 -"
                    + " \"-\" \"Mozilla/5.0 (X11; Linux x86_64)\" \"5f0e7a\" \"pay.example.com\" \"-\"";

    private static final String ISTIO =
            "[2024-01-15T10:20:30.409Z] \"GET /status/418 HTTP/1.1\" 418 - via_upstream - \"-\" 0"
                    + " 135 4 4 \"-\" \"curl/7.73.0-DEV\" \"84961386-6d84-929d-98bd-c5aee93b5c88\""
                    + " \"httpbin:8000\" \"127.0.0.1:80\" inbound|8000|| 127.0.0.1:41854"
                    + " 10.44.1.27:80 10.44.1.23:37652"
                    + " outbound_.8000_._.httpbin.default.svc.cluster.local default\n"
                    + "[2024-01-15T10:20:31.000Z] \"- - -\" 0 UH no_healthy_upstream - \"-\" 0 0 0 -"
                    + " \"-\" \"-\" \"-\" \"-\" \"-\" BlackHoleCluster - 10.44.1.27:80"
                    + " 10.44.1.23:37653 - -";

    @Test
    void railsLogsAreRubysLoggerWithTheProgramNameOrNone() throws Exception {
        List<LogEvent> events = detectedAndRead("ruby", RAILS);

        assertThat(events).hasSize(6);
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(events.get(0).level()).isEqualTo("INFO");
        assertThat(events.get(0).pid()).isEqualTo(4242L);
        assertThat(events.get(0).logger()).isNull();
        assertThat(events.get(0).message()).startsWith("[8f1c2d] Started GET \"/users/7\"");
        assertThat(events.get(1).message()).startsWith("[8f1c2d]   User Load (0.4ms)");
        assertThat(events.get(2).logger()).isEqualTo("sidekiq");
        assertThat(events.get(2).message())
                .isEqualTo("Retrying job 17 in 30 s: -- not a separator");
        assertThat(events.get(4).logger()).isEqualTo("my app");
        assertThat(events.get(4).level()).isEqualTo("FATAL");
        assertThat(events.get(5).level()).isEqualTo("ANY");
    }

    /**
     * Rails logs an exception as one message of many lines, each after the first led by the
     * request's tags, not by a Logger header; a backtrace logged with its message has bare paths.
     * Those lines were malformed.
     */
    @Test
    void railsExceptionsOfManyLinesAreOneEvent() throws Exception {
        String log =
                "I, [2024-01-15T10:20:30.123456 #4242]  INFO -- : [8f1c2d] Started GET"
                        + " \"/users/7\" for 203.0.113.5 at 2024-01-15 10:20:30 +0000\n"
                        + "F, [2024-01-15T10:20:30.300000 #4242] FATAL -- : [8f1c2d]   \n"
                        + "[8f1c2d] ActiveRecord::RecordNotFound (Couldn't find User with 'id'=7):\n"
                        + "[8f1c2d]   \n"
                        + "[8f1c2d] app/controllers/users_controller.rb:12:in `show'\n"
                        + "E, [2024-01-15T10:20:31.000000 #4243] ERROR -- sidekiq: NoMethodError:"
                        + " undefined method `naïve' for nil\n"
                        + "/app/jobs/mail_job.rb:5:in `perform'\n"
                        + "/usr/local/bundle/gems/sidekiq-7.2.0/lib/sidekiq/processor.rb:202:in"
                        + " `execute_job'\n"
                        + "I, [2024-01-15T10:20:32.000000 #4242]  INFO -- : [9a0b1c] Completed 200 OK";

        List<LogEvent> events = detectedAndRead("ruby", log);

        assertThat(events).extracting(LogEvent::lineCount).containsExactly(1, 4, 3, 1);
        assertThat(events.get(1).level()).isEqualTo("FATAL");
        assertThat(events.get(1).message())
                .startsWith("[8f1c2d]   \n[8f1c2d] ActiveRecord::RecordNotFound")
                .endsWith("users_controller.rb:12:in `show'");
        assertThat(events.get(2).logger()).isEqualTo("sidekiq");
        assertThat(events.get(2).message()).endsWith("in `execute_job'");
        assertThat(events.get(3).message()).isEqualTo("[9a0b1c] Completed 200 OK");
    }

    /**
     * Monolog's line formatter, as Laravel (its date alone) and Symfony (Monolog 2's ISO time with
     * microseconds and offset) write it: every line was refused as no known format. A channel may
     * hold dots; the context and extra stay in the message; Laravel's exception context runs over
     * many lines.
     */
    @Test
    void laravelAndSymfonyLogsAreMonologs() throws Exception {
        String laravel =
                "[2024-01-15 10:20:30] production.ERROR: SQLSTATE[HY000] [2002] Connection refused"
                        + " (SQL: select * from `users` where `id` = 7) {\"userId\":7,\"exception\":\"[object]"
                        + " (Illuminate\\\\Database\\\\QueryException(code: 2002): boom at"
                        + " /var/www/vendor/laravel/framework/src/Illuminate/Database/Connection.php:760)\n"
                        + "[stacktrace]\n"
                        + "#0 /var/www/app/Http/Controllers/UserController.php(21):"
                        + " Illuminate\\\\Database\\\\Connection->runQueryCallback()\n"
                        + "#1 {main}\n"
                        + "\"} \n"
                        + "[2024-01-15 10:20:31] local.INFO: User ünïcode logged in: production.ERROR:"
                        + " no level {\"id\":7} \n"
                        + "[2024-01-15 10:20:32] testing.DEBUG: query took 3ms [] []\n";
        String symfony =
                "[2024-01-15T10:20:30.123456+01:00] request.CRITICAL: Uncaught PHP Exception"
                        + " RuntimeException: \"boom\" at /srv/app/src/Controller/Cart.php line 42"
                        + " {\"exception\":\"[object] (RuntimeException(code: 0): boom)\"} []\n"
                        + "[2024-01-15T10:20:31.000001+00:00] app.event.dispatch.NOTICE: Listener"
                        + " \"x\" was not called [] {\"uid\":\"8f1c\"}\n"
                        + "[2024-01-15T10:20:32.5+00:00] security.EMERGENCY: all down [] []\n";

        List<LogEvent> laravelEvents = detectedAndRead("monolog", laravel);
        List<LogEvent> symfonyEvents = detectedAndRead("monolog", symfony);

        assertThat(laravelEvents).extracting(LogEvent::lineCount).containsExactly(5, 1, 1);
        assertThat(laravelEvents)
                .extracting(LogEvent::level)
                .containsExactly("ERROR", "INFO", "DEBUG");
        assertThat(laravelEvents)
                .extracting(LogEvent::logger)
                .containsExactly("production", "local", "testing");
        assertThat(laravelEvents.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30Z");
        assertThat(laravelEvents.get(0).message())
                .startsWith("SQLSTATE[HY000] [2002] Connection refused")
                .contains("\n[stacktrace]\n#0 ");
        // The blank of Laravel's empty extra is the message's as written.
        assertThat(laravelEvents.get(1).message())
                .isEqualTo("User ünïcode logged in: production.ERROR: no level {\"id\":7} ");
        assertThat(symfonyEvents)
                .extracting(LogEvent::level)
                .containsExactly("CRITICAL", "NOTICE", "EMERGENCY");
        assertThat(symfonyEvents.get(0).timestampText())
                .isEqualTo("2024-01-15T10:20:30.123456+01:00");
        assertThat(symfonyEvents.get(1).logger()).isEqualTo("app.event.dispatch");
        assertThat(symfonyEvents.get(2).timestampText()).isEqualTo("2024-01-15T10:20:32.5Z");
    }

    /**
     * The "verbose" formatter of Django's logging docs, '{levelname} {asctime} {module} {process:d}
     * {thread:d} {message}', copied into many projects: every line was refused.
     */
    @Test
    void djangosVerboseFormatterIsPythonLogging() throws Exception {
        String log =
                "ERROR 2024-01-15 10:20:30,123 views 1234 140234567890 Internal Server Error:"
                        + " /cart/\n"
                        + "Traceback (most recent call last):\n"
                        + "  File \"/app/shop/views.py\", line 12, in cart\n"
                        + "KeyError: 'item'\n"
                        + "WARNING 2024-01-15 10:20:31,000 log 1234 140234567891 Not Found:"
                        + " /favicon.ico\n"
                        + "INFO 2024-01-15 10:20:32,456 autoreload 77 1 Watching for file changes"
                        + " with StatReloader";

        List<LogEvent> events = detectedAndRead("python", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("ERROR", "WARNING", "INFO");
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(0).pid()).isEqualTo(1234L);
        assertThat(events.get(0).extra())
                .containsExactly(entry("module", "views"), entry("threadId", 140234567890L));
        assertThat(events.get(0).message())
                .startsWith("Internal Server Error: /cart/\nTraceback")
                .endsWith("KeyError: 'item'");
        assertThat(events.get(2).message())
                .isEqualTo("Watching for file changes with StatReloader");
    }

    @Test
    void gunicornsErrorLogIsPythonLoggingWithItsTracebacks() throws Exception {
        List<LogEvent> events = detectedAndRead("python", GUNICORN);

        assertThat(events).hasSize(4);
        assertThat(events.get(2).timestampText()).isEqualTo("2024-01-15T10:20:31+01:00");
        assertThat(events.get(2).pid()).isEqualTo(42L);
        assertThat(events.get(2).level()).isEqualTo("CRITICAL");
        assertThat(events.get(2).message()).isEqualTo("WORKER TIMEOUT (pid:42)");
        assertThat(events.get(3).message())
                .startsWith("Exception in worker process\nTraceback")
                .endsWith("No module named 'app'");
    }

    @Test
    void flasksDefaultHandlerIsPythonLoggingWithItsModule() throws Exception {
        List<LogEvent> events = detectedAndRead("python", FLASK);

        assertThat(events).hasSize(4);
        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("INFO", "ERROR", "WARNING", "DEBUG");
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:31.456Z");
        assertThat(events.get(1).extra()).containsEntry("module", "app");
        assertThat(events.get(1).message())
                .startsWith("Exception on /cart [POST]\nTraceback")
                .endsWith("KeyError: 'item'");
        assertThat(events.get(2).extra()).containsEntry("module", "INFO");
        assertThat(events.get(2).message()).isEqualTo("in stock: 0");
    }

    @Test
    void theTutorialsLayoutsArePythonLogging() throws Exception {
        List<LogEvent> bracketed =
                detectedAndRead(
                        "python",
                        "2024-01-15 10:20:30,123 [INFO] shop.cart: cart 7: 2 items\n"
                                + "2024-01-15 10:20:31,456 [WARNING] urllib3.connectionpool: retry");
        List<LogEvent> dashed =
                detectedAndRead(
                        "python",
                        "2024-01-15 10:20:30,123 - INFO - Started - ok\n"
                                + "2024-01-15 10:20:31,456 - CRITICAL - disk full");

        assertThat(bracketed.get(0).logger()).isEqualTo("shop.cart");
        assertThat(bracketed.get(0).message()).isEqualTo("cart 7: 2 items");
        assertThat(bracketed.get(1).level()).isEqualTo("WARNING");
        // "Started" is no level: the line is no '%(name)s - %(levelname)s' one.
        assertThat(dashed.get(0).logger()).isNull();
        assertThat(dashed.get(0).level()).isEqualTo("INFO");
        assertThat(dashed.get(0).message()).isEqualTo("Started - ok");
        assertThat(dashed.get(1).level()).isEqualTo("CRITICAL");
    }

    @Test
    void uvicornsClientIsNoLoggerAndItsRequestsAreRead() throws Exception {
        List<LogEvent> events = detectedAndRead("python", UVICORN);

        assertThat(events).hasSize(7);
        assertThat(events).allSatisfy(event -> assertThat(event.logger()).isNull());
        assertThat(events.get(2).message())
                .isEqualTo("Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)");
        assertThat(events.get(3).client()).isEqualTo("127.0.0.1");
        assertThat(events.get(3).method()).isEqualTo("GET");
        assertThat(events.get(3).path()).isEqualTo("/");
        assertThat(events.get(3).status()).isEqualTo(200);
        assertThat(events.get(4).client()).isEqualTo("2001:db8::7");
        assertThat(events.get(4).path()).isEqualTo("/items/5?q=a%20b");
        assertThat(events.get(4).status()).isEqualTo(404);
        assertThat(events.get(5).level()).isEqualTo("WARNING");
        assertThat(events.get(6).message()).endsWith("ValueError: boom");
    }

    @Test
    void jenkinsLinesWithTheirThreadIdsAndStackTraces() throws Exception {
        List<LogEvent> events = detectedAndRead("jenkins", JENKINS);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(0).logger()).isEqualTo("jenkins.InitReactorRunner$1#onAttained");
        assertThat(events.get(1).level()).isEqualTo("WARNING");
        assertThat(events.get(1).extra()).containsEntry("threadId", 42L);
        assertThat(events.get(1).message())
                .endsWith("at java.base/java.lang.Object.wait(Native Method)");
        assertThat(events.get(2).timestampText()).isEqualTo("2024-01-15T10:20:32+01:00");
        assertThat(events.get(2).level()).isEqualTo("SEVERE");
    }

    @Test
    void envoysDefaultAccessLog() throws Exception {
        List<LogEvent> events = detectedAndRead("envoy", ENVOY);

        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(0).method()).isEqualTo("GET");
        assertThat(events.get(0).path()).isEqualTo("/api/v1/items?id=7");
        assertThat(events.get(0).status()).isEqualTo(200);
        assertThat(events.get(0).bytes()).isEqualTo(1532L);
        assertThat(events.get(0).requestTime()).isEqualTo(0.012);
        assertThat(events.get(0).userAgent()).isEqualTo("curl/8.5.0");
        assertThat(events.get(0).extra())
                .containsEntry("forwardedFor", "203.0.113.5")
                .containsEntry("authority", "shop.example.com")
                .containsEntry("upstreamHost", "10.1.2.3:8080");
        assertThat(events.get(1).status()).isEqualTo(503);
        assertThat(events.get(1).requestTime()).isEqualTo(3.004);
        assertThat(events.get(1).extra())
                .containsEntry("responseFlags", "UF,URX")
                .containsEntry("receivedBytes", 517L);
    }

    @Test
    void istiosAccessLogHasTheClientAsItsDownstreamAddress() throws Exception {
        List<LogEvent> events = detectedAndRead("envoy", ISTIO);

        assertThat(events.get(0).client()).isEqualTo("10.44.1.23");
        assertThat(events.get(0).status()).isEqualTo(418);
        assertThat(events.get(0).path()).isEqualTo("/status/418");
        assertThat(events.get(0).bytes()).isEqualTo(135L);
        assertThat(events.get(0).extra())
                .contains(
                        entry("responseCodeDetails", "via_upstream"),
                        entry("upstreamCluster", "inbound|8000||"),
                        entry("route", "default"));
        // A TCP connection that never reached an upstream: no request, status 0.
        assertThat(events.get(1).method()).isNull();
        assertThat(events.get(1).extra()).containsEntry("responseFlags", "UH");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "ruby | X, [2024-01-15T10:20:30.123456 #1]  LOUD -- : no such severity",
                "jenkins | 2024-01-15 10:20:30.123+0000 [id=1]\tLOUD\ta.B#c: no such level",
                "envoy | [2024-01-15T10:20:30.123Z] \"GET / HTTP/1.1\" abc - 0 1 2 3 \"-\" \"-\" \"-\""
                        + " \"-\" \"-\"",
            })
    void linesOfUnknownLevelsOrShapesAreMalformed(String format, String line) {
        assertThat(read(format, line)).singleElement().isInstanceOf(MalformedLine.class);
    }
}
