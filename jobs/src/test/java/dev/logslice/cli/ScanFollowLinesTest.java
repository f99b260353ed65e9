package dev.logslice.cli;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.LogStats;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code scan --follow} prints as its total grows: the counts when they grow, oversized lines
 * among them once there are some, and each damaged archive once on stderr, escaped.
 */
class ScanFollowLinesTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final ScanFollowLines lines =
            new ScanFollowLines(
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void oversizedLinesAreCountedAndAGrowthOfThemAloneIsALine() throws Exception {
        LogStats total = new LogStats();
        total.addLine(10);
        lines.render(total, false);
        total.addOversizedLines(2);
        lines.render(total, false);
        lines.render(total, false);
        lines.render(total, true);

        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "lines 1 (+1), bytes 10 (10 B)",
                        "lines 1 (+0), bytes 10 (10 B), oversized 2 lines skipped",
                        "lines 1 (+0), bytes 10 (10 B), oversized 2 lines skipped");
    }

    @Test
    void aDamagedArchiveIsToldOnceOnStderrAsGrepFollowTellsIt() throws Exception {
        LogStats total = new LogStats();
        total.addSplit(damaged("/logs/a\u001b[2J.log.1.gz"));
        lines.render(total, false);
        lines.render(total, true);

        assertThat(err.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "logslice: /logs/a\\x1b[2J.log.1.gz: the gzip stream ends early"
                                + " (truncated?) after 30 uncompressed bytes");
    }

    private static SplitReport damaged(String path) {
        return new SplitReport(
                "7",
                path,
                0,
                100,
                30,
                1,
                0,
                List.of(),
                1,
                0,
                0,
                0,
                "gzip",
                100,
                0,
                null,
                List.of(
                        new SplitReport.FileRead(
                                path,
                                0,
                                100,
                                30,
                                1,
                                1,
                                0,
                                0,
                                null,
                                "the gzip stream ends early (truncated?) after 30 uncompressed"
                                        + " bytes")));
    }
}
