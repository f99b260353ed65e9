package dev.logslice.stats;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * Merges the partials of {@link FollowingPartials} into the {@link LiveStats} of this JVM (run it
 * at parallelism 1), and checkpoints the total (its slots by arrival, for a window): a job restored
 * from a checkpoint counts on from what was counted when it was taken, its source from the lines
 * after the partials merged.
 */
public final class FollowStatsSink implements Sink<byte[]>, SupportsWriterState<byte[], byte[]> {
    private static final long serialVersionUID = 1L;

    private final String id;

    /** Merges into {@link LiveStats#of(String) LiveStats.of(id)}. */
    public FollowStatsSink(String id) {
        this.id = id;
    }

    @Override
    public Writer createWriter(WriterInitContext context) {
        return new Writer(id, List.of());
    }

    @Override
    public Writer restoreWriter(WriterInitContext context, Collection<byte[]> totals) {
        return new Writer(id, totals);
    }

    @Override
    public SimpleVersionedSerializer<byte[]> getWriterStateSerializer() {
        return new TotalSerializer();
    }

    static final class Writer implements StatefulSinkWriter<byte[], byte[]> {
        private final LiveStats live;

        Writer(String id, Collection<byte[]> restored) {
            this.live = LiveStats.of(id);
            live.reset(restored);
        }

        @Override
        public void write(byte[] partial, Context context) {
            live.merge(LogStats.fromBytes(partial));
        }

        @Override
        public void flush(boolean endOfInput) {}

        @Override
        public List<byte[]> snapshotState(long checkpointId) {
            return List.of(live.toBytes());
        }

        @Override
        public void close() {}
    }

    /**
     * The total's own bytes: version 2 its slots by arrival ({@link ArrivalWindow#toBytes()}),
     * version 1 one {@link LogStats#toBytes()}, read as a slot that arrived before any window.
     */
    static final class TotalSerializer implements SimpleVersionedSerializer<byte[]> {
        @Override
        public int getVersion() {
            return 2;
        }

        @Override
        public byte[] serialize(byte[] total) {
            return total;
        }

        @Override
        public byte[] deserialize(int version, byte[] serialized) throws IOException {
            switch (version) {
                case 1:
                    return ArrivalWindow.ofTotal(serialized);
                case 2:
                    return serialized;
                default:
                    throw new IOException("unknown version " + version + " of a stats total");
            }
        }
    }
}
