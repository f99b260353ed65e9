package dev.logslice.stats;

import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Merges one reader's partials as they come, chained to the reader, and emits their merge in
 * bounded pieces ({@link PartialPieces}) when the reader is done. A separate merge task would start
 * only once its reader had finished (batch exchanges are blocking) and then deserialise and merge
 * every partial at the end of the job.
 */
final class MergePartials extends AbstractStreamOperator<byte[]>
        implements OneInputStreamOperator<byte[], byte[]>, BoundedOneInput {
    private static final long serialVersionUID = 1L;

    private transient LogStats merged;

    @Override
    public void processElement(StreamRecord<byte[]> partial) {
        LogStats stats = LogStats.fromBytes(partial.getValue());
        if (merged == null) {
            merged = stats;
        } else {
            merged.merge(stats);
        }
    }

    @Override
    public void endInput() {
        if (merged != null) {
            TaskInfo task = getRuntimeContext().getTaskInfo();
            long partialId = (long) task.getIndexOfThisSubtask() << 32 | task.getAttemptNumber();
            PartialPieces.write(
                    merged, partialId, piece -> output.collect(new StreamRecord<>(piece)));
            merged = null;
        }
    }
}
