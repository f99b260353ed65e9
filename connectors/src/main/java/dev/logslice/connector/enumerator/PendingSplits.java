package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import java.util.List;

/** The enumerator's checkpoint: the splits not handed out yet, in order. */
@Internal
public record PendingSplits(List<LogFileSplit> splits) {
    public PendingSplits {
        splits = List.copyOf(splits);
    }
}
