package dev.logslice.connector.testing;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fails a job once, after a checkpoint taken when enough records had gone through, so that the
 * restore starts readers in the middle of their input. Its state is static: the MiniCluster runs in
 * the test's JVM, and a restarted task gets a new instance.
 */
public final class FailOnceAfterCheckpoint<T>
        implements MapFunction<T, T>, CheckpointListener, CheckpointedFunction {
    private static final AtomicLong seen = new AtomicLong();
    private static final Map<Long, Long> seenAtCheckpoint = new ConcurrentHashMap<>();
    private static final AtomicBoolean armed = new AtomicBoolean();
    private static final AtomicBoolean failed = new AtomicBoolean();
    private static final AtomicBoolean restored = new AtomicBoolean();
    private static volatile long armAfter;
    private static volatile Runnable whenArmed = () -> {};
    private static volatile boolean failing;

    /** Arms after the first checkpoint that saw {@code records} records. */
    public static void reset(long records) {
        reset(records, () -> {});
    }

    /** As {@link #reset(long)}, and runs {@code onArmed} when it arms. */
    public static void reset(long records, Runnable onArmed) {
        arm(records, onArmed, true);
    }

    /**
     * Arms as {@link #reset(long, Runnable)} does but never fails a record: {@code onArmed} fails
     * the job its own way (a TaskManager lost).
     */
    public static void resetWithoutFailing(long records, Runnable onArmed) {
        arm(records, onArmed, false);
    }

    private static void arm(long records, Runnable onArmed, boolean failRecord) {
        failing = failRecord;
        restored.set(false);
        seen.set(0);
        armed.set(false);
        failed.set(false);
        seenAtCheckpoint.clear();
        armAfter = records;
        whenArmed = onArmed;
    }

    /** Whether the job was restored from a checkpoint since the last reset. */
    public static boolean restored() {
        return restored.get();
    }

    /** Whether the planned failure happened. */
    public static boolean failed() {
        return failed.get();
    }

    @Override
    public T map(T record) {
        seen.incrementAndGet();
        if (failing && armed.get() && failed.compareAndSet(false, true)) {
            throw new IllegalStateException("planned failure after a checkpoint");
        }
        return record;
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        seenAtCheckpoint.merge(context.getCheckpointId(), seen.get(), Math::max);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        if (context.isRestored()) {
            restored.set(true);
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (seenAtCheckpoint.getOrDefault(checkpointId, 0L) >= armAfter
                && armed.compareAndSet(false, true)) {
            whenArmed.run();
        }
    }
}
