package dev.logslice.job;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.StateRecoveryOptions;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The folder of {@code --checkpoint-dir}: Flink's checkpoints ({@code JOBID/chk-N/}) and savepoints
 * ({@code savepoint-.../}) of one command, a marker naming that command (what it writes to), and a
 * lock held while a run uses it. A run resumes from the newest complete checkpoint or savepoint in
 * it: one whose {@code _metadata} was written (a checkpoint in progress has none).
 */
public final class CheckpointFolder implements Closeable {
    /** Often enough that a restart repeats little; each one costs a small metadata file. */
    public static final Duration INTERVAL = Duration.ofSeconds(2);

    static final String MARKER = "logslice-checkpoints";
    static final String LOCK = ".lock";
    private static final String METADATA = "_metadata";

    private final Path dir;
    private final FileChannel lockChannel;

    private CheckpointFolder(Path dir, FileChannel lockChannel) {
        this.dir = dir;
        this.lockChannel = lockChannel;
    }

    /**
     * Opens {@code dir} (created if missing) for {@code command --follow} (grep, parse...) whose
     * output is {@code identity}, refusing, with one line saying why, a folder that is not readable
     * and writable, that holds what is not ours, the checkpoints of another command, or that
     * another run is using.
     */
    public static CheckpointFolder open(Path dir, String command, String identity)
            throws IOException {
        String name = "--checkpoint-dir " + dir;
        if (Files.exists(dir)
                && (!Files.isDirectory(dir) || !Files.isReadable(dir) || !Files.isWritable(dir))) {
            throw new IllegalArgumentException(name + " is not a readable and writable folder");
        }
        Files.createDirectories(dir);
        Path marker = dir.resolve(MARKER);
        if (!Files.exists(marker) && !isEmptyBesidesLock(dir)) {
            throw new IllegalArgumentException(
                    name + " holds files that are not logslice's checkpoints; name another folder");
        }
        FileChannel channel =
                FileChannel.open(
                        dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            // Locked before the marker is read or written: two first runs cannot both take it.
            if (!tryLock(channel)) {
                throw new IllegalArgumentException(name + " is in use by another logslice run");
            }
            String expected = "logslice " + command + " --follow, writing to " + identity + "\n";
            if (!Files.exists(marker)) {
                Files.writeString(marker, expected, StandardCharsets.UTF_8);
            }
            String found = Files.readString(marker, StandardCharsets.UTF_8);
            if (!found.equals(expected)) {
                throw new IllegalArgumentException(
                        name
                                + " holds the checkpoints of another command ("
                                + found.strip()
                                + "), not of this one, writing to "
                                + identity);
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new CheckpointFolder(dir, channel);
    }

    private static boolean tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock() != null;
        } catch (OverlappingFileLockException e) {
            return false; // held by this JVM
        }
    }

    private static boolean isEmptyBesidesLock(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.allMatch(file -> file.getFileName().toString().equals(LOCK));
        }
    }

    /**
     * The newest complete checkpoint or savepoint, by the time its metadata was written: the
     * checkpoints of a resumed job are in another job's folder, and savepoints carry no number.
     */
    public Optional<Path> latestComplete() throws IOException {
        try (Stream<Path> entries = Files.walk(dir, 3)) {
            return entries.filter(file -> file.getFileName().toString().equals(METADATA))
                    .filter(Files::isRegularFile)
                    .max(Comparator.comparing(CheckpointFolder::modified))
                    .map(Path::getParent);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0); // deleted as we looked: Flink drops old checkpoints
        }
    }

    /** Where stop-with-savepoint writes, so that the next run finds it. */
    public String savepointDirectory() {
        return dir.toUri().toString();
    }

    /**
     * Checkpoints every {@link #INTERVAL} into this folder, kept when the job is cancelled or dies
     * with the process, and the job restored from {@code resumeFrom} if given.
     */
    public Configuration configuration(Optional<Path> resumeFrom) {
        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, INTERVAL);
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.toUri().toString());
        conf.set(CheckpointingOptions.SAVEPOINT_DIRECTORY, savepointDirectory());
        conf.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        resumeFrom.ifPresent(
                path -> conf.set(StateRecoveryOptions.SAVEPOINT_PATH, path.toUri().toString()));
        return conf;
    }

    /** Lets the folder go for the next run. */
    @Override
    public void close() throws IOException {
        lockChannel.close();
    }
}
