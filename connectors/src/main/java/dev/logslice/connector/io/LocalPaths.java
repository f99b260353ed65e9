package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.nio.file.Paths;

/**
 * A local Flink path as a java.nio path, from its decoded path text: {@code Paths.get(URI)} takes
 * the raw URI, which a Flink path leaves with unescaped non-ASCII characters, and some JDKs reject
 * those ("Bad escape") where a name like {@code accès.log} is perfectly valid.
 */
@Internal
public final class LocalPaths {
    private LocalPaths() {}

    /** Whether a (qualified) path is on the local file system. */
    public static boolean isLocal(Path path) {
        return "file".equals(path.toUri().getScheme());
    }

    public static java.nio.file.Path of(Path local) {
        return Paths.get(local.toUri().getPath());
    }
}
