package dev.logslice.format.malformed;

import dev.logslice.format.LogFormat;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;
import dev.logslice.format.testing.SourceLines;
import dev.logslice.format.testing.SourceLines.SourceLine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The malformed rate of each real log read with its format, through the event assembler. */
class RealLogsMalformedRateTest {

    @ParameterizedTest
    @CsvSource({
        "hackers-access.log, combined, 3456",
        "hackers-access.log, nginx, 3456",
        "Apache_2k.log, apache-error, 2000",
        "Linux_2k.log, syslog, 2000",
        "OpenSSH_2k.log, syslog, 2000",
        "Hadoop_2k.log, hadoop, 2000",
        "Zookeeper_2k.log, zookeeper, 2000",
    })
    void noLineIsMalformed(String file, String formatName, long lines) {
        MalformedLines malformed = read(file, formatName);
        FileTally tally = malformed.files().iterator().next();

        assertThat(malformed.report()).isEmpty();
        assertThat(tally.malformedRate()).isZero();
        assertThat(tally.events()).isEqualTo(lines);
    }

    /**
     * Common stops at its byte count: a combined line goes on, so common reads none of them (it
     * read them all once, dropping every referrer and agent without a word).
     */
    @Test
    void commonReadsNoLineOfACombinedLog() {
        FileTally tally = read("hackers-access.log", "common").files().iterator().next();

        assertThat(tally.malformedRate()).isEqualTo(1.0);
        assertThat(tally.events()).isZero();
    }

    private static MalformedLines read(String file, String formatName) {
        LogFormat format = FormatRegistry.standard().create(formatName, FormatOptions.none());
        MalformedLines malformed = new MalformedLines(5, false);
        EventAssembler assembler =
                new EventAssembler(format, format.newParser(Parsing.CONTEXT), malformed::count);
        for (SourceLine line : SourceLines.of(RealLogs.bytes(file))) {
            assembler.accept(line.bytes, 0, line.bytes.length, file, line.offset);
        }
        assembler.finish();

        return malformed;
    }
}
