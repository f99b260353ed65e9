package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Says why a local symbolic link cannot be followed: it leads back to itself, or to nothing. The
 * JDK tells neither apart from a missing file, so the chain is followed link by link.
 */
@Internal
public final class SymbolicLinks {
    /** Links the kernel follows before it gives up (Linux's MAXSYMLINKS): a loop to it too. */
    private static final int MAX_HOPS = 40;

    private SymbolicLinks() {}

    /**
     * For a link that cannot be followed, "symbolic link loop" or "broken symbolic link (to
     * TARGET)"; null when {@code path} is no link or can be followed.
     */
    @Nullable
    public static String unfollowable(Path path) {
        if (!Files.isSymbolicLink(path) || Files.exists(path)) {
            return null;
        }
        Set<Path> seen = new HashSet<>();
        Path link = path.toAbsolutePath().normalize();
        try {
            for (int hop = 0; hop < MAX_HOPS && Files.isSymbolicLink(link); hop++) {
                if (!seen.add(link)) {
                    return "symbolic link loop";
                }
                Path target = link.resolveSibling(Files.readSymbolicLink(link)).normalize();
                if (!Files.isSymbolicLink(target) && !Files.exists(target)) {
                    return "broken symbolic link (to " + target + ")";
                }
                link = target;
            }
        } catch (IOException e) {
            return "broken symbolic link";
        }
        // Every link of the chain exists, yet it leads nowhere: a loop through a directory above.
        return "symbolic link loop";
    }
}
