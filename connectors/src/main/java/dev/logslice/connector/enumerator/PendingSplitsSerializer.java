package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitSerializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.PendingSplitsCheckpointSerializer;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Versioned bytes of {@link PendingSplits}. Version 1 is Flink's {@link PendingSplitsCheckpoint} of
 * {@link FileSourceSplit}s (what the source used before splits could pack files); version 2 holds
 * each split in its own serializer's current version, and that version, so a new split version
 * needs no new version here.
 */
@Internal
public final class PendingSplitsSerializer implements SimpleVersionedSerializer<PendingSplits> {
    private static final int VERSION = 2;

    private final LogFileSplitSerializer splitSerializer = LogFileSplitSerializer.INSTANCE;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PendingSplits pending) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeInt(splitSerializer.getVersion());
        out.writeInt(pending.splits().size());
        for (LogFileSplit split : pending.splits()) {
            byte[] bytes = splitSerializer.serialize(split);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public PendingSplits deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return deserializeV1(serialized);
            case 2:
                return deserializeV2(serialized);
            default:
                throw new IOException(
                        "Unknown enumerator checkpoint version "
                                + version
                                + "; this version of logslice reads versions 1 to "
                                + VERSION);
        }
    }

    private static PendingSplits deserializeV1(byte[] serialized) throws IOException {
        PendingSplitsCheckpoint<FileSourceSplit> checkpoint =
                new PendingSplitsCheckpointSerializer<>(FileSourceSplitSerializer.INSTANCE)
                        .deserialize(1, serialized);
        List<LogFileSplit> splits = new ArrayList<>();
        for (FileSourceSplit split : checkpoint.getSplits()) {
            splits.add(LogFileSplitSerializer.fromFileSourceSplit(split));
        }
        return new PendingSplits(splits);
    }

    private PendingSplits deserializeV2(byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int splitVersion = in.readInt();
        int count = in.readInt();
        List<LogFileSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            splits.add(splitSerializer.deserialize(splitVersion, bytes));
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Enumerator checkpoint has " + in.available() + " unexpected trailing bytes");
        }
        return new PendingSplits(splits);
    }
}
