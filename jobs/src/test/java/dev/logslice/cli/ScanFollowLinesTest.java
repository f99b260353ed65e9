package dev.logslice.cli;

import dev.logslice.stats.LogStats;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code scan --follow} prints as its total grows: the counts when they grow, oversized lines
 * among them once there are some.
 */
class ScanFollowLinesTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ScanFollowLines lines =
            new ScanFollowLines(new PrintStream(out, true, StandardCharsets.UTF_8));

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
}
