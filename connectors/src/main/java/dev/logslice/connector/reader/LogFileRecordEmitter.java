package dev.logslice.connector.reader;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitState;
import org.apache.flink.connector.file.src.util.RecordAndPosition;

/** Emits a record and moves the split state to the exact offset of the next line. */
@Internal
final class LogFileRecordEmitter<T>
        implements RecordEmitter<RecordAndPosition<T>, T, FileSourceSplitState<FileSourceSplit>> {

    @Override
    public void emitRecord(
            RecordAndPosition<T> element,
            SourceOutput<T> output,
            FileSourceSplitState<FileSourceSplit> splitState) {
        output.collect(element.getRecord());
        splitState.setPosition(element.getOffset(), 0);
    }
}
