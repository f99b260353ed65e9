package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.LogFileSplitSerializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.PendingSplitsCheckpointSerializer;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Versioned bytes of {@link PendingSplits}. Version 1 is Flink's {@link PendingSplitsCheckpoint} of
 * {@link FileSourceSplit}s (what the source used before splits could pack files); version 2 holds
 * each split in its own serializer's current version, and that version, so a new split version
 * needs no new version here; version 3 adds, for a followed source, its {@link FollowState}.
 */
@Internal
public final class PendingSplitsSerializer implements SimpleVersionedSerializer<PendingSplits> {
    private static final int VERSION = 3;

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
        out.writeBoolean(pending.follow() != null);
        if (pending.follow() != null) {
            writeFollow(pending.follow(), out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public PendingSplits deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return deserializeV1(serialized);
            case 2:
            case 3:
                return deserialize(serialized, version);
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

    /** Version 3 adds the follow state after the splits. */
    private PendingSplits deserialize(byte[] serialized, int version) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int splitVersion = in.readInt();
        int count = in.readInt();
        List<LogFileSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            splits.add(splitSerializer.deserialize(splitVersion, bytes));
        }
        FollowState follow = version >= 3 && in.readBoolean() ? readFollow(in) : null;
        if (in.available() > 0) {
            throw new IOException(
                    "Enumerator checkpoint has " + in.available() + " unexpected trailing bytes");
        }
        return new PendingSplits(splits, follow);
    }

    private static void writeFollow(FollowState follow, DataOutputView out) throws IOException {
        out.writeBoolean(follow.listedBefore());
        out.writeInt(follow.lastSplitId());
        out.writeInt(follow.tracked().size());
        for (FollowedFiles.Tracked file : follow.tracked()) {
            writeIdentity(file.identity(), out);
            out.writeUTF(file.path());
        }
        out.writeInt(follow.fingerprints().size());
        for (Map.Entry<FileIdentity, Fingerprint> entry : follow.fingerprints().entrySet()) {
            writeIdentity(entry.getKey(), out);
            out.writeInt(entry.getValue().length());
            out.writeLong(entry.getValue().digest());
        }
        out.writeInt(follow.retired().size());
        for (Fingerprint retired : follow.retired()) {
            out.writeInt(retired.length());
            out.writeLong(retired.digest());
        }
    }

    private static FollowState readFollow(DataInputView in) throws IOException {
        boolean listedBefore = in.readBoolean();
        int lastSplitId = in.readInt();
        int trackedCount = in.readInt();
        List<FollowedFiles.Tracked> tracked = new ArrayList<>(trackedCount);
        for (int i = 0; i < trackedCount; i++) {
            tracked.add(new FollowedFiles.Tracked(readIdentity(in), in.readUTF()));
        }
        int fingerprintCount = in.readInt();
        Map<FileIdentity, Fingerprint> fingerprints = new LinkedHashMap<>();
        for (int i = 0; i < fingerprintCount; i++) {
            fingerprints.put(readIdentity(in), new Fingerprint(in.readInt(), in.readLong()));
        }
        int retiredCount = in.readInt();
        List<Fingerprint> retired = new ArrayList<>(retiredCount);
        for (int i = 0; i < retiredCount; i++) {
            retired.add(new Fingerprint(in.readInt(), in.readLong()));
        }
        return new FollowState(listedBefore, lastSplitId, tracked, fingerprints, retired);
    }

    private static void writeIdentity(FileIdentity identity, DataOutputView out)
            throws IOException {
        out.writeLong(identity.device());
        out.writeLong(identity.inode());
    }

    private static FileIdentity readIdentity(DataInputView in) throws IOException {
        return new FileIdentity(in.readLong(), in.readLong());
    }
}
