package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.util.List;

/**
 * What a split's reader counted before a checkpointed position, so that a restored reader counts on
 * from there instead of from zero.
 *
 * @param lines lines the split owns, before the position
 * @param oversizedLines lines skipped as longer than the maximum, before the position
 * @param oversizedLineOffsets offsets of the first of those (a sample, as a split's report keeps)
 */
@Internal
public record LineCounts(long lines, long oversizedLines, List<Long> oversizedLineOffsets)
        implements Serializable {
    /** Nothing counted: a split not begun, or one checkpointed before counts were kept. */
    public static final LineCounts NONE = new LineCounts(0, 0, List.of());

    public LineCounts {
        oversizedLineOffsets = List.copyOf(oversizedLineOffsets);
    }
}
