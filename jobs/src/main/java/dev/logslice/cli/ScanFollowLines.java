package dev.logslice.cli;

import dev.logslice.report.Human;
import dev.logslice.stats.LogStats;

import java.io.PrintStream;

/**
 * What {@code scan --follow} prints of its running total: a line on {@code out} when the counts
 * grew, and a last one when stopped, {@code lines N (+NEW), bytes N (HUMAN)} (the labels of the
 * batch report) and, once lines were too long, {@code oversized N lines skipped}.
 */
final class ScanFollowLines implements LiveRefresh.Renderer {
    private final PrintStream out;
    private long shownLines = -1;
    private long shownOversized;

    ScanFollowLines(PrintStream out) {
        this.out = out;
    }

    @Override
    public void render(LogStats total, boolean last) {
        if (total.lines() == shownLines && total.oversized() == shownOversized && !last) {
            return;
        }
        out.printf(
                "lines %,d (+%,d), bytes %,d (%s)%s%n",
                total.lines(),
                total.lines() - Math.max(shownLines, 0),
                total.bytes(),
                Human.bytes(total.bytes()),
                total.oversized() > 0
                        ? String.format(", oversized %,d lines skipped", total.oversized())
                        : "");
        out.flush();
        shownLines = total.lines();
        shownOversized = total.oversized();
    }
}
