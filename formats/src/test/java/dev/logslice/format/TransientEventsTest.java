package dev.logslice.format;

import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A transient event ({@link LogParser#parseTransient}) views the caller's buffer and is reused: it
 * must read, line after line, exactly as the copied event of {@link LogParser#parse} does, with
 * nothing of an earlier line left in it (a null user after a named one, a line without a referrer
 * after one with), while the buffer is overwritten by each next line.
 */
class TransientEventsTest {
    private static final List<String> FORMATS =
            List.of(
                    "combined",
                    "common",
                    "vcombined",
                    "nginx",
                    "spring-boot",
                    "hadoop",
                    "syslog",
                    "json");

    @Property(tries = 300)
    void transientEventsReadAsCopiedOnes(
            @ForAll("lines") List<String> lines, @ForAll @IntRange(max = 7) int formatIndex)
            throws IOException {
        LogFormat format =
                FormatRegistry.standard().create(FORMATS.get(formatIndex), FormatOptions.none());
        LogParser copying = format.newParser(Parsing.CONTEXT);
        LogParser viewing = format.newParser(Parsing.CONTEXT);
        byte[] buffer = new byte[64 * 1024];
        List<ParseResult> copies = new ArrayList<>();
        List<String> copiesAsRead = new ArrayList<>();
        long offset = 0;
        for (String line : lines) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            // The line at a shifting place in one buffer, whose old bytes are garbage.
            Arrays.fill(buffer, (byte) 'x');
            int start = (int) (offset % 97);
            System.arraycopy(bytes, 0, buffer, start, bytes.length);
            ParseResult copy = copying.parse(buffer, start, bytes.length, "t.log", offset);
            ParseResult view = viewing.parseTransient(buffer, start, bytes.length, "t.log", offset);

            assertThat(json(view)).isEqualTo(json(copy));
            assertThat(fields(view)).isEqualTo(fields(copy));
            assertThat(text(view)).isEqualTo(text(copy));
            copies.add(copy);
            copiesAsRead.add(json(copy));
            offset += bytes.length + 1;
        }
        Arrays.fill(buffer, (byte) 'y');
        // The copies are the lines' own: the buffer's next bytes change none of them.
        for (int i = 0; i < copies.size(); i++) {
            assertThat(json(copies.get(i))).isEqualTo(copiesAsRead.get(i));
        }
    }

    @Test
    void anAccessLogParserGivesOneEventForAllLines() {
        LogParser parser =
                FormatRegistry.standard()
                        .create("combined", FormatOptions.none())
                        .newParser(Parsing.CONTEXT);
        byte[] a = access("1.2.3.4", "alice", "/a", "200", "5").getBytes(StandardCharsets.UTF_8);
        byte[] b = access("5.6.7.8", "-", "/b", "404", "-").getBytes(StandardCharsets.UTF_8);

        ParseResult first = parser.parseTransient(a, 0, a.length, "t.log", 0);
        ParseResult second = parser.parseTransient(b, 0, b.length, "t.log", a.length + 1);

        assertThat(second).isSameAs(first);
        LogEvent event = (LogEvent) second;
        assertThat(event.client()).isEqualTo("5.6.7.8");
        assertThat(event.user()).isNull();
        assertThat(event.hasValue(Field.BYTES)).isFalse();
        assertThat(event.offset()).isEqualTo(a.length + 1);
        // parse still copies: its events are the caller's to keep.
        assertThat(parser.parse(b, 0, b.length, "t.log", 0)).isNotSameAs(second);
    }

    @Test
    void aReusedViewKeepsNothingOfTheLineBefore() {
        byte[] buffer = "alice GET".getBytes(StandardCharsets.UTF_8);
        LogEvent event = LogEvent.viewing(null, "a.log", 0, buffer, 0, 9);
        event.setSpan(Field.CLIENT, 0, 5);
        event.client();
        event.setNull(Field.USER);
        event.setStatus(500);
        event.putExtra("k", "v");
        event.setUnfinishedLine(true);

        LogEvent next = LogEvent.viewing(event, "b.log", 10, buffer, 6, 3);

        assertThat(next).isSameAs(event);
        assertThat(Field.values())
                .filteredOn(field -> field != Field.FILE && field != Field.OFFSET)
                .allSatisfy(field -> assertThat(next.has(field)).as(field.name()).isFalse());
        assertThat(next.client()).isNull();
        assertThat(next.extra()).isEmpty();
        assertThat(next.hasUnfinishedLine()).isFalse();
        assertThat(next.file()).isEqualTo("b.log");
        assertThat(next.offset()).isEqualTo(10);
    }

    @Test
    void aViewThatTakesAContinuationLineCopiesItsTextFirst() {
        byte[] buffer = "..first line|second".getBytes(StandardCharsets.UTF_8);
        byte[] before = buffer.clone();
        LogEvent event = LogEvent.viewing(null, "t.log", 0, buffer, 2, 10);
        event.setSpan(Field.MESSAGE, 2, 12);

        event.appendLine(buffer, 13, 6, 10, 1000);

        assertThat(buffer).isEqualTo(before);
        assertThat(event.message()).isEqualTo("first line\nsecond");
        ByteSpan text = new ByteSpan();
        event.text(text);
        assertThat(string(text)).isEqualTo("first line\nsecond");
        // Its own text now: it is no view to reuse.
        assertThat(LogEvent.viewing(event, "t.log", 20, buffer, 0, 2)).isNotSameAs(event);
    }

    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> word =
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12);
        Arbitrary<String> dash = Arbitraries.of("-");
        Arbitrary<String> access =
                Combinators.combine(
                                Arbitraries.of("10.0.0.1", "::1", "192.168.7.250", "host-a"),
                                Arbitraries.oneOf(dash, word),
                                word.map(w -> "/" + w),
                                Arbitraries.of("200", "304", "404", "500", "000"),
                                Arbitraries.oneOf(
                                        dash,
                                        Arbitraries.longs()
                                                .between(0, 1 << 30)
                                                .map(String::valueOf)))
                        .as(TransientEventsTest::access);
        // One line of text: no line feed or CR inside.
        Arbitrary<String> text =
                Arbitraries.strings()
                        .ofMaxLength(40)
                        .map(t -> t.replace('\n', ' ').replace('\r', ' '));
        Arbitrary<String> app =
                formatted(
                        "2024-03-01T10:15:30.123Z  %s 4242 --- [main] %s : %s",
                        Arbitraries.of("INFO", "WARN", "ERROR", "DEBUG"), word, text);
        Arbitrary<String> syslog = formatted("Mar  1 10:15:30 %s %s[12]: %s", word, word, text);
        Arbitrary<String> json =
                Combinators.combine(Arbitraries.of("info", "error"), word)
                        .as(
                                (level, message) ->
                                        "{\"time\":\"2024-03-01T10:15:30Z\",\"level\":\""
                                                + level
                                                + "\",\"msg\":\""
                                                + message
                                                + "\"}");
        // Hadoop's two layouts, with a thread and without: a field one line has, the next has not.
        Arbitrary<String> hadoop =
                Combinators.combine(
                                Arbitraries.of("INFO", "WARN", "ERROR"),
                                Arbitraries.oneOf(dash, word),
                                word,
                                word)
                        .as(
                                (level, thread, logger, message) ->
                                        "2015-10-18 18:01:47,978 "
                                                + level
                                                + (thread.equals("-") ? "" : " [" + thread + "]")
                                                + " org.apache."
                                                + logger
                                                + ": "
                                                + message);
        Arbitrary<String> garbage =
                Arbitraries.strings().ofMaxLength(60).map(s -> s.replace('\n', ' '));
        return Arbitraries.oneOf(access, app, hadoop, syslog, json, garbage).list().ofMaxSize(12);
    }

    private static Arbitrary<String> formatted(
            String format, Arbitrary<String> a, Arbitrary<String> b, Arbitrary<String> c) {
        return Combinators.combine(a, b, c).as((x, y, z) -> String.format(format, x, y, z));
    }

    private static String access(
            String client, String user, String path, String status, String bytes) {
        return client
                + " - "
                + user
                + " [10/Oct/2000:13:55:36 -0700] \"GET "
                + path
                + " HTTP/1.1\" "
                + status
                + " "
                + bytes
                + " \"-\" \"curl/8.0\"";
    }

    private static String json(ParseResult result) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LogEventJsonWriter writer = new LogEventJsonWriter(out)) {
            writer.write(result);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Every field as its accessors give it: present, null or absent, and the string's value. */
    private static String fields(ParseResult result) {
        if (!(result instanceof LogEvent event)) {
            return "malformed";
        }
        StringBuilder fields = new StringBuilder();
        for (Field field : Field.values()) {
            fields.append(field).append(event.has(field)).append(event.hasValue(field));
            if (field.kind() == Field.Kind.STRING && field != Field.FILE) {
                fields.append(event.string(field));
            }
            fields.append(' ');
        }
        return fields.toString();
    }

    private static String text(ParseResult result) {
        if (result instanceof MalformedLine malformed) {
            return new String(malformed.sample(), StandardCharsets.UTF_8);
        }
        ByteSpan span = new ByteSpan();
        ((LogEvent) result).text(span);
        return string(span);
    }

    private static String string(ByteSpan span) {
        return new String(span.bytes(), span.start(), span.length(), StandardCharsets.UTF_8);
    }
}
