package dev.logslice.connector.reader;

import dev.logslice.connector.io.FileStat;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.split.FileSegment;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * Compares a split's file with the file the enumerator listed, before and after it is read (each
 * file of a split that packs several).
 *
 * <ul>
 *   <li>Another inode (a local file rotated away and created again, or another renamed over it):
 *       fails the split with an error naming the file, whatever its size, so that a file replaced
 *       by a larger one is not read as the listed file appended to.
 *   <li>Larger: taken as appended to, which log files are while they are written. The split is read
 *       up to the listed size, and the report tells by how much the file grew.
 *   <li>Smaller (truncated), or as large but modified at another time (rewritten): fails the split
 *       with an error naming the file.
 *   <li>Missing: a {@link FileNotFoundException} naming the file.
 * </ul>
 *
 * <p>Files of non-local file systems, and splits checkpointed before inodes were kept, have no
 * inode: for them a file replaced by a larger one passes as appended to. So does a local file
 * rewritten in place ({@code cp} over it), which keeps its inode, or deleted and written again
 * under the inode number it had.
 */
@Internal
final class InputFileCheck {
    private InputFileCheck() {}

    /**
     * Bytes appended to the file since it was listed, 0 when unchanged.
     *
     * @param when when the check is made, for the message: "before it was read", "while it was
     *     read"
     */
    static long appendedBytes(FileSegment segment, String when) throws IOException {
        Path path = segment.path();
        FileStat now;
        try {
            now = stat(path);
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new FileNotFoundException(
                    "Input file "
                            + path
                            + " was deleted "
                            + when
                            + " (it was listed at the start)");
        }
        if (segment.inode() != null && !segment.inode().equals(now.inode())) {
            throw new IOException(
                    String.format(
                            "Input file %s was replaced since the job listed it, found %s:"
                                    + " inode %d when listed, now inode %s",
                            path, when, segment.inode(), now.inode()));
        }
        long listedSize = segment.fileSize();
        if (now.size() > listedSize) {
            return now.size() - listedSize;
        }
        if (now.size() < listedSize) {
            throw new IOException(
                    String.format(
                            "Input file %s was truncated %s: %d bytes when listed, now %d",
                            path, when, listedSize, now.size()));
        }
        if (now.modificationTime() != segment.modificationTime()) {
            throw new IOException(
                    String.format(
                            "Input file %s was rewritten or replaced %s: %d bytes modified at %d"
                                    + " when listed, now modified at %d",
                            path,
                            when,
                            listedSize,
                            segment.modificationTime(),
                            now.modificationTime()));
        }
        return 0;
    }

    /** Local files as the enumerator listed them, with their inode. */
    private static FileStat stat(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            return FileStat.local(LocalPaths.of(path));
        }
        FileStatus status = FileSystem.get(path.toUri()).getFileStatus(path);
        return new FileStat(status.getLen(), status.getModificationTime(), null);
    }
}
