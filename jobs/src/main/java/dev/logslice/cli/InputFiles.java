package dev.logslice.cli;

import dev.logslice.connector.enumerator.InputFile;
import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.report.LogText;

import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The files the source will read, seen from the client: the source's own expansion of the paths
 * ({@link InputPaths}: directories, globs, links, duplicates read once), for format detection, the
 * progress total and the warnings about what is skipped.
 */
final class InputFiles {
    private InputFiles() {}

    /** Every input file, in the source's order. */
    static List<InputFile> all(List<String> paths) {
        return expand(paths).files();
    }

    /** Where this machine reads a file; empty for other file systems ({@code hdfs://}). */
    static Optional<java.nio.file.Path> local(InputFile file) {
        return LocalPaths.isLocal(file.path())
                ? Optional.of(LocalPaths.of(file.path()))
                : Optional.empty();
    }

    /**
     * Bytes of all input files as they lie on disk, compressed ones too: the progress the sources
     * report ({@code numBytesIn}) counts the bytes read from files, so the two compare.
     */
    static long totalBytes(List<String> paths) {
        return expand(paths).files().stream().mapToLong(InputFile::size).sum();
    }

    /** Tells on {@code err} what the expansion skips that the user should hear of (link loops). */
    static void warnSkipped(List<String> paths, PrintStream err) {
        for (String skipped : expand(paths).skipped()) {
            err.println("logslice: " + LogText.forTerminal(skipped));
        }
    }

    private static InputPaths.Expansion expand(List<String> paths) {
        try {
            return InputPaths.expand(paths.stream().map(Path::new).toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the input paths", e);
        }
    }
}
