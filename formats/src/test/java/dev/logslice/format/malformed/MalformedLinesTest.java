package dev.logslice.format.malformed;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Counting malformed lines per file, samples, and strict mode. */
class MalformedLinesTest {

    @Test
    void countsPerFileAndKeepsTheFirstSamples() {
        MalformedLines malformed = new MalformedLines(2, false);
        for (int i = 0; i < 5; i++) {
            malformed.count(bad("a.log", i * 10L));
            malformed.count(LogEvent.withoutText("a.log", i * 10L + 5));
        }
        malformed.count(LogEvent.withoutText("b.log", 0));

        assertThat(malformed.files()).extracting(FileTally::file).containsExactly("a.log", "b.log");
        FileTally a = malformed.files().iterator().next();
        assertThat(a.malformed()).isEqualTo(5);
        assertThat(a.events()).isEqualTo(5);
        assertThat(a.malformedRate()).isEqualTo(0.5);
        assertThat(a.samples()).extracting(MalformedLine::offset).containsExactly(0L, 10L);
        assertThat(malformed.malformed()).isEqualTo(5);
        assertThat(malformed.report())
                .isEqualTo(
                        "a.log: 5 malformed of 10 lines (50.00%)\n"
                                + "  a.log:0: no timestamp\n"
                                + "    tab\\there \\xff\\x01 \\\\ end\n"
                                + "  a.log:10: no timestamp\n"
                                + "    tab\\there \\xff\\x01 \\\\ end\n");
    }

    @Test
    void strictModeFailsOnTheFirstWithFileOffsetAndReason() {
        MalformedLines strict = new MalformedLines(10, true);
        strict.count(LogEvent.withoutText("a.log", 0));

        assertThatThrownBy(() -> strict.count(bad("a.log", 4096)))
                .isInstanceOf(MalformedLineException.class)
                .hasMessage("a.log:4096: no timestamp");
    }

    @Test
    void blankLinesAreCountedAsSuchNotMalformedAndStrictModeLetsThemBe() {
        MalformedLines strict = new MalformedLines(10, true);
        for (String blank : new String[] {"", " ", "\t \r", " ".repeat(300)}) {
            byte[] line = ("x" + blank).getBytes(StandardCharsets.UTF_8);
            strict.count(MalformedLine.of("a.log", 7, "no timestamp", line, 1, line.length - 1));
        }

        FileTally a = strict.files().iterator().next();
        assertThat(a.blank()).isEqualTo(4);
        assertThat(a.malformed()).isZero();
        assertThat(strict.report()).isEmpty();
        for (String text : new String[] {" x ", "\u00a0", "\f"}) {
            byte[] line = text.getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(
                            () ->
                                    strict.count(
                                            MalformedLine.of(
                                                    "a.log",
                                                    9,
                                                    "no timestamp",
                                                    line,
                                                    0,
                                                    line.length)))
                    .as(text)
                    .hasMessage("a.log:9: no timestamp");
        }
    }

    @Test
    void samplesKeepTheFirst200Bytes() {
        byte[] line = "x".repeat(500).getBytes(StandardCharsets.US_ASCII);

        assertThat(MalformedLine.of("f", 0, "r", line, 0, line.length).escapedSample())
                .hasSize(MalformedLine.SAMPLE_BYTES);
    }

    private static MalformedLine bad(String file, long offset) {
        byte[] line = {
            't',
            'a',
            'b',
            '\t',
            'h',
            'e',
            'r',
            'e',
            ' ',
            (byte) 0xFF,
            1,
            ' ',
            '\\',
            ' ',
            'e',
            'n',
            'd'
        };
        return MalformedLine.of(file, offset, "no timestamp", line, 0, line.length);
    }
}
