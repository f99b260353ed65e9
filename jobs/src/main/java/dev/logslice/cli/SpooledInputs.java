package dev.logslice.cli;

import dev.logslice.connector.enumerator.SpecialFiles;
import dev.logslice.connector.io.Compression;

import java.io.BufferedInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Inputs that are streams, not files: {@code -} (standard input) and named pipes among the paths (a
 * shell's {@code <(zcat a.gz)}, {@code /dev/stdin} fed by a pipe, a FIFO), each spooled whole to a
 * file in the cache folder that the source then reads like any other. The source stays a file
 * source: its splits, their checkpoints (byte offsets that can be read again) and the checks that a
 * file did not change all hold, which a stream read once by one reader could not give. The cost is
 * one copy of the input on disk, made before the job starts (a batch job waits for the end of its
 * input anyway). A stream has no name to tell its compression: its first bytes tell it, and the
 * copy is named with its extension, so that {@code cat access.log.gz | logslice stats -} reads the
 * log, not its compressed bytes. A FIFO in a folder is still skipped: only a path named is read. A
 * pseudo-file named ({@code /proc/cpuinfo}: a size of 0, yet bytes) is a stream too.
 */
final class SpooledInputs {
    static final String STANDARD_INPUT = "-";

    /** How GNU grep names standard input. */
    private static final String STANDARD_INPUT_NAME = "(standard input)";

    /** The paths to read, and for each spooled copy among them the name the user gave. */
    record Spooled(List<String> paths, Map<String, String> namesGiven) {}

    /**
     * Every spooled copy of this process and the name given for it: an error that names a file by
     * its copy (a damaged gzip piped in) names it as the user did.
     */
    private static final Map<String, String> ALL_NAMES_GIVEN = new ConcurrentHashMap<>();

    private SpooledInputs() {}

    /** The name given for each copy spooled in this process so far. */
    static Map<String, String> allNamesGiven() {
        return Map.copyOf(ALL_NAMES_GIVEN);
    }

    /**
     * The paths, with {@code -} and named pipes replaced by their spooled copies: for embedded runs
     * only, since a cluster's TaskManagers cannot read this process's standard input, its pipes or
     * its cache folder.
     */
    static Spooled spool(List<String> paths, ExecutionTarget execution, InputStream stdin)
            throws IOException {
        if (Collections.frequency(paths, STANDARD_INPUT) > 1) {
            throw new IllegalArgumentException(
                    "'-' (standard input) may be given once; name a file called - as ./-");
        }
        List<String> replaced = new ArrayList<>(paths);
        Map<String, String> namesGiven = new LinkedHashMap<>();
        // A pipe named twice is read once: a second open would wait for a writer that never comes.
        Map<String, String> copies = new LinkedHashMap<>();
        for (int i = 0; i < paths.size(); i++) {
            String given = paths.get(i);
            boolean standardInput = given.equals(STANDARD_INPUT);
            if (!standardInput && !isNamedPipe(given) && !readsPastItsSize(given)) {
                continue;
            }
            if (!execution.isEmbedded()) {
                throw new IllegalArgumentException(
                        (standardInput ? "'-' (standard input)" : "the stream " + given)
                                + " cannot be read with --cluster: its TaskManagers read files;"
                                + " save the input to a file they can read and name it");
            }
            String copy = copies.get(given);
            if (copy == null) {
                try (InputStream in =
                        withoutAvailable(
                                standardInput ? unbuffered(stdin) : new FileInputStream(given))) {
                    copy = spool(in).toString();
                }
                copies.put(given, copy);
                namesGiven.put(copy, standardInput ? STANDARD_INPUT_NAME : given);
                ALL_NAMES_GIVEN.put(copy, namesGiven.get(copy));
            }
            replaced.set(i, copy);
        }
        return new Spooled(replaced, namesGiven);
    }

    private static boolean isNamedPipe(String given) {
        try {
            return SpecialFiles.isNamedPipe(Paths.get(given));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * Whether a file that says it is empty has bytes: a kernel's pseudo-file ({@code
     * /proc/cpuinfo}, {@code /sys/...}) has a size of 0 whatever it holds, so that reading it up to
     * its size, as the source does, would read no line of it.
     */
    private static boolean readsPastItsSize(String given) {
        try {
            Path file = Paths.get(given);
            if (!Files.isRegularFile(file) || Files.size(file) != 0) {
                return false;
            }
            try (InputStream in = new FileInputStream(given)) {
                return in.read() >= 0;
            }
        } catch (InvalidPathException | IOException e) {
            return false; // the walk of the paths says what is wrong with it
        }
    }

    /**
     * The stream's bytes, with no count of those available: a pipe refuses the seek that
     * Files.newInputStream's available() makes, and a pseudo-file the FIONREAD and seeks of
     * FileInputStream's ("Invalid argument"), which the copy asks for between reads; standard input
     * may be either ({@code < /proc/cpuinfo}).
     */
    private static InputStream withoutAvailable(InputStream stream) {
        return new FilterInputStream(stream) {
            @Override
            public int available() {
                return 0;
            }
        };
    }

    /**
     * The JVM's own standard input unbuffered: its buffer asks the file descriptor for the bytes
     * available whenever a read comes short, which a pseudo-file refuses ({@code < /proc/cpuinfo});
     * nothing has read from it before. Any other stream (a test's) is taken as it is.
     */
    private static InputStream unbuffered(InputStream stdin) {
        return stdin.getClass() == BufferedInputStream.class
                ? new FileInputStream(FileDescriptor.in)
                : stdin;
    }

    private static Path spool(InputStream stream) throws IOException {
        BufferedInputStream in = new BufferedInputStream(stream);
        in.mark(Compression.MAGIC_BYTES);
        byte[] head = in.readNBytes(Compression.MAGIC_BYTES);
        in.reset();
        String extension = Compression.ofFirstBytes(head, head.length).extension();
        Path folder = Files.createDirectories(CacheFolder.path().resolve("stdin"));
        Path file = Files.createTempFile(folder, "stdin-", ".log" + extension);
        file.toFile().deleteOnExit();
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }
}
