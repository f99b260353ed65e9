package dev.logslice.connector.reader;

import org.apache.flink.annotation.Internal;

/**
 * A record with the position of the line after it (segment and byte offset): where a checkpoint
 * taken after the record resumes. One instance is reused for all records of a batch.
 */
@Internal
final class PositionedRecord<T> {
    T record;
    int segment;
    long nextOffset;
}
