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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Container logs hold one line of the program per line: CRI's partial lines join the rest of their
 * line, and the program's stack traces stay one event.
 */
class ContainerLinesTest {
    private static LogFormat format(String name) {
        return FormatRegistry.standard().create(name, FormatOptions.none());
    }

    private static List<ParseResult> read(String format, String... lines) {
        StringBuilder content = new StringBuilder();
        for (String line : lines) {
            content.append(line).append('\n');
        }
        return Parsing.assemble(format(format), content.toString(), EventBounds.DEFAULTS);
    }

    private static String cri(String stream, String tag, String message) {
        return "2024-01-15T10:20:30.123456789Z " + stream + " " + tag + " " + message;
    }

    private static String docker(String stream, String log) {
        return dockerPiece(stream, log + "\n");
    }

    /** A json-file line as Docker writes it; {@code log} ends without a line feed when cut. */
    private static String dockerPiece(String stream, String log) {
        return "{\"log\":\""
                + log.replace("\\", "\\\\")
                        .replace("\t", "\\t")
                        .replace("\"", "\\\"")
                        .replace("\n", "\\n")
                + "\",\"stream\":\""
                + stream
                + "\",\"time\":\"2024-01-15T10:20:30.123456789Z\"}";
    }

    @Test
    void criPartialLinesJoinTheRestOfTheirLine() {
        String start = "2024-01-15 10:20:30,123 - shop.cart - WARNING - cart {\\\"items\\\": [";
        List<ParseResult> results =
                read(
                        "cri",
                        cri("stdout", "P", start),
                        cri("stdout", "P", "1, 2, 3,"),
                        cri("stdout", "F", " 4]} is stale"),
                        cri("stdout", "F", "2024-01-15 10:20:31,000 - shop.cart - INFO - next"));

        assertThat(results).hasSize(2).allMatch(r -> r instanceof LogEvent);
        LogEvent joined = (LogEvent) results.get(0);
        assertThat(joined.lineCount()).isEqualTo(3);
        assertThat(joined.level()).isEqualTo("WARNING");
        assertThat(joined.logger()).isEqualTo("shop.cart");
        assertThat(joined.message()).isEqualTo("cart {\\\"items\\\": [1, 2, 3, 4]} is stale");
        assertThat(joined.hasUnfinishedLine()).isFalse();
        assertThat(((LogEvent) results.get(1)).message()).isEqualTo("next");
    }

    @Test
    void dockerLinesWithoutALineFeedJoinTheRestOfTheirLine() {
        // json-file cuts a program's line every 16 KiB: only the last piece ends with its \n.
        List<ParseResult> results =
                read(
                        "docker",
                        dockerPiece("stdout", "2024-01-15 10:20:30,123 - shop.cart - WARNING - a "),
                        dockerPiece("stdout", "long "),
                        dockerPiece("stdout", "line\n"),
                        docker("stderr", "next"));

        assertThat(results)
                .map(r -> ((LogEvent) r).message())
                .containsExactly("a long line", "next");
        LogEvent joined = (LogEvent) results.get(0);
        assertThat(joined.lineCount()).isEqualTo(3);
        assertThat(joined.level()).isEqualTo("WARNING");
        assertThat(joined.hasUnfinishedLine()).isFalse();
    }

    @Test
    void aLineOfTheOtherStreamIsNoRestOfAPartialLine() {
        List<ParseResult> results =
                read(
                        "cri",
                        cri("stdout", "P", "first half of a stdout line"),
                        cri("stderr", "F", "an error between the pieces"),
                        cri("stdout", "F", "second half"));

        // CRI interleaves the streams: the halves stay apart rather than take the wrong text.
        assertThat(results)
                .map(r -> ((LogEvent) r).message())
                .containsExactly(
                        "first half of a stdout line",
                        "an error between the pieces",
                        "second half");
    }

    @Test
    void aTraceLineOfTheOtherStreamBetweenAPieceAndItsRestKeepsThemApart() {
        List<ParseResult> results =
                read(
                        "cri",
                        cri("stdout", "P", "2024-01-15 10:20:30,123 - a - ERROR - first half"),
                        cri("stderr", "F", "\tat a.B.c(B.java:1)"),
                        cri("stdout", "F", "second half"));

        // As behind any line of the other stream: the source cuts splits only so.
        assertThat(results)
                .map(r -> ((LogEvent) r).message())
                .containsExactly("first half\n\tat a.B.c(B.java:1)", "second half");
    }

    @Test
    void aJsonLineTheRuntimeCutIsReadAsJsonOnceItsRestComes() {
        String json =
                "{\"level\":\"error\",\"logger\":\"shop.Cart\",\"msg\":\"payment failed: "
                        + "x".repeat(100)
                        + "\",\"trace_id\":\"abc\"}";
        int cut = json.indexOf("xxx") + 50;
        List<ParseResult> cri =
                read(
                        "cri",
                        cri("stdout", "P", json.substring(0, 20)),
                        cri("stdout", "P", json.substring(20, cut)),
                        cri("stdout", "F", json.substring(cut)),
                        cri("stdout", "F", "{\"level\":\"info\",\"msg\":\"next\"}"));
        List<ParseResult> docker =
                read(
                        "docker",
                        dockerPiece("stdout", json.substring(0, cut)),
                        docker("stdout", json.substring(cut)),
                        docker("stdout", "{\"level\":\"info\",\"msg\":\"next\"}"));

        for (List<ParseResult> results : List.of(cri, docker)) {
            assertThat(results).hasSize(2).allMatch(r -> r instanceof LogEvent);
            LogEvent joined = (LogEvent) results.get(0);
            // The level of a long line (a stack trace in a field) counts as any other's.
            assertThat(joined.level()).isEqualTo("error");
            assertThat(joined.logger()).isEqualTo("shop.Cart");
            assertThat(joined.message()).isEqualTo("payment failed: " + "x".repeat(100));
            assertThat(joined.extra()).containsEntry("trace_id", "abc");
            assertThat(((LogEvent) results.get(1)).message()).isEqualTo("next");
        }
    }

    @Test
    void aCutLineWhoseRestNeverComesKeepsWhatItHas() {
        List<ParseResult> results =
                read(
                        "cri",
                        cri("stdout", "P", "2024-01-15 10:20:30,123 - shop.cart - WARNING - half"),
                        cri("stderr", "F", "{\"level\":\"info\",\"msg\":\"other\"}"));

        assertThat(results).hasSize(2).allMatch(r -> r instanceof LogEvent);
        LogEvent half = (LogEvent) results.get(0);
        assertThat(half.level()).isEqualTo("WARNING");
        assertThat(half.message()).isEqualTo("half");
    }

    @Test
    void aJavaTraceInACriLogIsOneEvent() {
        List<ParseResult> results =
                read(
                        "cri",
                        cri(
                                "stderr",
                                "F",
                                "2024-01-15 10:20:30,123 ERROR [http-nio-8080-exec-1] com.shop.Cart: checkout failed"),
                        cri("stderr", "F", "java.lang.IllegalStateException: cart 7 is locked"),
                        cri("stderr", "F", "\tat com.shop.Cart.checkout(Cart.java:42)"),
                        cri(
                                "stderr",
                                "F",
                                "Caused by: java.util.concurrent.TimeoutException: lock"),
                        cri("stderr", "F", "\t... 12 more"),
                        cri("stdout", "F", "plain text of the next event"));

        assertThat(results).hasSize(2).allMatch(r -> r instanceof LogEvent);
        LogEvent trace = (LogEvent) results.get(0);
        assertThat(trace.lineCount()).isEqualTo(5);
        assertThat(trace.level()).isEqualTo("ERROR");
        assertThat(trace.message())
                .isEqualTo(
                        "checkout failed\njava.lang.IllegalStateException: cart 7 is locked\n"
                                + "\tat com.shop.Cart.checkout(Cart.java:42)\n"
                                + "Caused by: java.util.concurrent.TimeoutException: lock\n"
                                + "\t... 12 more");
    }

    @Test
    void aPythonTracebackInADockerLogIsOneEvent() {
        List<ParseResult> results =
                read(
                        "docker",
                        docker("stderr", "2024-01-15 10:20:30,123 - worker - ERROR - job 7 failed"),
                        docker("stderr", "Traceback (most recent call last):"),
                        docker("stderr", "  File \"/app/worker.py\", line 12, in run"),
                        docker("stderr", "    raise ValueError(\"bad \\\"job\\\"\")"),
                        docker("stderr", "ValueError: bad job"),
                        docker("stdout", "2024-01-15 10:20:31,000 - worker - INFO - job 8 done"));

        assertThat(results).hasSize(2).allMatch(r -> r instanceof LogEvent);
        LogEvent trace = (LogEvent) results.get(0);
        assertThat(trace.lineCount()).isEqualTo(5);
        assertThat(trace.level()).isEqualTo("ERROR");
        assertThat(trace.message())
                .startsWith(
                        "job 7 failed\nTraceback (most recent call last):\n  File \"/app/worker.py\"")
                .endsWith("raise ValueError(\"bad \\\"job\\\"\")\nValueError: bad job");
    }

    @Test
    void aTraceWithoutAnEventBeforeItIsMalformed() {
        List<ParseResult> results =
                read("cri", cri("stderr", "F", "\tat com.shop.Cart.checkout(Cart.java:42)"));

        assertThat(results).singleElement().isInstanceOf(MalformedLine.class);
        assertThat(((MalformedLine) results.get(0)).reason())
                .contains("no event starts before this line");
    }

    /** However pieces and traces mix, each line is in one event or malformed. */
    @Property(tries = 300)
    void everyCriLineIsInOneEventOrMalformed(@ForAll("criLines") List<String> lines) {
        assertEveryLineAccountedFor("cri", lines);
    }

    @Property(tries = 300)
    void everyDockerLineIsInOneEventOrMalformed(@ForAll("dockerLines") List<String> lines) {
        assertEveryLineAccountedFor("docker", lines);
    }

    private static void assertEveryLineAccountedFor(String format, List<String> lines) {
        List<ParseResult> results = read(format, lines.toArray(String[]::new));

        long accounted = 0;
        for (ParseResult result : results) {
            accounted += result instanceof LogEvent event ? event.lineCount() : 1;
        }
        assertThat(accounted).isEqualTo(lines.size());
    }

    @Provide
    Arbitrary<List<String>> criLines() {
        Arbitrary<String> line =
                Arbitraries.of(
                        cri("stdout", "P", "2024-01-15 10:20:30,123 - a - INFO - piece"),
                        cri("stdout", "F", "rest"),
                        cri("stderr", "P", "half"),
                        cri("stderr", "F", "\tat a.B.c(B.java:1)"),
                        cri("stdout", "F", "Caused by: x.YException: z"),
                        cri("stdout", "F", ""),
                        "not a cri line");
        return line.list().ofMaxSize(20);
    }

    @Provide
    Arbitrary<List<String>> dockerLines() {
        Arbitrary<String> line =
                Arbitraries.of(
                        dockerPiece("stdout", "2024-01-15 10:20:30,123 - a - INFO - piece"),
                        docker("stdout", "rest"),
                        dockerPiece("stderr", "half"),
                        docker("stderr", "\tat a.B.c(B.java:1)"),
                        dockerPiece("stdout", "\tat a.B.c(B.java:1)"),
                        docker("stdout", ""),
                        dockerPiece("stdout", ""),
                        "not a docker line");
        return line.list().ofMaxSize(20);
    }
}
