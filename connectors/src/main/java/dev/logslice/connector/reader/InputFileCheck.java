package dev.logslice.connector.reader;

import dev.logslice.connector.split.FileSegment;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * Compares a split's file with the file the enumerator listed, before and after it is read (each
 * file of a split that packs several).
 *
 * <ul>
 *   <li>Larger: taken as appended to, which log files are while they are written. The split is read
 *       up to the listed size, and the report tells by how much the file grew.
 *   <li>Smaller (truncated), or as large but modified at another time (rewritten, replaced): fails
 *       the split with an error naming the file.
 *   <li>Missing: a {@link FileNotFoundException} naming the file.
 * </ul>
 *
 * <p>The split keeps only size and modification time, not the file's identity, so a file replaced
 * by a larger one passes as appended to.
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
        FileStatus status;
        try {
            status = FileSystem.get(path.toUri()).getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException(
                    "Input file "
                            + path
                            + " was deleted "
                            + when
                            + " (it was listed at the start)");
        }
        long listedSize = segment.fileSize();
        if (status.getLen() > listedSize) {
            return status.getLen() - listedSize;
        }
        if (status.getLen() < listedSize) {
            throw new IOException(
                    String.format(
                            "Input file %s was truncated %s: %d bytes when listed, now %d",
                            path, when, listedSize, status.getLen()));
        }
        if (status.getModificationTime() != segment.modificationTime()) {
            throw new IOException(
                    String.format(
                            "Input file %s was rewritten or replaced %s: %d bytes modified at %d"
                                    + " when listed, now modified at %d",
                            path,
                            when,
                            listedSize,
                            segment.modificationTime(),
                            status.getModificationTime()));
        }
        return 0;
    }
}
