package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.LocalPaths;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Expands the input paths into the files to read, the one expansion that both the enumerator and
 * the command line (format detection, progress totals) use, so they agree on the list.
 *
 * <p>A path is a file, a directory (read recursively) or, on the local file system only, a glob
 * ({@code /var/log/nginx/access.log*}, {@code logs/**&#47;*.log}). Files come in the order of the
 * paths given, sorted by path within a directory or glob. A file reached twice (named twice, by a
 * directory and by name, or through a symbolic link) is read once, where it first comes. Local
 * paths are walked with java.nio ({@link LocalInputWalk}: symbolic links followed, loops skipped
 * and reported), others through Flink's {@code FileSystem} ({@link FileSystemInputWalk}).
 */
@Internal
public final class InputPaths {
    /** A URI's scheme and its colon: {@code s3:}, {@code hdfs:}, {@code file:}. */
    private static final Pattern URI_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:");

    private InputPaths() {}

    /**
     * The files of the input paths, and one line for each thing skipped that the user should hear
     * of (a symbolic link loop, a broken link).
     */
    public record Expansion(List<InputFile> files, List<String> skipped) {}

    /**
     * A file found, what identifies it whatever path reached it, and its path as text to sort by
     * (made once: Flink's {@code Path.toString()} builds it afresh on every call).
     */
    record Found(InputFile file, Object key, String name) {
        Found(InputFile file, Object key) {
            this(file, key, file.path().toString());
        }
    }

    public static Expansion expand(List<Path> paths) throws IOException {
        Set<Object> seen = new HashSet<>();
        List<InputFile> files = new ArrayList<>();
        // A loop under two of the paths is one thing to hear of.
        Set<String> skipped = new LinkedHashSet<>();
        for (Path path : paths) {
            List<Found> found = find(path, Integer.MAX_VALUE, skipped);
            found.sort(Comparator.comparing(Found::name));
            for (Found f : found) {
                if (seen.add(f.key())) {
                    files.add(f.file());
                }
            }
        }
        return new Expansion(files, List.copyOf(skipped));
    }

    /** Whether the path gives at least one file; stops at the first. */
    public static boolean holdsAFile(Path path) throws IOException {
        return !find(path, 1, new HashSet<>()).isEmpty();
    }

    /**
     * Whether the path is a glob: it has glob characters and, if local, names no file. Only local
     * paths may be globs.
     */
    public static boolean isGlob(Path path) {
        String scheme = path.toUri().getScheme();
        String text = path.toUri().getPath();
        return scheme == null || "file".equals(scheme)
                ? GlobPath.isGlob(Paths.get(text))
                : GlobPath.hasGlobCharacters(text);
    }

    /**
     * Whether a local file, there or still to be written, would be one of the files of a local
     * input path (a file, a folder read recursively, a glob): what an output must never be. Paths
     * of other file systems never hold a local file.
     */
    public static boolean wouldRead(String input, java.nio.file.Path file) {
        boolean local = input.startsWith("file:") || !URI_SCHEME.matcher(input).lookingAt();
        if (!local) {
            return false;
        }
        try {
            String localInput =
                    input.startsWith("file:") ? new Path(input).toUri().getPath() : input;
            java.nio.file.Path absolute = file.toAbsolutePath().normalize();
            // Links resolved in what exists of it: a folder to be made may lie in an input too.
            java.nio.file.Path existing = absolute;
            while (!Files.exists(existing)) {
                existing = existing.getParent();
            }
            java.nio.file.Path real = existing.toRealPath().resolve(existing.relativize(absolute));
            return LocalInputWalk.wouldTake(
                    Paths.get(localInput).toAbsolutePath().normalize(), real);
        } catch (IOException | IllegalArgumentException e) {
            return false; // a file that cannot be written there: the output's check says so
        }
    }

    private static List<Found> find(Path path, int limit, Set<String> skipped) throws IOException {
        String scheme = path.toUri().getScheme();
        if (scheme != null && !"file".equals(scheme) && isGlob(path)) {
            // Before asking for the file system, which may not even be installed here.
            throw notLocal(path);
        }
        Path qualified = path.makeQualified(path.getFileSystem());
        if ("file".equals(qualified.toUri().getScheme())) {
            return LocalInputWalk.find(LocalPaths.of(qualified), limit, skipped);
        }
        if (isGlob(qualified)) {
            throw notLocal(path);
        }
        return FileSystemInputWalk.find(qualified, limit);
    }

    private static IllegalArgumentException notLocal(Path path) {
        return new IllegalArgumentException(
                "input path " + path + ": globs are supported on local paths only");
    }
}
