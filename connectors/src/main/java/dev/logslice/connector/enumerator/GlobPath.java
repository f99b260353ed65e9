package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.regex.PatternSyntaxException;

/**
 * A local path with glob characters (<code>* ? [ {</code>), split into the directory before the
 * first component that has one and a {@link PathMatcher} (glob syntax) for the rest. {@code **}
 * crosses directories, and <code>**&#47;</code> also matches no directory at all, as in shells with
 * globstar, so {@code logs/**&#47;*.log} takes {@code logs/a.log} too.
 */
@Internal
final class GlobPath {
    private final Path base;
    private final int depth;
    private final boolean crossesDirectories;
    private final PathMatcher matcher;
    private final PathMatcher matcherWithoutDirectories;

    private GlobPath(Path base, String pattern) {
        this.base = base;
        this.depth = pattern.split("/").length;
        this.crossesDirectories = pattern.contains("**");
        this.matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        this.matcherWithoutDirectories =
                FileSystems.getDefault().getPathMatcher("glob:" + pattern.replace("**/", ""));
    }

    /** Whether a path has glob characters. */
    static boolean hasGlobCharacters(String path) {
        return path.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    /**
     * Whether a local path is a glob: it has glob characters and names no file, since a file may
     * well be called {@code app[1].log}.
     */
    static boolean isGlob(Path local) {
        return hasGlobCharacters(local.toString()) && !Files.exists(local);
    }

    /**
     * The glob of an absolute local path that {@link #isGlob is one}; a path that is no glob either
     * (an unclosed {@code [}) names a file that does not exist.
     */
    static GlobPath of(Path absolute) {
        Path base = absolute.getRoot();
        int i = 0;
        while (i < absolute.getNameCount() && !hasGlobCharacters(absolute.getName(i).toString())) {
            base = base.resolve(absolute.getName(i));
            i++;
        }
        try {
            return new GlobPath(base, absolute.subpath(i, absolute.getNameCount()).toString());
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "input path "
                            + absolute
                            + " does not exist (nor is it a glob: "
                            + e.getDescription()
                            + ")");
        }
    }

    /** The directory the walk starts from. */
    Path base() {
        return base;
    }

    /** Whether a path under {@link #base()}, given relative to it, matches. */
    boolean matches(Path relative) {
        return matcher.matches(relative) || matcherWithoutDirectories.matches(relative);
    }

    /** Whether files deeper than this relative directory can still match on their own. */
    boolean mayMatchBelow(Path relativeDirectory) {
        return crossesDirectories || relativeDirectory.getNameCount() < depth;
    }
}
