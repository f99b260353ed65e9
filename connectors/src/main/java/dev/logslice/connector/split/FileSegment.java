package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.io.Serializable;

import static org.apache.flink.util.Preconditions.checkArgument;

/**
 * One file's byte range {@code [start, end)} in a split, with the size and modification time the
 * file had when it was enumerated (a file that differs at read time has changed).
 */
@Internal
public record FileSegment(Path path, long start, long end, long fileSize, long modificationTime)
        implements Serializable {

    public FileSegment {
        checkArgument(0 <= start && start <= end && end <= fileSize, "segment outside its file");
    }

    /** The whole of a file. */
    public static FileSegment wholeFile(Path path, long fileSize, long modificationTime) {
        return new FileSegment(path, 0, fileSize, fileSize, modificationTime);
    }

    public long length() {
        return end - start;
    }

    @Override
    public String toString() {
        return path + " [" + start + ", " + end + ")";
    }
}
