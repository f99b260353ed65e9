package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.FileStat;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the files of one local input path with java.nio: a file, a directory read recursively, or a
 * glob. Symbolic links are followed; the JDK's walk detects a link back to a directory being
 * walked, which is skipped and reported rather than followed for ever. Inside a directory or a
 * glob, names starting with '.' or '_' are skipped; a path named explicitly is read whatever its
 * name.
 */
@Internal
final class LocalInputWalk extends SimpleFileVisitor<Path> {
    private final Path start;
    @Nullable private final GlobPath glob;
    private final int limit;
    private final Set<String> skipped;
    private final List<InputPaths.Found> found = new ArrayList<>();

    private LocalInputWalk(Path start, @Nullable GlobPath glob, int limit, Set<String> skipped) {
        this.start = start;
        this.glob = glob;
        this.limit = limit;
        this.skipped = skipped;
    }

    /** Up to {@code limit} files of an absolute path, in no particular order. */
    static List<InputPaths.Found> find(Path absolute, int limit, Set<String> skipped)
            throws IOException {
        GlobPath glob = GlobPath.isGlob(absolute) ? GlobPath.of(absolute) : null;
        LocalInputWalk walk =
                new LocalInputWalk(glob == null ? absolute : glob.base(), glob, limit, skipped);
        if (walk.glob != null && !Files.isDirectory(walk.start)) {
            return walk.found; // a glob under a missing directory matches nothing
        }
        Files.walkFileTree(
                walk.start, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, walk);
        return walk.found;
    }

    @Override
    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (dir.equals(start)) {
            return FileVisitResult.CONTINUE;
        }
        return entersDirectory(dir) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
    }

    /** Whether files below a directory under the start can be input: not hidden, maybe globbed. */
    private boolean entersDirectory(Path dir) {
        if (isHidden(dir)) {
            return false;
        }
        Path relative = start.relativize(dir);
        return glob == null || glob.mayMatchBelow(relative) || matchesGlob(relative);
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        boolean named = file.equals(start);
        if (attrs.isSymbolicLink()) {
            // With links followed, a link's own attributes mean it leads nowhere or to itself.
            String why = SymbolicLinks.unfollowable(file);
            String what = why == null ? "broken symbolic link" : why;
            if (named) {
                throw new IllegalArgumentException("input path " + file + " is a " + what);
            }
            skipped.add(file + ": " + what + ", skipped");
            return FileVisitResult.CONTINUE;
        }
        if (named && !attrs.isRegularFile()) {
            // Never opened: opening a FIFO blocks until a writer comes, a device never ends.
            throw new IllegalArgumentException(
                    "input path "
                            + file
                            + " is not a regular file ("
                            + SpecialFiles.kind(file)
                            + "), which the source can neither split nor follow; save it to a"
                            + " file first");
        }
        if (!named && isHidden(file)) {
            return FileVisitResult.CONTINUE;
        }
        if (glob != null && !matchesGlob(start.relativize(file))) {
            return FileVisitResult.CONTINUE;
        }
        if (!namedByItsText(file)) {
            // The walk holds the name's bytes, but the reader opens a file by the path's text,
            // where bytes that are no UTF-8 became U+FFFD: that file would be missing when read.
            skipped.add(
                    file
                            + ": its name is not valid UTF-8, so it cannot be opened by name;"
                            + " rename it to read it, skipped");
            return FileVisitResult.CONTINUE;
        }
        if (!named && !attrs.isRegularFile()) {
            // Not read, as named ones are not, but said: nothing is left out silently.
            skipped.add(file + ": not a regular file (" + SpecialFiles.kind(file) + "), skipped");
            return FileVisitResult.CONTINUE;
        }
        if (!named && attrs.size() == 0 && SpecialFiles.isPseudoFile(file)) {
            // Read up to its size, it would be no line; named, the command copies it whole first.
            skipped.add(
                    file
                            + ": a kernel pseudo-file (its size says 0 whatever it holds);"
                            + " name it to read it, skipped");
            return FileVisitResult.CONTINUE;
        }
        String notRead = Compression.notReadOfFileName(file.getFileName().toString());
        if (notRead != null) {
            if (named) {
                throw new IllegalArgumentException(
                        "input path "
                                + file
                                + " is "
                                + notRead
                                + "-compressed, which logslice does not read (gzip, zstd, bzip2"
                                + " and xz it does); decompress it, or pipe it in as '-'");
            }
            skipped.add(file + ": " + notRead + "-compressed, not read, skipped");
            return FileVisitResult.CONTINUE;
        }
        Object key = attrs.fileKey() != null ? attrs.fileKey() : file.toRealPath();
        FileStat stat;
        try {
            // The walk's attributes lack the inode the reader checks; size and time are taken
            // from the same call so that all three describe one file.
            stat = FileStat.local(file);
        } catch (NoSuchFileException e) {
            return FileVisitResult.CONTINUE; // gone since the walk saw it: as if listed after
        }
        found.add(
                new InputPaths.Found(
                        new InputFile(
                                new org.apache.flink.core.fs.Path("file", null, file.toString()),
                                stat.size(),
                                stat.modificationTime(),
                                stat.inode(),
                                List.of()),
                        key));
        return found.size() >= limit ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof FileSystemLoopException) {
            // Worth a word only where the walk would have gone in.
            if (entersDirectory(file)) {
                skipped.add(file + ": symbolic link loop, not followed");
            }
            return FileVisitResult.CONTINUE;
        }
        if (file.equals(start) && e instanceof NoSuchFileException) {
            throw new FileNotFoundException("input path " + file + " does not exist");
        }
        throw e;
    }

    /**
     * Whether a walk of an absolute input path would take {@code file} (absolute, symbolic links
     * resolved) were it a regular file: what an output must never be, even one still to be made
     * (the next run, or a follow, would read it).
     */
    static boolean wouldTake(Path input, Path file) {
        GlobPath glob = GlobPath.isGlob(input) ? GlobPath.of(input) : null;
        Path start = glob == null ? input : glob.base();
        try {
            start = start.toRealPath();
        } catch (IOException e) {
            return false; // nothing there to read
        }
        if (file.equals(start)) {
            return true;
        }
        if (!file.startsWith(start)) {
            return false;
        }
        Path relative = start.relativize(file);
        for (Path name : relative) {
            if (isHidden(name)) {
                return false;
            }
        }
        return glob == null || new LocalInputWalk(start, glob, 0, Set.of()).matchesGlob(relative);
    }

    /** Whether the path or a directory above it (up to the glob's base) matches the glob. */
    private boolean matchesGlob(Path relative) {
        for (Path p = relative; p != null; p = p.getParent()) {
            if (glob.matches(p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the path's text names the same file: false when its bytes are no valid text. */
    private static boolean namedByItsText(Path file) {
        return file.equals(file.getFileSystem().getPath(file.toString()));
    }

    private static boolean isHidden(Path path) {
        String name = path.getFileName().toString();
        return name.startsWith(".") || name.startsWith("_");
    }
}
