package dev.logslice.connector.source;

import dev.logslice.connector.enumerator.InputPaths;
import dev.logslice.connector.enumerator.SymbolicLinks;
import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.LocalPaths;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link LogFileSource}; {@link #build()} checks the inputs and options and names the bad
 * one in its message.
 */
@PublicEvolving
public final class LogFileSourceBuilder<T> {
    private static final long MIN_SIZE = 4096;
    private static final long MAX_LINE_LENGTH_LIMIT = 1L << 30;

    private final List<Path> paths = new ArrayList<>();
    private LineDecoder<T> decoder;
    private final Configuration options = new Configuration();
    private long recordLimit = Long.MAX_VALUE;

    LogFileSourceBuilder(LineDecoder<T> decoder) {
        this.decoder = decoder;
    }

    /**
     * A file, a directory (read recursively; names starting with '.' or '_' are skipped) or, for
     * local paths, a glob such as {@code /var/log/nginx/access.log*}; see {@link InputPaths}.
     */
    public LogFileSourceBuilder<T> addPath(Path path) {
        paths.add(path);
        return this;
    }

    public LogFileSourceBuilder<T> addPaths(Path... morePaths) {
        paths.addAll(List.of(morePaths));
        return this;
    }

    /** Sets how lines become records; the builder then builds a source of that record type. */
    @SuppressWarnings("unchecked")
    public <U> LogFileSourceBuilder<U> setLineDecoder(LineDecoder<U> lineDecoder) {
        LogFileSourceBuilder<U> self = (LogFileSourceBuilder<U>) this;
        self.decoder = lineDecoder;
        return self;
    }

    /** Takes any {@link LogSourceOptions} set in {@code configuration}. */
    public LogFileSourceBuilder<T> setConfiguration(Configuration configuration) {
        options.addAll(configuration);
        return this;
    }

    public LogFileSourceBuilder<T> setSplitSize(MemorySize size) {
        options.set(LogSourceOptions.SPLIT_SIZE, size);
        return this;
    }

    public LogFileSourceBuilder<T> setMinSplitsPerReader(int splits) {
        options.set(LogSourceOptions.MIN_SPLITS_PER_READER, splits);
        return this;
    }

    public LogFileSourceBuilder<T> setReadBufferSize(MemorySize size) {
        options.set(LogSourceOptions.READ_BUFFER_SIZE, size);
        return this;
    }

    public LogFileSourceBuilder<T> setMaxLineLength(MemorySize size) {
        options.set(LogSourceOptions.MAX_LINE_LENGTH, size);
        return this;
    }

    /** Skips, and reports, files that are gone when their split is to be read; off by default. */
    public LogFileSourceBuilder<T> setSkipMissingFiles(boolean skip) {
        options.set(LogSourceOptions.SKIP_MISSING_FILES, skip);
        return this;
    }

    /**
     * Makes each reader stop reading once it has emitted {@code limit} records: for a query's
     * {@code LIMIT}, which Flink still applies to what all readers emit together. A reader stops at
     * a record's end: with multi-line events it reads on through the continuation lines of the
     * event it holds, which it then emits whole. The splits it is given after that are finished
     * unread (their reports say so). No limit by default.
     */
    public LogFileSourceBuilder<T> setRecordLimit(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("record limit " + limit + " must not be negative");
        }
        this.recordLimit = limit;
        return this;
    }

    /**
     * Makes the source unbounded: the input paths are listed every {@code interval} for new files,
     * and every file is followed as it grows and is rotated; see {@link
     * LogSourceOptions#MONITOR_INTERVAL}. Local files only.
     */
    public LogFileSourceBuilder<T> monitorContinuously(Duration interval) {
        options.set(LogSourceOptions.MONITOR_INTERVAL, interval);
        return this;
    }

    /** When following: reads the files there at the start from their beginning, not their end. */
    public LogFileSourceBuilder<T> setFollowFromStart(boolean fromStart) {
        options.set(LogSourceOptions.FOLLOW_FROM_START, fromStart);
        return this;
    }

    /** When following: how long a last line without its LF waits before it is taken as it is. */
    public LogFileSourceBuilder<T> setPartialLineTimeout(Duration timeout) {
        options.set(LogSourceOptions.PARTIAL_LINE_TIMEOUT, timeout);
        return this;
    }

    /**
     * When following: how long a file's last multi-line event waits for more lines once the file
     * stops growing; see {@link LogSourceOptions#FOLLOW_EVENT_TIMEOUT}.
     */
    public LogFileSourceBuilder<T> setEventTimeout(Duration timeout) {
        options.set(LogSourceOptions.FOLLOW_EVENT_TIMEOUT, timeout);
        return this;
    }

    /** When following: how long a reader that caught up waits before it looks at sizes again. */
    public LogFileSourceBuilder<T> setFollowPollInterval(Duration interval) {
        options.set(LogSourceOptions.FOLLOW_POLL_INTERVAL, interval);
        return this;
    }

    /**
     * Checks the options, and that every path exists, is readable and holds at least one input file
     * (a glob: matches one); throws {@link IllegalArgumentException} naming the problem otherwise.
     */
    public LogFileSource<T> build() {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no input path given");
        }
        long splitSize = options.get(LogSourceOptions.SPLIT_SIZE).getBytes();
        long bufferSize = options.get(LogSourceOptions.READ_BUFFER_SIZE).getBytes();
        long maxLineLength = options.get(LogSourceOptions.MAX_LINE_LENGTH).getBytes();
        int minSplitsPerReader = options.get(LogSourceOptions.MIN_SPLITS_PER_READER);
        if (minSplitsPerReader < 1) {
            throw new IllegalArgumentException(
                    "min splits per reader " + minSplitsPerReader + " must be at least 1");
        }
        checkMultipleOfBlock("split size", splitSize);
        checkMultipleOfBlock("read buffer size", bufferSize);
        if (bufferSize > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException(
                    "read buffer size " + bufferSize + " must be at most " + Integer.MAX_VALUE / 4);
        }
        if (maxLineLength < 1 || maxLineLength > MAX_LINE_LENGTH_LIMIT) {
            throw new IllegalArgumentException(
                    "max line length "
                            + maxLineLength
                            + " must be between 1 and "
                            + MAX_LINE_LENGTH_LIMIT);
        }
        LogSourceSettings.Follow follow = followSettings();
        List<Path> qualified = new ArrayList<>();
        for (Path path : paths) {
            Path input = checkInput(path);
            if (follow != null && !LocalPaths.isLocal(input)) {
                throw new IllegalArgumentException(
                        "input path " + path + " is not local: only local files can be followed");
            }
            qualified.add(input);
        }
        return new LogFileSource<>(
                qualified,
                decoder,
                new LogSourceSettings(
                        splitSize,
                        minSplitsPerReader,
                        (int) bufferSize,
                        (int) maxLineLength,
                        options.get(LogSourceOptions.SKIP_MISSING_FILES),
                        recordLimit,
                        follow));
    }

    /** The follow settings, checked; null when the source is bounded. */
    private LogSourceSettings.Follow followSettings() {
        Duration interval = options.get(LogSourceOptions.MONITOR_INTERVAL);
        if (interval == null) {
            return null;
        }
        if (!FileIdentity.supported()) {
            throw new IllegalArgumentException(
                    "files can be followed only where the JDK tells file identities (unix)");
        }
        Duration timeout = options.get(LogSourceOptions.PARTIAL_LINE_TIMEOUT);
        Duration poll = options.get(LogSourceOptions.FOLLOW_POLL_INTERVAL);
        checkPositive("monitor interval", interval);
        checkPositive("follow poll interval", poll);
        Duration eventTimeout = options.get(LogSourceOptions.FOLLOW_EVENT_TIMEOUT);
        checkNotNegative("partial line timeout", timeout);
        checkNotNegative("event timeout", eventTimeout);
        return new LogSourceSettings.Follow(
                interval,
                timeout,
                options.get(LogSourceOptions.FOLLOW_FROM_START),
                poll,
                eventTimeout);
    }

    private static void checkPositive(String what, Duration duration) {
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException(what + " " + duration + " must be positive");
        }
    }

    private static void checkNotNegative(String what, Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException(what + " " + duration + " must not be negative");
        }
    }

    private static void checkMultipleOfBlock(String what, long size) {
        if (size < MIN_SIZE || size % MIN_SIZE != 0) {
            throw new IllegalArgumentException(
                    what + " " + size + " must be a multiple of the block size " + MIN_SIZE);
        }
    }

    /**
     * Throws {@link IllegalArgumentException} naming the first path {@link #build} would refuse
     * (missing, unreadable, a folder or a glob with no file): for what reads the inputs before the
     * source exists, format detection, whose own complaint of no lines would hide the cause.
     */
    public static void checkInputs(List<Path> paths) {
        paths.forEach(LogFileSourceBuilder::checkInput);
    }

    private static Path checkInput(Path path) {
        try {
            if (InputPaths.isGlob(path)) {
                if (!InputPaths.holdsAFile(path)) {
                    throw new IllegalArgumentException("input path " + path + " matches no file");
                }
                return path.makeQualified(path.getFileSystem());
            }
            FileSystem fs = path.getFileSystem();
            Path qualified = path.makeQualified(fs);
            FileStatus status;
            try {
                status = fs.getFileStatus(qualified);
            } catch (FileNotFoundException e) {
                String link =
                        "file".equals(qualified.toUri().getScheme())
                                ? SymbolicLinks.unfollowable(LocalPaths.of(qualified))
                                : null;
                throw new IllegalArgumentException(
                        "input path "
                                + path
                                + (link == null ? " does not exist" : " is a " + link));
            }
            if ("file".equals(qualified.toUri().getScheme())
                    && !Files.isReadable(LocalPaths.of(qualified))) {
                throw new IllegalArgumentException("input path " + path + " is not readable");
            }
            if (status.isDir() && !InputPaths.holdsAFile(qualified)) {
                throw new IllegalArgumentException(
                        "directory "
                                + path
                                + " holds no input files (names starting with '.' or '_',"
                                + " FIFOs, devices and /proc or /sys pseudo-files are skipped)");
            }
            return qualified;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read input path " + path, e);
        }
    }
}
