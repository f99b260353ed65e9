package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** Names the kind of a local file that is not a regular file, from its mode, without opening it. */
@Internal
public final class SpecialFiles {
    private static final int TYPE_BITS = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    /** The kernel's file systems whose files say they are empty whatever they hold. */
    private static final Set<String> PSEUDO_FILE_SYSTEMS =
            Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs", "configfs", "cgroup2");

    private SpecialFiles() {}

    /** Whether {@code file} is on a kernel pseudo-file system ({@code /proc}, {@code /sys}...). */
    static boolean isPseudoFile(Path file) {
        try {
            return PSEUDO_FILE_SYSTEMS.contains(Files.getFileStore(file).type());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Whether {@code file} (its link followed) is a named pipe: a FIFO, or a shell's process
     * substitution ({@code <(zcat a.gz)}, {@code /dev/fd/63}) or {@code /dev/stdin} fed by a pipe.
     */
    public static boolean isNamedPipe(Path file) {
        try {
            return ((Integer) Files.getAttribute(file, "unix:mode") & TYPE_BITS) == FIFO;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** "a FIFO", "a character device", ...; "not a file" where the mode cannot be read. */
    static String kind(Path file) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(file, "unix:mode");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "not a file";
        }
        return switch (mode & TYPE_BITS) {
            case FIFO -> "a FIFO";
            case CHARACTER_DEVICE -> "a character device";
            case BLOCK_DEVICE -> "a block device";
            case SOCKET -> "a socket";
            default -> "not a file";
        };
    }
}
