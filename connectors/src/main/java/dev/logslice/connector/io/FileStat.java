package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;

/**
 * What the source compares to tell whether a file changed: its size, modification time and, for a
 * local file, its inode, which tells a file replaced at its path (renamed over it, deleted and
 * created again) from one appended to. The enumerator lists local files and the reader checks them
 * with {@link #local}, so both read the same fields the same way.
 *
 * <p>The inode without the device number: a file system shared by several machines (NFS) has
 * another device number on each, and the machine that lists the files is not the one that reads
 * them.
 *
 * @param inode null for files of other Flink file systems, and where the JDK has no {@code unix}
 *     attribute view (Windows)
 */
@Internal
public record FileStat(long size, long modificationTime, @Nullable Long inode) {
    private static final boolean UNIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("unix");

    /** A local file's figures, from one stat call so that they describe one and the same file. */
    public static FileStat local(Path file) throws IOException {
        if (!UNIX) {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileStat(attributes.size(), attributes.lastModifiedTime().toMillis(), null);
        }
        Map<String, Object> attributes =
                Files.readAttributes(file, "unix:size,lastModifiedTime,ino");
        return new FileStat(
                (Long) attributes.get("size"),
                ((FileTime) attributes.get("lastModifiedTime")).toMillis(),
                (Long) attributes.get("ino"));
    }
}
