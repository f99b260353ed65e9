package dev.logslice.stats;

import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.util.SimpleVersionedListState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The total of {@code stats --follow} on a session cluster, in the job's state: merges the partials
 * of {@link FollowingPartials} (run it at parallelism 1) into a total checkpointed as {@link
 * FollowStatsSink} checkpoints its own, and sends on updates for the client to {@link #apply}: each
 * partial as a delta, and first, as each attempt of the job starts, its total (restored, or none)
 * as a base.
 *
 * <p>The client resets its total to a base. Collected with checkpoints, it then holds what the job
 * counted in both cases of a restore: a restarted job (a lost TaskManager) hands over the partials
 * of the checkpoint it went back to, then its base, their sum; a run resumed from a savepoint has
 * counted nothing before its base, which brings the total of the runs before.
 */
final class FollowStatsTotal extends AbstractStreamOperator<byte[]>
        implements OneInputStreamOperator<byte[], byte[]> {
    private static final long serialVersionUID = 1L;

    private static final byte BASE = 0;
    private static final byte DELTA = 1;

    @Nullable private final Duration window;

    private transient ArrivalWindow total;
    private transient ListState<byte[]> state;

    /** A total of the last {@code window} by arrival here (null: of the whole run). */
    FollowStatsTotal(@Nullable Duration window) {
        this.window = window;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state =
                new SimpleVersionedListState<>(
                        context.getOperatorStateStore()
                                .getListState(
                                        new ListStateDescriptor<>(
                                                "stats-total",
                                                BytePrimitiveArraySerializer.INSTANCE)),
                        new FollowStatsSink.TotalSerializer());
        total = new ArrivalWindow(window);
        state.get().forEach(total::restore);
    }

    @Override
    public void open() throws Exception {
        super.open();
        // Sent on every start: the client then needs no word of whether this one was restored.
        output.collect(new StreamRecord<>(tagged(BASE, total.toBytes())));
    }

    @Override
    public void processElement(StreamRecord<byte[]> partial) {
        total.add(LogStats.fromBytes(partial.getValue()), System.currentTimeMillis());
        output.collect(partial.replace(tagged(DELTA, partial.getValue())));
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        state.update(List.of(total.toBytes()));
    }

    /** Applies an update sent by this operator to the client's {@code live} total. */
    static void apply(byte[] update, LiveStats live) {
        byte[] bytes = Arrays.copyOfRange(update, 1, update.length);
        switch (update[0]) {
            case BASE:
                live.reset(List.of(bytes));
                break;
            case DELTA:
                live.merge(LogStats.fromBytes(bytes));
                break;
            default:
                throw new IllegalArgumentException("unknown stats update " + update[0]);
        }
    }

    private static byte[] tagged(byte tag, byte[] bytes) {
        byte[] update = new byte[bytes.length + 1];
        update[0] = tag;
        System.arraycopy(bytes, 0, update, 1, bytes.length);
        return update;
    }
}
