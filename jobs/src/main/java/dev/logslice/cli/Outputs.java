package dev.logslice.cli;

import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.report.StatsCsv;

import javax.annotation.Nullable;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;

/**
 * Where commands write: stdout, or a file written under a temporary name beside it and renamed into
 * place once complete, so that a failed run leaves no half-written file. {@code -} names stdout. An
 * output that is no regular file ({@code /dev/null}, {@code /dev/stdout}, a FIFO, a terminal) is
 * written in place: a rename over it would put a file where the device was. A symbolic link to a
 * file keeps its link: the file it leads to is replaced. Every output is checked before the job,
 * which may take minutes, starts.
 */
final class Outputs {
    private static final Random RANDOM = new SecureRandom();

    private Outputs() {}

    /** Writes a whole file at once: a report. */
    interface FileWriter {
        void writeTo(Path file) throws IOException;
    }

    /** An output being written: its channel, kept only when {@link #commit()} is called. */
    interface Pending extends AutoCloseable {
        WritableByteChannel channel();

        /** Puts the complete output in place. */
        void commit() throws IOException;

        /** Closes the channel, and drops the output unless it was committed. */
        @Override
        void close() throws IOException;
    }

    /** A channel that is there before and after: nothing to put in place, nothing to close. */
    private static Pending unmanaged(WritableByteChannel channel) {
        return new Pending() {
            @Override
            public WritableByteChannel channel() {
                return channel;
            }

            @Override
            public void commit() {}

            @Override
            public void close() {}
        };
    }

    static boolean isStdout(@Nullable Path out) {
        return out != null && out.toString().equals("-");
    }

    /**
     * Fails with a line naming the option unless {@code file} (when given) can be written: its
     * folder exists and is writable, it is no folder itself, and no input file of {@code inputs}
     * (the command's paths), which the output would replace once written.
     */
    static void checkFile(String option, @Nullable Path file, List<String> inputs) {
        if (file == null || isStdout(file)) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(option + " " + file + " is a folder; name a file");
        }
        for (String input : inputs) {
            if (isSameFile(file, input)) {
                throw new IllegalArgumentException(
                        option + " " + file + " is also an input; name another file");
            }
            if (InputPaths.wouldRead(input, file)) {
                throw new IllegalArgumentException(
                        option
                                + " "
                                + file
                                + " would be read as input (it lies in "
                                + input
                                + "); name a file outside it");
            }
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new IllegalArgumentException(option + " " + file + " is not writable");
        }
        checkFolderOf(option, file);
    }

    private static boolean isSameFile(Path file, String input) {
        try {
            Path path = Path.of(input);
            return Files.isRegularFile(path) && Files.exists(file) && Files.isSameFile(file, path);
        } catch (IOException | InvalidPathException e) {
            return false; // a glob, or a path the input listing reports on its own
        }
    }

    /** As {@link #checkFile}, for a folder that is created if missing ({@code --csv DIR}). */
    static void checkFolder(String option, @Nullable Path folder, List<String> inputs) {
        if (folder == null) {
            return;
        }
        if (isStdout(folder)) {
            throw new IllegalArgumentException(option + " writes several files: name a folder");
        }
        for (String input : inputs) {
            // The files it writes are all named *.csv beside the summary.
            if (InputPaths.wouldRead(input, folder.resolve(StatsCsv.SUMMARY + ".csv"))) {
                throw new IllegalArgumentException(
                        option
                                + " "
                                + folder
                                + " would be read as input (it lies in "
                                + input
                                + "); name a folder outside it");
            }
        }
        if (Files.exists(folder)) {
            if (!Files.isDirectory(folder) || !Files.isWritable(folder)) {
                throw new IllegalArgumentException(
                        option + " " + folder + " is not a writable folder");
            }
            return;
        }
        checkFolderOf(option, folder);
    }

    private static void checkFolderOf(String option, Path path) {
        Path parent = path.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) {
            throw new IllegalArgumentException(
                    option + " " + path + ": folder " + parent + " does not exist");
        }
        if (!Files.isWritable(parent)) {
            throw new IllegalArgumentException(
                    option + " " + path + ": folder " + parent + " is not writable");
        }
    }

    /** Where {@code grep -q}'s output goes: nowhere. */
    static Pending discard() {
        return unmanaged(Channels.newChannel(OutputStream.nullOutputStream()));
    }

    /** {@code --out FILE}, or stdout when null or {@code -}. */
    static Pending open(@Nullable Path out) throws IOException {
        if (out == null || isStdout(out)) {
            // Left open: stdout is the process's, for what follows (and for tests).
            return unmanaged(new FileOutputStream(FileDescriptor.out).getChannel());
        }
        if (isSpecial(out)) {
            FileChannel device = FileChannel.open(out, StandardOpenOption.WRITE);
            return new Pending() {
                @Override
                public WritableByteChannel channel() {
                    return device;
                }

                @Override
                public void commit() throws IOException {
                    device.close();
                }

                @Override
                public void close() throws IOException {
                    device.close();
                }
            };
        }
        Path target = behindLink(out);
        Path temporary = temporaryFor(target);
        FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
        return new Pending() {
            private boolean committed;

            @Override
            public WritableByteChannel channel() {
                return channel;
            }

            @Override
            public void commit() throws IOException {
                channel.close();
                moveIntoPlace(temporary, target);
                committed = true;
            }

            @Override
            public void close() throws IOException {
                channel.close();
                if (!committed) {
                    Files.deleteIfExists(temporary);
                }
            }
        };
    }

    /** Writes a report to {@code file}, or to stdout for {@code -}, all or nothing. */
    static void write(Path file, FileWriter writer) throws IOException {
        boolean inPlace = isStdout(file) || isSpecial(file);
        Path target = inPlace ? CacheFolder.path().resolve("out") : behindLink(file);
        Path temporary = temporaryFor(target);
        try {
            writer.writeTo(temporary);
            if (isStdout(file)) {
                Files.copy(temporary, System.out);
                System.out.flush();
            } else if (inPlace) {
                try (OutputStream device = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                    Files.copy(temporary, device);
                } catch (IOException e) {
                    // /dev/full: the device's own reason, in one line naming the output.
                    throw new IllegalArgumentException(
                            "cannot write " + file + ": " + reasonOf(e), e);
                }
            } else {
                moveIntoPlace(temporary, target);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Writes the files of {@code folder} in a temporary folder beside it, then moves them in. */
    static void writeFolder(Path folder, FileWriter writer) throws IOException {
        Path absolute = folder.toAbsolutePath();
        Path temporary =
                Files.createTempDirectory(absolute.getParent(), "." + absolute.getFileName());
        try {
            writer.writeTo(temporary);
            Files.createDirectories(folder);
            try (var written = Files.list(temporary)) {
                for (Path file : (Iterable<Path>) written::iterator) {
                    moveIntoPlace(file, folder.resolve(file.getFileName()));
                }
            }
        } finally {
            try (var left = Files.list(temporary)) {
                for (Path file : (Iterable<Path>) left::iterator) {
                    Files.delete(file);
                }
            }
            Files.delete(temporary);
        }
    }

    /** Whether {@code out} exists and is no regular file, through links: a device, a FIFO. */
    private static boolean isSpecial(Path out) {
        return Files.exists(out) && !Files.isRegularFile(out);
    }

    /** The file a symbolic link leads to, so that the output replaces it and not the link. */
    private static Path behindLink(Path out) throws IOException {
        return Files.isSymbolicLink(out) && Files.exists(out) ? out.toRealPath() : out;
    }

    /**
     * A new empty file beside {@code target}, hidden, on the same file system for the rename. Not
     * {@code Files.createTempFile}: its owner-only permissions would stay with the renamed output.
     */
    private static Path temporaryFor(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        while (true) {
            Path temporary =
                    absolute.resolveSibling(
                            "."
                                    + absolute.getFileName()
                                    + "."
                                    + Long.toHexString(RANDOM.nextLong()));
            try {
                return Files.createFile(temporary);
            } catch (FileAlreadyExistsException e) {
                // another run's; draw again
            } catch (IOException e) {
                // A folder that looked writable (a read-only mount, /proc): name the output, not
                // the temporary file, whose bare path is all the exception says.
                throw new IllegalArgumentException(
                        "cannot write " + target + ": " + reasonOf(e), e);
            }
        }
    }

    private static String reasonOf(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "cannot create a file there";
        }
        return e.getMessage();
    }

    private static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(
                    temporary,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A channel that passes the first {@code lines} lines on and drops the rest. */
    static WritableByteChannel firstLines(WritableByteChannel target, long lines) {
        return new WritableByteChannel() {
            private long left = lines;

            @Override
            public int write(ByteBuffer source) throws IOException {
                int offered = source.remaining();
                int end = source.position();
                while (left > 0 && end < source.limit()) {
                    if (source.get(end++) == '\n') {
                        left--;
                    }
                }
                ByteBuffer kept = source.duplicate().limit(end);
                while (kept.hasRemaining()) {
                    target.write(kept);
                }
                source.position(source.limit());
                return offered;
            }

            @Override
            public boolean isOpen() {
                return target.isOpen();
            }

            @Override
            public void close() throws IOException {
                target.close();
            }
        };
    }
}
