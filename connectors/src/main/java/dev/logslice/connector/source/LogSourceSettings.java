package dev.logslice.connector.source;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.time.Duration;

/**
 * The validated options a {@link LogFileSource} runs with.
 *
 * @param recordLimit records after which each reader stops reading ({@code Long.MAX_VALUE}: none)
 * @param follow how files are followed; null for a bounded source
 */
@Internal
public record LogSourceSettings(
        long splitSize,
        int minSplitsPerReader,
        int bufferSize,
        int maxLineLength,
        boolean skipMissingFiles,
        long recordLimit,
        @Nullable Follow follow)
        implements Serializable {

    /** A bounded source's settings, without a record limit. */
    public LogSourceSettings(
            long splitSize,
            int minSplitsPerReader,
            int bufferSize,
            int maxLineLength,
            boolean skipMissingFiles) {
        this(
                splitSize,
                minSplitsPerReader,
                bufferSize,
                maxLineLength,
                skipMissingFiles,
                Long.MAX_VALUE,
                null);
    }

    /**
     * How an unbounded source follows its files.
     *
     * @param monitorInterval how often the input paths are listed again
     * @param partialLineTimeout how long a last line waits for its LF
     * @param fromStart whether files there at the start are read from their beginning
     * @param pollInterval how long a reader that caught up waits before it looks again
     * @param eventTimeout how long a file's last multi-line event waits for more lines once the
     *     file stops growing
     */
    public record Follow(
            Duration monitorInterval,
            Duration partialLineTimeout,
            boolean fromStart,
            Duration pollInterval,
            Duration eventTimeout)
            implements Serializable {}
}
