package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LineHold;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.multiline.EventBounds;

import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The events of followed Spring Boot logs, two files' lines interleaved as a reader hands them out:
 * each file's events are its own, with their stack traces; what is held is told by the offset of
 * its first line; a flush writes out the held event whole, and a trace line that comes after it is
 * malformed with a reason that says why.
 */
class FollowedEventsTest {
    private static final FileFormats SPRING_BOOT = FileFormats.of(Log4jPreset.SPRING_BOOT.format());

    /** Thread names as Spring Boot pads them, with blanks and brackets. */
    private static final List<String> THREADS =
            List.of(
                    "[           main]",
                    "[nio-8080-exec-1]",
                    "[ool-2-thread [3]]",
                    "[   scheduling-1]");

    private static final List<String> TRACE_LINES =
            List.of(
                    "java.lang.IllegalStateException: cart [42] is closed",
                    "\tat com.shop.Cart.add(Cart.java:42)",
                    "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
                    "Caused by: java.sql.SQLException: Connection is not available, request timed"
                            + " out after 30000ms.",
                    "\t... 12 more");

    private static java.nio.file.Path dir;

    @BeforeContainer
    static void makeFiles() throws IOException {
        dir = Files.createTempDirectory("followed-events");
        Files.writeString(dir.resolve("a.log"), "");
        Files.writeString(dir.resolve("b.log"), "");
    }

    @AfterContainer
    static void removeFiles() throws IOException {
        Files.delete(dir.resolve("a.log"));
        Files.delete(dir.resolve("b.log"));
        Files.delete(dir);
    }

    /** An event as written: its header's message and its trace lines. */
    record Written(String thread, String message, List<String> trace) {
        List<String> lines() {
            List<String> lines = new ArrayList<>();
            lines.add(
                    "2026-12-07T09:58:01.123Z ERROR 4242 --- [shop] "
                            + thread
                            + " c.s.Checkout                             : "
                            + message);
            lines.addAll(trace);
            return lines;
        }

        /** The message of its event: the header's message and the trace, one per line. */
        String eventMessage() {
            return trace.isEmpty() ? message : message + "\n" + String.join("\n", trace);
        }
    }

    @Example
    void linesOfTwoFilesInterleavedMakeEachFilesOwnEvents() {
        Feed feed = new Feed();
        Written a1 = new Written(THREADS.get(2), "checkout failed", TRACE_LINES);
        Written b1 = new Written(THREADS.get(0), "started", List.of());
        Written b2 = new Written(THREADS.get(1), "payment refused", TRACE_LINES.subList(0, 2));
        Written a2 = new Written(THREADS.get(3), "retrying", List.of());
        List<String> a = new ArrayList<>(a1.lines());
        a.addAll(a2.lines());
        List<String> b = new ArrayList<>(b1.lines());
        b.addAll(b2.lines());
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i < a.size()) {
                feed.line("a.log", a.get(i));
            }
            if (i < b.size()) {
                feed.line("b.log", b.get(i));
            }
        }
        feed.finish("a.log");
        feed.finish("b.log");

        assertThat(feed.messages("a.log")).containsExactly(a1.eventMessage(), a2.eventMessage());
        assertThat(feed.messages("b.log")).containsExactly(b1.eventMessage(), b2.eventMessage());
    }

    @Example
    void theHeldEventIsToldByItsFirstLine() {
        Feed feed = new Feed();
        List<String> lines = new Written(THREADS.get(0), "boom", TRACE_LINES).lines();
        assertThat(feed.line("a.log", lines.get(0))).isEqualTo(LineHold.STARTS);
        for (String trace : lines.subList(1, lines.size())) {
            assertThat(feed.line("a.log", trace)).isEqualTo(LineHold.JOINS);
        }
        assertThat(feed.decoder.followedHeldFrom("a.log")).hasValue(0);
        long next = feed.offsets.get("a.log");
        assertThat(feed.line("a.log", "not a header")).isEqualTo(LineHold.STARTS);
        // The malformed line waits for the next line; the event before it is out.
        assertThat(feed.decoder.followedHeldFrom("a.log")).hasValue(next);
        assertThat(feed.line("a.log", lines.get(0))).isEqualTo(LineHold.STARTS);
        assertThat(feed.results.get("a.log")).hasSize(2);
    }

    @Example
    void aTraceLineAfterAFlushIsMalformedAndSaysWhy() {
        Feed feed = new Feed();
        Written event = new Written(THREADS.get(1), "boom", TRACE_LINES.subList(0, 2));
        event.lines().forEach(line -> feed.line("a.log", line));
        feed.flush("a.log");
        assertThat(feed.messages("a.log")).containsExactly(event.eventMessage());
        assertThat(feed.decoder.followedHeldFrom("a.log")).isEmpty();

        // Malformed, each is out at once: nothing is held for it.
        assertThat(feed.line("a.log", "\t... 12 more")).isEqualTo(LineHold.NONE);
        assertThat(feed.line("a.log", "\tat a.B.c(B.java:1)")).isEqualTo(LineHold.NONE);

        List<ParseResult> results = feed.results.get("a.log");
        assertThat(results).hasSize(3);
        assertThat(results.subList(1, 3))
                .allSatisfy(
                        late ->
                                assertThat(((MalformedLine) late).reason())
                                        .isEqualTo(
                                                "continues an event written out before it came,"
                                                        + " its file quiet for the event timeout"
                                                        + " (--event-timeout)"));
    }

    /**
     * Flushed at any line, as a quiet file may be: every line is in one event or malformed, each
     * file's apart; flushed only where an event ended, the events are those written.
     */
    @Property(tries = 300)
    void flushesLoseNoLineAndCutEventsOnlyWhereTheyFall(
            @ForAll("logs") List<Written> a,
            @ForAll("logs") List<Written> b,
            @ForAll long seed,
            @ForAll boolean flushAtEventEndsOnly) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        Map<String, List<Boolean>> ends = new LinkedHashMap<>();
        planLines("a.log", a, lines, ends);
        planLines("b.log", b, lines, ends);
        Feed feed = new Feed();
        Random random = new Random(seed);
        Map<String, Integer> next = new LinkedHashMap<>(Map.of("a.log", 0, "b.log", 0));
        while (next.get("a.log") < lines.get("a.log").size()
                || next.get("b.log") < lines.get("b.log").size()) {
            String file = random.nextBoolean() ? "a.log" : "b.log";
            int i = next.get(file);
            if (i == lines.get(file).size()) {
                continue;
            }
            feed.line(file, lines.get(file).get(i));
            next.put(file, i + 1);
            if (random.nextInt(4) == 0 && (!flushAtEventEndsOnly || ends.get(file).get(i))) {
                feed.flush(file);
            }
        }
        feed.flush("a.log");
        feed.flush("b.log");

        for (String file : lines.keySet()) {
            long accounted = 0;
            for (ParseResult result : feed.results.getOrDefault(file, List.of())) {
                assertThat(result.file()).endsWith(file);
                accounted += result instanceof LogEvent event ? event.lineCount() : 1;
            }
            assertThat(accounted).as(file).isEqualTo(lines.get(file).size());
        }
        if (flushAtEventEndsOnly) {
            assertThat(feed.messages("a.log"))
                    .containsExactlyElementsOf(a.stream().map(Written::eventMessage).toList());
            assertThat(feed.messages("b.log"))
                    .containsExactlyElementsOf(b.stream().map(Written::eventMessage).toList());
        }
    }

    private static void planLines(
            String file,
            List<Written> events,
            Map<String, List<String>> lines,
            Map<String, List<Boolean>> ends) {
        List<String> fileLines = new ArrayList<>();
        List<Boolean> eventEnds = new ArrayList<>();
        for (Written event : events) {
            List<String> eventLines = event.lines();
            for (int i = 0; i < eventLines.size(); i++) {
                fileLines.add(eventLines.get(i));
                eventEnds.add(i == eventLines.size() - 1);
            }
        }
        lines.put(file, fileLines);
        ends.put(file, eventEnds);
    }

    @Provide
    Arbitrary<List<Written>> logs() {
        Arbitrary<String> message =
                Arbitraries.strings()
                        .withChars("abcxyz019 []:=-")
                        .ofMinLength(1)
                        .ofMaxLength(40)
                        .filter(text -> !text.isBlank() && !text.startsWith(" "));
        Arbitrary<List<String>> trace = Arbitraries.of(TRACE_LINES).list().ofMaxSize(8);
        return Combinators.combine(Arbitraries.of(THREADS), message, trace)
                .as(Written::new)
                .list()
                .ofMaxSize(6);
    }

    /**
     * Lines handed to one decoder as a reader hands them out, each file's as a split of its own.
     */
    private static final class Feed {
        final LineDecoder<ParseResult> decoder =
                FollowedEvents.of(SPRING_BOOT, ZoneId.of("UTC"), EventBounds.DEFAULTS);
        final Map<String, Long> offsets = new LinkedHashMap<>();
        final Map<String, List<ParseResult>> results = new LinkedHashMap<>();
        private final Map<String, Path> paths = new LinkedHashMap<>();
        private final Line line = new Line();

        LineHold line(String file, String text) {
            byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
            long offset = offsets.getOrDefault(file, 0L);
            Path path = paths.computeIfAbsent(file, name -> new Path(dir.resolve(name).toUri()));
            line.set(path, bytes, 0, bytes.length - 1, offset, LineTerminator.LF);
            line.setSplitId(file);
            offsets.put(file, offset + bytes.length);
            ParseResult result = decoder.decode(line);
            if (result != null) {
                results.computeIfAbsent(file, f -> new ArrayList<>()).add(result);
            }
            return LineHold.after(line, decoder.followedHeldFrom(file));
        }

        void flush(String file) {
            decoder.followedFlush(
                    file,
                    result -> results.computeIfAbsent(file, f -> new ArrayList<>()).add(result));
        }

        void finish(String file) {
            decoder.finishFile(
                    file,
                    result -> results.computeIfAbsent(file, f -> new ArrayList<>()).add(result));
        }

        List<String> messages(String file) {
            return results.getOrDefault(file, List.of()).stream()
                    .map(result -> ((LogEvent) result).message())
                    .toList();
        }
    }
}
