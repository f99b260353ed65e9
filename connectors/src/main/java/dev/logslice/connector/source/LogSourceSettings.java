package dev.logslice.connector.source;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/**
 * The validated options a {@link LogFileSource} runs with.
 *
 * @param recordLimit records after which each reader stops reading ({@code Long.MAX_VALUE}: none)
 */
@Internal
public record LogSourceSettings(
        long splitSize,
        int minSplitsPerReader,
        int bufferSize,
        int maxLineLength,
        boolean skipMissingFiles,
        long recordLimit)
        implements Serializable {}
