package dev.logslice.cli;

import dev.logslice.report.Human;
import dev.logslice.report.InputFileNotes;
import dev.logslice.report.InputFileNotes.DamagedFile;
import dev.logslice.stats.LogStats;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;

/**
 * What {@code scan --follow} prints of its running total: a line on {@code out} when the counts
 * grew, and a last one when stopped, {@code lines N (+NEW), bytes N (HUMAN)} (the labels of the
 * batch report) and, once lines were too long, {@code oversized N lines skipped}; and, as {@code
 * grep --follow} does, a line on {@code err} for each damaged archive once it is read.
 */
final class ScanFollowLines implements LiveRefresh.Renderer {
    private final PrintStream out;
    private final PrintStream err;
    private final Set<DamagedFile> toldDamaged = new HashSet<>();
    private long shownLines = -1;
    private long shownOversized;

    ScanFollowLines(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void render(LogStats total, boolean last) {
        for (DamagedFile file : InputFileNotes.damaged(total.splits())) {
            if (toldDamaged.add(file)) {
                err.println(InputFileNotes.damaged(file.path(), file.damage()));
            }
        }
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
