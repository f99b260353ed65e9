package dev.logslice.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files the source will read, seen from the client: for format detection and the progress
 * total. As in the source, names starting with '.' or '_' inside a directory are skipped.
 */
final class InputFiles {
    private InputFiles() {}

    /** The first {@code limit} files, in the source's order. */
    static List<Path> list(List<String> paths, int limit) {
        List<Path> files = new ArrayList<>();
        for (String name : paths) {
            Path path = Paths.get(name);
            if (!Files.isDirectory(path)) {
                files.add(path);
            } else {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(Files::isRegularFile)
                            .filter(file -> !isHidden(path.relativize(file)))
                            .sorted()
                            .limit(limit)
                            .forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + path, e);
                }
            }
            if (files.size() >= limit) {
                return files.subList(0, limit);
            }
        }
        return files;
    }

    /**
     * Bytes of all input files as they lie on disk, compressed ones too: the progress the sources
     * report ({@code numBytesIn}) counts the bytes read from files, so the two compare.
     */
    static long totalBytes(List<String> paths) {
        long total = 0;
        for (Path file : list(paths, Integer.MAX_VALUE)) {
            try {
                total += Files.size(file);
            } catch (NoSuchFileException e) {
                // Rotated away since it was listed: the job fails on it or skips it, and says so.
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the size of " + file, e);
            }
        }
        return total;
    }

    private static boolean isHidden(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return true;
            }
        }
        return false;
    }
}
