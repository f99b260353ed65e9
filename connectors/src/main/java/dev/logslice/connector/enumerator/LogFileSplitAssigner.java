package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Optional;

/**
 * Hands out splits in input order, preferring for a reader one whose data lies on the reader's host
 * (the first segment's hosts) when any split knows its hosts; local files know none.
 */
@Internal
public final class LogFileSplitAssigner {
    private final LinkedList<LogFileSplit> remaining = new LinkedList<>();

    /** Whether any split knows its hosts: if none does, searching for a local one is pointless. */
    private boolean anyHosts;

    public LogFileSplitAssigner(Collection<LogFileSplit> splits) {
        addSplits(splits);
    }

    public Optional<LogFileSplit> getNext(@Nullable String host) {
        if (host != null && anyHosts) {
            for (Iterator<LogFileSplit> it = remaining.iterator(); it.hasNext(); ) {
                LogFileSplit split = it.next();
                if (split.hosts().contains(host)) {
                    it.remove();
                    return Optional.of(split);
                }
            }
        }
        return Optional.ofNullable(remaining.poll());
    }

    /** Splits given back by a failed reader, to be handed out again. */
    public void addSplits(Collection<LogFileSplit> splits) {
        remaining.addAll(splits);
        anyHosts |= splits.stream().anyMatch(split -> !split.hosts().isEmpty());
    }

    public List<LogFileSplit> remainingSplits() {
        return new ArrayList<>(remaining);
    }
}
