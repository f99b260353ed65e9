package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a followed file is, whatever it is named: its device and inode. A log rotated by renaming
 * keeps them, so it is followed to its end under its new name, while the file created at the old
 * name is another one.
 */
@Internal
public record FileIdentity(long device, long inode) implements Serializable {
    private static final boolean UNIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("unix");

    /** Whether this platform tells files' identities (Linux, macOS: yes; Windows: no). */
    public static boolean supported() {
        return UNIX;
    }

    /** The identity and size of a local file, from one stat call. */
    public static Stat stat(Path file) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(file, "unix:dev,ino,size");
        return new Stat(
                new FileIdentity((Long) attributes.get("dev"), (Long) attributes.get("ino")),
                (Long) attributes.get("size"));
    }

    /** A file's identity with its size at one moment. */
    public record Stat(FileIdentity identity, long size) {}

    @Override
    public String toString() {
        return device + ":" + inode;
    }
}
