package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.nio.file.Paths;

/**
 * A local Flink path as a java.nio path, from its decoded path text: {@code Paths.get(URI)} takes
 * the raw URI, which a Flink path leaves with unescaped non-ASCII characters, and some JDKs reject
 * those ("Bad escape") where a name like {@code accès.log} is perfectly valid. And a local file's
 * name as users know it: the source names local files by URI ({@code file:/var/log/x}).
 */
@Internal
public final class LocalPaths {
    private static final String LOCAL = "file:";

    private LocalPaths() {}

    /** Whether a (qualified) path is on the local file system. */
    public static boolean isLocal(Path path) {
        return "file".equals(path.toUri().getScheme());
    }

    public static java.nio.file.Path of(Path local) {
        return Paths.get(local.toUri().getPath());
    }

    /** The plain path of a local file's source name ({@code /var/log/x}); any other as it is. */
    public static String plain(String sourceName) {
        if (!sourceName.startsWith(LOCAL)) {
            return sourceName;
        }
        String path = sourceName.substring(LOCAL.length());
        // file:///x and file://localhost/x are the same file as file:/x.
        if (path.startsWith("///")) {
            return path.substring(2);
        }
        return path.startsWith("//localhost/") ? path.substring("//localhost".length()) : path;
    }
}
