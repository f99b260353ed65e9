package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.Serializable;

import static org.apache.flink.util.Preconditions.checkArgument;

/**
 * One file's byte range {@code [start, end)} in a split, with the size, modification time and inode
 * the file had when it was enumerated (a file that differs at read time has changed).
 *
 * @param inode null for files of non-local file systems, and in splits checkpointed before inodes
 *     were kept
 */
@Internal
public record FileSegment(
        Path path, long start, long end, long fileSize, long modificationTime, @Nullable Long inode)
        implements Serializable {

    public FileSegment {
        checkArgument(0 <= start && start <= end && end <= fileSize, "segment outside its file");
    }

    /** The whole of a file. */
    public static FileSegment wholeFile(
            Path path, long fileSize, long modificationTime, @Nullable Long inode) {
        return new FileSegment(path, 0, fileSize, fileSize, modificationTime, inode);
    }

    /** The same file under another name (a log renamed by rotation). */
    public FileSegment withPath(Path renamed) {
        return new FileSegment(renamed, start, end, fileSize, modificationTime, inode);
    }

    public long length() {
        return end - start;
    }

    @Override
    public String toString() {
        return path + " [" + start + ", " + end + ")";
    }
}
