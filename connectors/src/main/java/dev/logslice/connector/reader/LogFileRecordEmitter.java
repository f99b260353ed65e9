package dev.logslice.connector.reader;

import dev.logslice.connector.split.LogFileSplitState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/**
 * Emits a record and moves the split state to the exact position of the next line, with the split's
 * counts up to there.
 */
@Internal
final class LogFileRecordEmitter<T>
        implements RecordEmitter<PositionedRecord<T>, T, LogFileSplitState> {

    @Override
    public void emitRecord(
            PositionedRecord<T> element, SourceOutput<T> output, LogFileSplitState splitState) {
        output.collect(element.record);
        element.moveTo(splitState);
    }
}
