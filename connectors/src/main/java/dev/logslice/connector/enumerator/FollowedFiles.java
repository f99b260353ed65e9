package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.io.LocalPaths;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the enumerator of a followed source knows of the files it lists again and again: which files
 * (by identity, not name) it has handed out, and a fingerprint of the first bytes of each, so that
 * a rotated file compressed under a new name (a new identity) is known as a copy and not read
 * twice. Each listing gives the files that are new: to be read whole (a compressed file that is no
 * copy), or followed from an offset after a backlog.
 *
 * <p>Files of the first listing are followed from their end (the start of their last line) unless
 * the source starts from the beginning; files that appear later are read from their beginning. A
 * backlog of at least a split's size is cut into bounded splits, read in parallel at batch speed,
 * and following starts at its end, a line start. Identities no longer listed are forgotten (the
 * reader that follows such a file lets it go by itself), unless the next listing finds them again
 * with their start (a listing raced by a rotation); their fingerprints are kept, up to {@value
 * #REMEMBERED} files. A known inode under a new name with another start is a new file (see {@link
 * #isNewFileUnderAnOldInode}). A plain file that appears later under a rotation name of a followed
 * file and starts as that file did is its copy, not read (see {@link #copyOfAFollowedFile}).
 *
 * <p>Not thread-safe: the enumerator calls it from its coordinator thread only.
 */
@Internal
public final class FollowedFiles {
    private static final Logger LOG = LoggerFactory.getLogger(FollowedFiles.class);

    static final int REMEMBERED = 10_000;

    /**
     * How the file system is read: injected so that the state machine can be tested alone. Each
     * read is of the listed file itself: a file renamed since the listing and another created at
     * its name (a rotation between the listing and its reads) throws {@link MovedSinceListed}, or a
     * followed file would get the new file's start as its fingerprint and, listed under its new
     * name, pass for a new file and be read again from 0.
     */
    public interface FileReads {
        /** Up to {@code length} bytes of the file's start, decompressed if it is compressed. */
        byte[] prefix(Listed file, int length) throws IOException;

        /** The offset after the last LF before the file's listed size; 0 if there is none. */
        long lastLineStart(Listed file) throws IOException;
    }

    /** The listed file is no longer at its path: the next listing sees it where it is now. */
    public static final class MovedSinceListed extends IOException {
        public MovedSinceListed(String path) {
            super(path + " was renamed or replaced since it was listed");
        }
    }

    /** A listed file with its identity. */
    public record Listed(InputFile file, FileIdentity identity) {}

    /** What to do with a file seen for the first time. */
    public sealed interface NewFile {
        InputFile file();
    }

    /** A compressed file that is not a copy of one followed: read once, whole. */
    public record ReadWhole(InputFile file) implements NewFile {}

    /**
     * A file to follow from {@code followFrom}; the bytes before, from {@code backlogStart}, are
     * read as bounded splits first (none when the two are equal).
     */
    public record Follow(
            InputFile file,
            FileIdentity identity,
            Fingerprint head,
            long backlogStart,
            long followFrom)
            implements NewFile {}

    /** A file handed out, under the name it was last listed with. */
    public record Tracked(FileIdentity identity, String path) {}

    private final boolean fromStart;
    private final long backlogSplitSize;
    private final FileReads reads;
    private boolean listedBefore;
    private final Map<FileIdentity, String> tracked = new LinkedHashMap<>();
    private final LinkedHashMap<FileIdentity, Fingerprint> fingerprints =
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<FileIdentity, Fingerprint> eldest) {
                    return size() > REMEMBERED;
                }
            };

    /** Files whose reads failed, warned about once. */
    private final Set<FileIdentity> unreadable = new HashSet<>();

    /** Identities the last listing forgot: a listing may miss a file a rotation renames. */
    private Set<FileIdentity> forgottenByTheLastListing = Set.of();

    /** Fingerprints of deleted files whose inodes new files took: their copies are still known. */
    private final Deque<Fingerprint> retired = new ArrayDeque<>();

    /**
     * The start each followed file had before it was last written again from 0 (copytruncate): the
     * copy, listed after the truncation, starts with it. Not checkpointed: a copy is listed within
     * a monitor interval of its truncation.
     */
    private final Map<FileIdentity, Fingerprint> beforeTruncation = new HashMap<>();

    public FollowedFiles(boolean fromStart, long backlogSplitSize, FileReads reads) {
        this.fromStart = fromStart;
        this.backlogSplitSize = backlogSplitSize;
        this.reads = reads;
    }

    /** Takes what a checkpoint held. */
    public void restore(FollowState state) {
        listedBefore = state.listedBefore();
        state.tracked().forEach(file -> tracked.put(file.identity(), file.path()));
        fingerprints.putAll(state.fingerprints());
        retired.addAll(state.retired());
    }

    public FollowState snapshot(int lastSplitId) {
        List<Tracked> files = new ArrayList<>();
        tracked.forEach((identity, path) -> files.add(new Tracked(identity, path)));
        return new FollowState(
                listedBefore,
                lastSplitId,
                files,
                new LinkedHashMap<>(fingerprints),
                new ArrayList<>(retired));
    }

    /** The files of this listing not handed out before, and what to do with each. */
    public List<NewFile> onListing(List<Listed> listing) {
        List<NewFile> found = new ArrayList<>();
        Set<FileIdentity> listed = new HashSet<>();
        for (Listed entry : listing) {
            if (!listed.add(entry.identity())) {
                continue; // the same file twice (a link, overlapping globs)
            }
            try {
                onListed(entry).ifPresent(found::add);
                unreadable.remove(entry.identity());
            } catch (MovedSinceListed e) {
                // Nothing of it changed: it is still known (if it was) and looked at next time.
                LOG.debug("{}", e.getMessage());
            } catch (IOException e) {
                // Not recorded as handed out either: each listing tries again, warning once.
                if (unreadable.add(entry.identity())) {
                    LOG.warn("Cannot read {}; trying again: {}", entry.file().path(), e.toString());
                }
            }
        }
        Set<FileIdentity> forgotten = new HashSet<>();
        for (Iterator<FileIdentity> it = tracked.keySet().iterator(); it.hasNext(); ) {
            FileIdentity identity = it.next();
            if (!listed.contains(identity)) {
                forgotten.add(identity);
                beforeTruncation.remove(identity);
                it.remove();
            }
        }
        forgottenByTheLastListing = forgotten;
        unreadable.retainAll(listed);
        listedBefore = true;
        return found;
    }

    /**
     * What to do with one listed file, if it is new. Moved since the listing, it is not recorded as
     * handed out: the next listing finds it under its new name.
     */
    private Optional<NewFile> onListed(Listed entry) throws IOException {
        InputFile file = entry.file();
        FileIdentity identity = entry.identity();
        boolean compressed = BlockAlignedFileEnumerator.isCompressed(file.path());
        if (tracked.containsKey(identity) && isNewFileUnderAnOldInode(entry)) {
            LOG.info("{} is a new file with the inode of one deleted", file.path());
            tracked.remove(identity);
            retire(fingerprints.remove(identity));
        }
        if (!tracked.containsKey(identity) && !compressed && missedByTheLastListing(entry)) {
            LOG.info("{} is a followed file the last listing missed", file.path());
            tracked.put(identity, file.path().toString());
        }
        if (tracked.containsKey(identity)) {
            Fingerprint known = fingerprints.get(identity);
            if (!compressed && (known == null || grewOrWasRewritten(entry, known))) {
                byte[] start = start(entry);
                if (known != null && known.tellsApart() && !known.isPrefixOf(start)) {
                    beforeTruncation.put(identity, known);
                }
                fingerprints.put(identity, Fingerprint.of(start, start.length));
            }
            tracked.put(identity, file.path().toString());
            return Optional.empty();
        }
        if (compressed) {
            byte[] start = reads.prefix(entry, Fingerprint.BYTES);
            boolean copy =
                    Stream.concat(fingerprints.values().stream(), retired.stream())
                            .anyMatch(known -> known.tellsApart() && known.isPrefixOf(start));
            tracked.put(identity, file.path().toString());
            fingerprints.put(identity, Fingerprint.of(start, start.length));
            if (!copy && (listedBefore || fromStart)) {
                LOG.info("Reading {}: a compressed file, no copy of one followed", file.path());
                return Optional.of(new ReadWhole(file));
            }
            return Optional.empty();
        }
        byte[] start = start(entry);
        Fingerprint head = Fingerprint.of(start, start.length);
        if (listedBefore) {
            String original = copyOfAFollowedFile(entry, start);
            if (original != null) {
                LOG.info("{} is a copy of followed {}: not read again", file.path(), original);
                tracked.put(identity, file.path().toString());
                fingerprints.put(identity, head);
                return Optional.empty();
            }
        }
        boolean fromItsEnd = !listedBefore && !fromStart;
        long backlogEnd =
                fromItsEnd || file.size() >= backlogSplitSize ? reads.lastLineStart(entry) : 0;
        tracked.put(identity, file.path().toString());
        fingerprints.put(identity, head);
        return Optional.of(
                new Follow(file, identity, head, fromItsEnd ? backlogEnd : 0, backlogEnd));
    }

    /**
     * Whether a file's start is longer than the one known, or another: written again from 0 under
     * its name (copytruncate). Its start is then the new one, or a later rename would make it look
     * like a new file under the old inode, read again from 0.
     */
    private boolean grewOrWasRewritten(Listed entry, Fingerprint known) throws MovedSinceListed {
        try {
            return known.length() < Math.min(Fingerprint.BYTES, entry.file().size())
                    || !known.isPrefixOf(reads.prefix(entry, known.length()));
        } catch (MovedSinceListed e) {
            throw e;
        } catch (IOException e) {
            // Gone since it was listed (the oldest rotated file deleted): an error here would
            // drop this listing's new files, already noted as handed out.
            return false;
        }
    }

    /**
     * Whether a file not known is one the last listing forgot with the same start: a directory
     * walked while a rotation renames in it can show a file under neither its old name nor its new
     * one (the walk past the new name before the rename, the old name gone when its identity is
     * read), and that file, followed still, would be read again from 0.
     */
    private boolean missedByTheLastListing(Listed entry) throws IOException {
        Fingerprint known = fingerprints.get(entry.identity());
        return forgottenByTheLastListing.contains(entry.identity())
                && known != null
                && known.tellsApart()
                && known.isPrefixOf(reads.prefix(entry, known.length()));
    }

    private void retire(Fingerprint fingerprint) {
        retired.addLast(fingerprint);
        if (retired.size() > REMEMBERED) {
            retired.removeFirst();
        }
    }

    /**
     * Whether a known identity listed under another name is another file: one deleted (so no reader
     * holds it open) and its inode given to a new file, which a rotation does in a moment (compress
     * and delete the oldest, create the new log). Its start then differs from the known one; a file
     * renamed by rotation keeps its start. (A file truncated in place keeps its name, and its
     * reader reads it again.)
     */
    private boolean isNewFileUnderAnOldInode(Listed entry) throws IOException {
        InputFile file = entry.file();
        Fingerprint known = fingerprints.get(entry.identity());
        return !file.path().toString().equals(tracked.get(entry.identity()))
                && known != null
                && known.tellsApart()
                && !known.isPrefixOf(reads.prefix(entry, known.length()));
    }

    /** The file's first bytes, as many as a fingerprint takes. */
    private byte[] start(Listed entry) throws IOException {
        return reads.prefix(entry, (int) Math.min(Fingerprint.BYTES, entry.file().size()));
    }

    /**
     * The path of the followed file whose copy a new plain file is, or null: logrotate's {@code
     * copytruncate} copies {@code access.log} to {@code access.log.1} (or {@code
     * access.log-20261207}) beside it and truncates it, and what the copy holds was read from the
     * followed file. A copy is named after the file (its name and a suffix after {@code .}, {@code
     * -} or {@code _}, in the same folder) and starts with the bytes the file started with, before
     * its truncation if it was truncated: two logs of one program may start alike, but not under
     * such names. Lines written to the file after its reader's last look and before the truncation
     * are only in the copy, and are not read.
     */
    @Nullable
    private String copyOfAFollowedFile(Listed entry, byte[] start) {
        Path copy = entry.file().path();
        for (Map.Entry<FileIdentity, String> followed : tracked.entrySet()) {
            Path original = new Path(followed.getValue());
            if (isRotationName(copy, original)
                    && Stream.of(
                                    fingerprints.get(followed.getKey()),
                                    beforeTruncation.get(followed.getKey()))
                            .anyMatch(
                                    known ->
                                            known != null
                                                    && known.tellsApart()
                                                    && known.isPrefixOf(start))) {
                return LocalPaths.plain(followed.getValue());
            }
        }
        return null;
    }

    /** Whether {@code copy} is {@code original}'s name with a rotation suffix, in its folder. */
    private static boolean isRotationName(Path copy, Path original) {
        String name = copy.getName();
        String originalName = original.getName();
        return Objects.equals(copy.getParent(), original.getParent())
                && name.length() > originalName.length() + 1
                && name.startsWith(originalName)
                && ".-_".indexOf(name.charAt(originalName.length())) >= 0;
    }
}
