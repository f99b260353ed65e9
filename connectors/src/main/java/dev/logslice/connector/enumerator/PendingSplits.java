package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The enumerator's checkpoint: the splits not handed out yet, in order, and for a followed source
 * what it knows of the files it follows.
 *
 * @param follow null for a bounded source
 */
@Internal
public record PendingSplits(List<LogFileSplit> splits, @Nullable FollowState follow) {
    public PendingSplits {
        splits = List.copyOf(splits);
    }

    /** A bounded source's checkpoint. */
    public PendingSplits(List<LogFileSplit> splits) {
        this(splits, null);
    }
}
