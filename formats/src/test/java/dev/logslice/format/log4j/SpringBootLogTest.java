package dev.logslice.format.log4j;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.detect.FormatDetection;
import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Spring Boot logs as they are written: the file layout keeps whole thread names (spaces, brackets,
 * parentheses), the console layout pads and truncates them to 15 characters.
 */
class SpringBootLogTest {
    private static final LogFormat SPRING = Log4jPreset.SPRING_BOOT.format();
    private static final String LOGGER = "o.s.b.w.e.tomcat.TomcatWebServer        ";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[JavaFX Application Thread]|JavaFX Application Thread",
                "[RMI TCP Connection(2)-127.0.0.1]|RMI TCP Connection(2)-127.0.0.1",
                "[http-nio-8080-exec-10]|http-nio-8080-exec-10",
                "[           main]|main",
                "[nio-8080-exec-1]|nio-8080-exec-1",
                "[pool-3 [worker] (7)]|pool-3 [worker] (7)",
            })
    void threadNamesAsTheyAre(String threadPart, String thread) {
        LogEvent event =
                Parsing.event(
                        SPRING,
                        "2024-05-10T01:34:33.608+02:00  WARN 4711 --- "
                                + threadPart
                                + " "
                                + LOGGER
                                + ": Tomcat started on port 8080 (http)");

        assertThat(event.thread()).isEqualTo(thread);
        assertThat(event.level()).isEqualTo("WARN");
        assertThat(event.pid()).isEqualTo(4711);
        assertThat(event.logger()).isEqualTo("o.s.b.w.e.tomcat.TomcatWebServer");
        assertThat(event.message()).isEqualTo("Tomcat started on port 8080 (http)");
        assertThat(event.timestampText()).isEqualTo("2024-05-10T01:34:33.608+02:00");
    }

    @Test
    void applicationNameIsNoThreadAndThreadIsNoLogger() {
        LogEvent console =
                Parsing.event(
                        SPRING,
                        "2024-05-10T01:34:33.608Z ERROR 4711 --- [shop] [nio-8080-exec-1] "
                                + LOGGER
                                + ": failed");
        LogEvent file =
                Parsing.event(
                        SPRING,
                        "2024-05-10T01:34:33.608Z ERROR 4711 --- [shop] [main] "
                                + LOGGER
                                + ": failed");

        for (LogEvent event : List.of(console, file)) {
            assertThat(event.extra()).containsExactly(entry("application", "shop"));
            assertThat(event.logger()).isEqualTo("o.s.b.w.e.tomcat.TomcatWebServer");
        }
        assertThat(console.thread()).isEqualTo("nio-8080-exec-1");
        assertThat(file.thread()).isEqualTo("main");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // 3.2+ with tracing: console, then file, each with and without the application.
                "[shop] [nio-8080-exec-1] [0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331]"
                        + "|nio-8080-exec-1|application=shop;traceId=0af7651916cd43dd8448eb211c80319c;"
                        + "spanId=b7ad6b7169203331",
                "[nio-8080-exec-1] [0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331]"
                        + "|nio-8080-exec-1|traceId=0af7651916cd43dd8448eb211c80319c;"
                        + "spanId=b7ad6b7169203331",
                "[shop] [RMI TCP Connection(2)-127.0.0.1] [0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331]"
                        + "|RMI TCP Connection(2)-127.0.0.1|application=shop;"
                        + "traceId=0af7651916cd43dd8448eb211c80319c;spanId=b7ad6b7169203331",
                "[main] [0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331]"
                        + "|main|traceId=0af7651916cd43dd8448eb211c80319c;spanId=b7ad6b7169203331",
                // A line without a trace: 49 blanks in the brackets.
                "[shop] [           main] [                                                 ]"
                        + "|main|application=shop",
                "[main] [                                                 ]|main|",
                // Sleuth's ids as a logging.pattern.correlation of the user's own.
                "[nio-8080-exec-4] [shop,,]|nio-8080-exec-4|application=shop",
                "[nio-8080-exec-4] [shop,5f1c2a3b4d5e6f70,0a1b2c3d4e5f6a7b]|nio-8080-exec-4"
                        + "|application=shop;traceId=5f1c2a3b4d5e6f70;spanId=0a1b2c3d4e5f6a7b",
            })
    void correlationIdsAreNoThread(String brackets, String thread, String extra) {
        LogEvent event =
                Parsing.event(
                        SPRING,
                        "2024-10-08T13:08:15.510+02:00 ERROR 7602 --- "
                                + brackets
                                + " "
                                + LOGGER
                                + ": Servlet.service() threw exception");

        assertThat(event.thread()).isEqualTo(thread);
        assertThat(event.extra()).isEqualTo(keyValues(extra));
        assertThat(event.logger()).isEqualTo("o.s.b.w.e.tomcat.TomcatWebServer");
        assertThat(event.message()).isEqualTo("Servlet.service() threw exception");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "[shop,5f1c2a3b4d5e6f70,0a1b2c3d4e5f6a7b,true]|[           main]|main"
                        + "|application=shop;traceId=5f1c2a3b4d5e6f70;spanId=0a1b2c3d4e5f6a7b;"
                        + "spanExport=true",
                "[shop,5f1c2a3b4d5e6f70,0a1b2c3d4e5f6a7b]|[task-1 (x)]|task-1 (x)"
                        + "|application=shop;traceId=5f1c2a3b4d5e6f70;spanId=0a1b2c3d4e5f6a7b",
                "[,,,]|[nio-8080-exec-9]|nio-8080-exec-9|",
                "[shop,,]|[main]|main|application=shop",
            })
    void sleuthIdsAfterTheLevel(String ids, String threadPart, String thread, String extra) {
        LogEvent event =
                Parsing.event(
                        SPRING,
                        "2024-10-08 13:08:15.510  INFO "
                                + ids
                                + " 7602 --- "
                                + threadPart
                                + " "
                                + LOGGER
                                + ": started");

        assertThat(event.level()).isEqualTo("INFO");
        assertThat(event.pid()).isEqualTo(7602);
        assertThat(event.thread()).isEqualTo(thread);
        assertThat(event.extra()).isEqualTo(keyValues(extra));
        assertThat(event.message()).isEqualTo("started");
    }

    /**
     * Any line Spring Boot's console or file layout writes, with or without the application (one of
     * 15 columns too), 3.2+'s correlation or Sleuth's ids behind a console thread, reads back as
     * its thread, application and ids.
     */
    @Property(tries = 1000)
    void everyLayoutReadsBackWhatItWrote(
            @ForAll("threads") String thread,
            @ForAll boolean console,
            @ForAll("applications") String application,
            @ForAll @IntRange(min = 0, max = 3) int correlation,
            @ForAll @StringLength(min = 1, max = 60) @AlphaChars String loggerTail) {
        // Sleuth's ids behind the thread are read only where the console's padding tells them
        // from an application name and a thread.
        Assume.that(correlation != 3 || (console && application.isEmpty()));
        String threadPart =
                console
                        ? String.format(
                                "[%15.15s]", thread.substring(Math.max(0, thread.length() - 15)))
                        : "[" + thread + "]";
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        String spanId = "00f067aa0ba902b7";
        String[] correlationParts = {
            "",
            " [" + traceId + "-" + spanId + "]",
            " [" + " ".repeat(49) + "]",
            " [shop," + traceId + "," + spanId + "]"
        };
        String logger = "c.e." + loggerTail;
        String line =
                "2024-05-10T01:34:33.608Z  INFO 4711 --- "
                        + (application.isEmpty() ? "" : "[" + application + "] ")
                        + threadPart
                        + correlationParts[correlation]
                        + " "
                        + String.format(
                                "%-40.40s", logger.substring(Math.max(0, logger.length() - 40)))
                        + " : done";

        LogEvent event = Parsing.event(SPRING, line);

        Map<String, String> expected = new TreeMap<>();
        if (!application.isEmpty()) {
            expected.put("application", application);
        }
        if (correlation == 3) {
            expected.put("application", "shop");
        }
        if (correlation == 1 || correlation == 3) {
            expected.put("traceId", traceId);
            expected.put("spanId", spanId);
        }
        String written = threadPart.substring(1, threadPart.length() - 1).strip();
        assertThat(event.thread()).as(line).isEqualTo(written);
        assertThat(event.extra()).as(line).isEqualTo(expected);
        assertThat(event.message()).isEqualTo("done");
    }

    @Provide
    Arbitrary<String> applications() {
        return Arbitraries.of("", "shop", "payment-service", "orders-api-v2");
    }

    @Provide
    Arbitrary<String> threads() {
        Arbitrary<String> named =
                Arbitraries.of(
                        "main",
                        "http-nio-8080-exec-10",
                        "RMI TCP Connection(2)-127.0.0.1",
                        "JavaFX Application Thread",
                        "pool-3 [worker] (7)",
                        "kafka-producer-network-thread | producer-1",
                        "ForkJoinPool.commonPool-worker-3",
                        "task-1");
        Arbitrary<String> random =
                Arbitraries.strings()
                        .withChars("abcxyz-_.()0123456789 ")
                        .ofMinLength(1)
                        .ofMaxLength(40)
                        .filter(name -> !name.isBlank() && name.strip().equals(name));
        return Arbitraries.oneOf(named, random);
    }

    /** "a=1;b=x,y" as a map. */
    private static Map<String, String> keyValues(String text) {
        Map<String, String> map = new TreeMap<>();
        if (text == null || text.isEmpty()) {
            return map;
        }
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            map.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return map;
    }

    @Test
    void aLineOfNoLayoutNamesTheClosestInAReasonOfOneLine() {
        ParseResult result =
                Parsing.result(
                        SPRING.newParser(Parsing.CONTEXT),
                        "2024-05-10T01:34:33.608Z  INFO 4711 --- [shop] [           main] "
                                + LOGGER
                                + "- no colon");

        String reason = ((MalformedLine) result).reason();
        assertThat(reason)
                .startsWith("does not match the layouts (17; the closest: '%d{")
                .contains("[%X{application}] [%15.15t] %-40.40logger{39} : %m%n', column 66)")
                .hasSizeLessThan(200);
    }

    @Test
    void aWholeFileKeepsEveryHeaderAndEveryTrace() {
        List<String> lines = springBootFile();
        List<ParseResult> results = assemble(lines);

        List<LogEvent> events =
                results.stream()
                        .filter(LogEvent.class::isInstance)
                        .map(LogEvent.class::cast)
                        .collect(Collectors.toList());
        assertThat(results).noneMatch(MalformedLine.class::isInstance);
        assertThat(events).hasSize(60);
        assertThat(events.stream().mapToInt(LogEvent::lineCount).sum()).isEqualTo(lines.size());
        assertThat(events)
                .extracting(LogEvent::thread)
                .contains("JavaFX Application Thread", "RMI TCP Connection(2)-127.0.0.1");
        assertThat(events.get(2).message())
                .startsWith("Request failed\njava.lang.IllegalStateException: boom\n\tat ")
                .endsWith("\t... 12 more");
    }

    @Test
    void autoDetectionTakesTheFile() throws Exception {
        List<byte[]> sample =
                springBootFile().stream()
                        .limit(100)
                        .map(line -> line.getBytes(StandardCharsets.UTF_8))
                        .collect(Collectors.toList());

        FormatDetection detection =
                new FormatDetector(FormatRegistry.standard())
                        .detect("app.log", sample, Parsing.CONTEXT);

        assertThat(detection.definition().name()).isEqualTo("spring-boot");
        assertThat(detection.fittingLines()).isEqualTo(100);
    }

    /**
     * Sixty events of a Spring Boot 3 file log: a third on threads with spaces or parentheses, one
     * in five with a stack trace.
     */
    private static List<String> springBootFile() {
        String[] threads = {
            "main",
            "JavaFX Application Thread",
            "RMI TCP Connection(2)-127.0.0.1",
            "task-1",
            "http-nio-8080-exec-3",
            "RMI TCP Connection(idle)"
        };
        String[] levels = {" INFO", " WARN", "ERROR", "DEBUG", "TRACE"};
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String second = String.format("%02d", i % 60);
            boolean trace = i % 5 == 2;
            lines.add(
                    "2024-05-10T01:34:"
                            + second
                            + ".608+02:00 "
                            + (trace ? "ERROR" : levels[i % levels.length])
                            + " 4711 --- ["
                            + threads[i % threads.length]
                            + "] "
                            + LOGGER
                            + ": "
                            + (trace ? "Request failed" : "step " + i + " done"));
            if (trace) {
                lines.add("java.lang.IllegalStateException: boom");
                lines.add("\tat com.example.Shop.order(Shop.java:" + i + ")");
                lines.add("\tat javafx.application.Platform.lambda$run$0(Platform.java:42)");
                lines.add("Caused by: java.io.IOException: closed");
                lines.add("\tat com.example.Store.read(Store.java:7)");
                lines.add("\t... 12 more");
            }
        }
        return lines;
    }

    private static List<ParseResult> assemble(List<String> lines) {
        List<ParseResult> results = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(SPRING, SPRING.newParser(Parsing.CONTEXT), results::add);
        long offset = 0;
        for (String line : lines) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assembler.accept(bytes, 0, bytes.length, "app.log", offset);
            offset += bytes.length + 1;
        }
        assembler.finish();
        return results;
    }
}
