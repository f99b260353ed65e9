package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.Panel;
import dev.logslice.stats.RowTotals;
import dev.logslice.stats.ValueCount;

import javax.annotation.Nullable;

/**
 * One row of a top-N list as every output shows it: the value, its count, its share of all events,
 * and (where the format has the fields) visitors, bytes and time served.
 */
record PanelRow(String value, long count, double share, @Nullable RowTotals totals) {
    static PanelRow of(LogStats stats, @Nullable Panel panel, ValueCount row) {
        return new PanelRow(
                row.value(),
                row.count(),
                stats.events() == 0 ? 0 : (double) row.count() / stats.events(),
                panel == null ? null : stats.rowTotals(panel, row.value()));
    }

    /** The share as a percentage with one decimal, as the terminal and HTML show it. */
    String percent() {
        return String.format("%.1f%%", 100 * share);
    }
}
