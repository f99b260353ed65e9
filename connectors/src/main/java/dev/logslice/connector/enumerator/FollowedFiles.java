package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * reader that follows such a file lets it go by itself); their fingerprints are kept, up to {@value
 * #REMEMBERED} files.
 *
 * <p>Not thread-safe: the enumerator calls it from its coordinator thread only.
 */
@Internal
public final class FollowedFiles {
    /** Bytes of a file's start that make its fingerprint. */
    public static final int FINGERPRINT_BYTES = 4096;

    static final int REMEMBERED = 10_000;

    /** How the file system is read: injected so that the state machine can be tested alone. */
    public interface FileReads {
        /** Up to {@code length} bytes of the file's start, decompressed if it is compressed. */
        byte[] prefix(InputFile file, int length) throws IOException;

        /** The offset after the last LF before the file's listed size; 0 if there is none. */
        long lastLineStart(InputFile file) throws IOException;
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
    public record Follow(InputFile file, FileIdentity identity, long backlogStart, long followFrom)
            implements NewFile {}

    /** A file's first bytes: how many, and their digest. */
    public record Fingerprint(int length, long digest) {
        static Fingerprint of(byte[] bytes, int length) {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                sha.update(bytes, 0, length);
                return new Fingerprint(length, ByteBuffer.wrap(sha.digest()).getLong());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has SHA-256", e);
            }
        }

        /** Whether {@code bytes} start with the bytes this is the fingerprint of. */
        boolean isPrefixOf(byte[] bytes) {
            return length > 0 && bytes.length >= length && of(bytes, length).equals(this);
        }
    }

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
    }

    public FollowState snapshot(int lastSplitId) {
        List<Tracked> files = new ArrayList<>();
        tracked.forEach((identity, path) -> files.add(new Tracked(identity, path)));
        return new FollowState(listedBefore, lastSplitId, files, new LinkedHashMap<>(fingerprints));
    }

    /** The files of this listing not handed out before, and what to do with each. */
    public List<NewFile> onListing(List<Listed> listing) throws IOException {
        List<NewFile> found = new ArrayList<>();
        Set<FileIdentity> listed = new HashSet<>();
        for (Listed entry : listing) {
            InputFile file = entry.file();
            FileIdentity identity = entry.identity();
            if (!listed.add(identity)) {
                continue; // the same file twice (a link, overlapping globs)
            }
            boolean compressed = BlockAlignedFileEnumerator.isCompressed(file.path());
            if (tracked.containsKey(identity)) {
                tracked.put(identity, file.path().toString());
                Fingerprint known = fingerprints.get(identity);
                if (!compressed
                        && (known == null
                                || known.length() < Math.min(FINGERPRINT_BYTES, file.size()))) {
                    fingerprints.put(identity, fingerprint(file)); // it grew since
                }
                continue;
            }
            tracked.put(identity, file.path().toString());
            if (compressed) {
                byte[] start = reads.prefix(file, FINGERPRINT_BYTES);
                boolean copy =
                        fingerprints.values().stream().anyMatch(known -> known.isPrefixOf(start));
                fingerprints.put(identity, Fingerprint.of(start, start.length));
                if (!copy && (listedBefore || fromStart)) {
                    found.add(new ReadWhole(file));
                }
                continue;
            }
            fingerprints.put(identity, fingerprint(file));
            if (!listedBefore && !fromStart) {
                long end = reads.lastLineStart(file);
                found.add(new Follow(file, identity, end, end));
            } else {
                long backlogEnd = file.size() >= backlogSplitSize ? reads.lastLineStart(file) : 0;
                found.add(new Follow(file, identity, 0, backlogEnd));
            }
        }
        for (Iterator<FileIdentity> it = tracked.keySet().iterator(); it.hasNext(); ) {
            if (!listed.contains(it.next())) {
                it.remove();
            }
        }
        listedBefore = true;
        return found;
    }

    private Fingerprint fingerprint(InputFile file) throws IOException {
        byte[] start = reads.prefix(file, (int) Math.min(FINGERPRINT_BYTES, file.size()));
        return Fingerprint.of(start, start.length);
    }
}
