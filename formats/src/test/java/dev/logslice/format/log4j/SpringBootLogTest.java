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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
