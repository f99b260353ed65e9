package dev.logslice.connector.split;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/**
 * Where a reader resumes a split: the index of the segment it was reading and the exact byte offset
 * of that file's next line.
 */
@Internal
public record SplitPosition(int segment, long offset) implements Serializable {}
