package dev.logslice.format.multiline;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.access.AccessFormats;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** Folding stack traces into their events. */
class EventAssemblerTest {
    static final String JAVA_LOG =
            "\tat orphan.Before(First.java:1)\n"
                    + "2015-10-18 18:01:47,978 ERROR [main] a.B: request failed\r\n"
                    + "java.lang.IllegalStateException: boom\n"
                    + "\tat a.B.run(B.java:12)\n"
                    + "Caused by: java.io.IOException: closed\n"
                    + "\t... 3 more\n"
                    + "\n"
                    + "2015-10-18 18:01:48,000 INFO [main] a.B: retrying\n"
                    + "2015-10-18 18:01:49,000 WARN [main] a.B: gave up\n"
                    + "  with a note";

    private final LogFormat hadoop = Log4jPreset.HADOOP.format();

    @Test
    void continuationLinesJoinTheEventBeforeThem() {
        List<ParseResult> results = assemble(hadoop, JAVA_LOG, EventBounds.DEFAULTS);

        assertThat(results).hasSize(4);
        assertThat(results.get(0))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m -> {
                            assertThat(m.offset()).isZero();
                            assertThat(m.reason()).startsWith("no event starts before this line");
                        });
        LogEvent failed = (LogEvent) results.get(1);
        assertThat(failed.offset()).isEqualTo(JAVA_LOG.indexOf("2015"));
        assertThat(failed.level()).isEqualTo("ERROR");
        assertThat(failed.message())
                .isEqualTo(
                        "request failed\n"
                                + "java.lang.IllegalStateException: boom\n"
                                + "\tat a.B.run(B.java:12)\n"
                                + "Caused by: java.io.IOException: closed\n"
                                + "\t... 3 more");
        // The blank line after the trace is the event's, not its message's.
        assertThat(failed.lineCount()).isEqualTo(6);
        assertThat(((LogEvent) results.get(2)).message()).isEqualTo("retrying");
        assertThat(((LogEvent) results.get(3)).message()).isEqualTo("gave up\n  with a note");
    }

    @Test
    void eventsStopGrowingAtTheCap() {
        List<ParseResult> results = assemble(hadoop, JAVA_LOG, EventBounds.of(1000, 100));
        LogEvent failed = (LogEvent) results.get(1);

        assertThat(failed.message())
                .isEqualTo("request failed\njava.lang.IllegalStateException: boom");
        assertThat(failed.extra()).containsExactly(entry("droppedLines", 4L));
        assertThat(failed.isCut()).isTrue();
        assertThat(failed.lineCount()).isEqualTo(6);
    }

    @Test
    void eventsAreCutAtTheirLineBound() {
        List<ParseResult> results = assemble(hadoop, JAVA_LOG, EventBounds.of(3, 1 << 20));
        LogEvent failed = (LogEvent) results.get(1);

        assertThat(failed.message())
                .isEqualTo(
                        "request failed\njava.lang.IllegalStateException: boom\n"
                                + "\tat a.B.run(B.java:12)");
        assertThat(failed.isCut()).isTrue();
        assertThat(failed.lineCount()).isEqualTo(6);
        assertThat(((LogEvent) results.get(3)).isCut()).isFalse();
    }

    @Test
    void aHeaderThatFailsIsMalformedNotGluedToTheEventBefore() {
        String log =
                "2015-10-18 18:01:47,978 INFO [main] a.B: first\n"
                        + "2015-10-18 18:01:48,000 INFO a b c: odd header\n"
                        + "\tat its.Own.trace(Own.java:1)\n"
                        + "2015-10-18 18:01:49,000 INFO [main] a.B: second\n"
                        + "\tat a.B.run(B.java:12)\n";
        List<ParseResult> results = assemble(hadoop, log, EventBounds.DEFAULTS);

        assertThat(results).hasSize(4);
        LogEvent first = (LogEvent) results.get(0);
        assertThat(first.message()).isEqualTo("first");
        assertThat(first.lineCount()).isEqualTo(1);
        assertThat(results.get(1))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m -> {
                            assertThat(m.offset()).isEqualTo(log.indexOf("2015", 1));
                            assertThat(m.reason()).endsWith("and continues no event");
                        });
        assertThat(results.get(2))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m -> assertThat(m.reason()).startsWith("continues a malformed line"));
        assertThat(((LogEvent) results.get(3)).message())
                .isEqualTo("second\n\tat a.B.run(B.java:12)");
    }

    @Test
    void singleLineFormatsEmitEveryLineAtOnce() {
        LogFormat common = AccessFormats.apache("common", AccessFormats.COMMON);
        List<ParseResult> results =
                assemble(
                        common,
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5\n"
                                + "\tnot an access line\n",
                        EventBounds.DEFAULTS);

        assertThat(results).hasSize(2);
        assertThat(results.get(1))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m -> assertThat(m.reason()).startsWith("does not match the layout"));
    }

    static List<ParseResult> assemble(LogFormat format, String content, EventBounds bounds) {
        return Parsing.assemble(format, content, bounds);
    }
}
