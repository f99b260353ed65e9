package dev.logslice.connector.source;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/** The validated options a {@link LogFileSource} runs with. */
@Internal
public record LogSourceSettings(
        long splitSize,
        int minSplitsPerReader,
        int bufferSize,
        int maxLineLength,
        boolean skipMissingFiles)
        implements Serializable {}
