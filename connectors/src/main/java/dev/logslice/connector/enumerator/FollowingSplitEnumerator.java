package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.Gauge;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The enumerator of a followed source: lists the input paths every monitor interval (in Flink's
 * worker thread), and hands out what is new ({@link FollowedFiles}): backlogs and compressed files
 * as bounded splits to the readers that ask for work, and for each growing file one split that
 * follows it, pushed to a reader without being asked (the readers take turns) and kept by it for as
 * long as the file lives. It never signals the end of splits.
 */
@Internal
public final class FollowingSplitEnumerator
        implements SplitEnumerator<LogFileSplit, PendingSplits> {
    private static final Logger LOG = LoggerFactory.getLogger(FollowingSplitEnumerator.class);

    private final SplitEnumeratorContext<LogFileSplit> context;
    private final List<Path> paths;
    private final LogSourceSettings settings;
    private final FollowedFiles files;
    private final BlockAlignedFileEnumerator splitter;
    private final LogFileSplitAssigner bounded;
    private final List<LogFileSplit> followsToAssign = new ArrayList<>();
    private final Set<Integer> readersAwaitingSplits = new LinkedHashSet<>();
    private int nextFollower;
    private volatile long unassignedSplits;

    public FollowingSplitEnumerator(
            SplitEnumeratorContext<LogFileSplit> context,
            List<Path> paths,
            LogSourceSettings settings,
            @Nullable PendingSplits restored) {
        this.context = context;
        this.paths = List.copyOf(paths);
        this.settings = settings;
        this.files =
                new FollowedFiles(
                        settings.follow().fromStart(), settings.splitSize(), new LocalFileReads());
        FollowState state = restored == null ? null : restored.follow();
        if (state != null) {
            files.restore(state);
        }
        this.splitter =
                new BlockAlignedFileEnumerator(
                        settings.splitSize(), state == null ? 0 : state.lastSplitId());
        this.bounded = new LogFileSplitAssigner(List.of());
        if (restored != null) {
            restored.splits().forEach(this::queue);
        }
        updateUnassigned();
        context.metricGroup().setUnassignedSplitsGauge((Gauge<Long>) () -> unassignedSplits);
    }

    @Override
    public void start() {
        long interval = settings.follow().monitorInterval().toMillis();
        context.callAsync(this::list, this::onListing, 0, Math.max(1, interval));
    }

    /** The input files with their identities; runs in the worker thread. */
    private List<FollowedFiles.Listed> list() throws IOException {
        InputPaths.Expansion inputs = InputPaths.expand(paths);
        List<FollowedFiles.Listed> listed = new ArrayList<>();
        for (InputFile file : inputs.files()) {
            try {
                FileIdentity identity = FileIdentity.stat(LocalPaths.of(file.path())).identity();
                listed.add(new FollowedFiles.Listed(file, identity));
            } catch (NoSuchFileException e) {
                // Rotated away since the walk: the next listing sees it under its new name.
            }
        }
        return listed;
    }

    private void onListing(
            @Nullable List<FollowedFiles.Listed> listing, @Nullable Throwable error) {
        if (error != null) {
            // A directory rotated away or unreadable for a moment: the next listing tries again.
            LOG.warn("Listing the followed paths failed; trying again: {}", error.toString());
            return;
        }
        for (FollowedFiles.NewFile found : files.onListing(listing)) {
            splitsOf(found).forEach(this::queue);
        }
        assignPending();
    }

    private List<LogFileSplit> splitsOf(FollowedFiles.NewFile found) {
        InputFile file = found.file();
        if (found instanceof FollowedFiles.ReadWhole) {
            return splitter.enumerateSplits(List.of(file), 1);
        }
        FollowedFiles.Follow follow = (FollowedFiles.Follow) found;
        List<LogFileSplit> splits = new ArrayList<>();
        if (follow.followFrom() > follow.backlogStart()) {
            // Read up to a line start only; the follow takes over from there.
            InputFile backlog =
                    new InputFile(
                            file.path(),
                            follow.followFrom(),
                            file.modificationTime(),
                            file.inode(),
                            file.hosts());
            splits.addAll(
                    splitter.enumerateSplits(
                            List.of(backlog),
                            context.currentParallelism() * settings.minSplitsPerReader()));
        }
        FileSegment startedAt =
                new FileSegment(
                        file.path(),
                        follow.followFrom(),
                        follow.followFrom(),
                        follow.followFrom(),
                        file.modificationTime(),
                        file.inode());
        splits.add(
                LogFileSplit.following(
                        splitter.nextId(),
                        startedAt,
                        follow.identity(),
                        follow.head(),
                        follow.followFrom()));
        return splits;
    }

    private void queue(LogFileSplit split) {
        if (split.isFollowing()) {
            followsToAssign.add(split);
        } else {
            bounded.addSplits(List.of(split));
        }
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        readersAwaitingSplits.add(subtaskId);
        assignPending();
    }

    /** Bounded splits to the readers that asked, follows to the readers in turn. */
    private void assignPending() {
        Set<Integer> registered = context.registeredReaders().keySet();
        readersAwaitingSplits.retainAll(registered);
        for (Iterator<Integer> it = readersAwaitingSplits.iterator(); it.hasNext(); ) {
            int reader = it.next();
            Optional<LogFileSplit> next =
                    bounded.getNext(context.registeredReaders().get(reader).getLocation());
            if (next.isEmpty()) {
                break;
            }
            context.assignSplit(next.get(), reader);
            it.remove();
        }
        if (!registered.isEmpty()) {
            List<Integer> readers = new ArrayList<>(registered);
            readers.sort(null);
            for (LogFileSplit follow : followsToAssign) {
                int reader = readers.get(Math.floorMod(nextFollower++, readers.size()));
                context.assignSplit(follow, reader);
                LOG.info("Following {} in reader {}", follow, reader);
            }
            followsToAssign.clear();
        }
        updateUnassigned();
    }

    private void updateUnassigned() {
        unassignedSplits = bounded.remainingSplits().size() + followsToAssign.size();
    }

    @Override
    public void addSplitsBack(List<LogFileSplit> splits, int subtaskId) {
        splits.forEach(this::queue);
        readersAwaitingSplits.remove(subtaskId);
        updateUnassigned();
    }

    @Override
    public void addReader(int subtaskId) {
        assignPending();
    }

    @Override
    public PendingSplits snapshotState(long checkpointId) {
        List<LogFileSplit> pending = new ArrayList<>(bounded.remainingSplits());
        pending.addAll(followsToAssign);
        return new PendingSplits(pending, files.snapshot(splitter.lastId()));
    }

    @Override
    public void close() {}
}
