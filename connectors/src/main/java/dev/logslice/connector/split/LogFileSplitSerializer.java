package dev.logslice.connector.split;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Versioned bytes of a {@link LogFileSplit}. Version 1 is Flink's {@link FileSourceSplit} (what the
 * source used before splits could pack files), read as a one-segment split; version 2 is ours;
 * version 3 adds each file's inode; version 4 adds to the position its stage and what the split
 * counted up to it; version 5 adds, for a split that follows a growing file, the file's identity
 * and the fingerprint of its start. Splits of versions 1 and 2 are read without inodes, positions
 * of versions 1 to 3 as {@link SplitPosition#SplitPosition(int, long) reading on with nothing
 * counted}.
 */
@Internal
public final class LogFileSplitSerializer implements SimpleVersionedSerializer<LogFileSplit> {
    public static final LogFileSplitSerializer INSTANCE = new LogFileSplitSerializer();

    private static final int VERSION = 5;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(LogFileSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64 + 48 * split.segments().size());
        out.writeUTF(split.splitId());
        out.writeInt(split.hosts().size());
        for (String host : split.hosts()) {
            out.writeUTF(host);
        }
        out.writeInt(split.segments().size());
        for (FileSegment segment : split.segments()) {
            writeSegment(segment, out);
        }
        out.writeBoolean(split.position() != null);
        if (split.position() != null) {
            writePosition(split.position(), out);
        }
        out.writeBoolean(split.followed() != null);
        if (split.followed() != null) {
            out.writeLong(split.followed().device());
            out.writeLong(split.followed().inode());
            out.writeInt(split.head().length());
            out.writeLong(split.head().digest());
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public LogFileSplit deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return deserializeV1(serialized);
            case 2:
            case 3:
            case 4:
            case 5:
                return deserialize(serialized, version);
            default:
                throw new IOException(
                        "Unknown split serializer version "
                                + version
                                + "; this version of logslice reads versions 1 to "
                                + VERSION);
        }
    }

    private static LogFileSplit deserializeV1(byte[] serialized) throws IOException {
        return fromFileSourceSplit(FileSourceSplitSerializer.INSTANCE.deserialize(1, serialized));
    }

    /** A split of Flink's file source as a one-segment split. */
    public static LogFileSplit fromFileSourceSplit(FileSourceSplit split) {
        FileSegment segment =
                new FileSegment(
                        split.path(),
                        split.offset(),
                        split.offset() + split.length(),
                        split.fileSize(),
                        split.fileModificationTime(),
                        null);
        SplitPosition position =
                split.getReaderPosition()
                        .map(checkpointed -> new SplitPosition(0, checkpointed.getOffset()))
                        .orElse(null);
        return new LogFileSplit(
                split.splitId(), List.of(segment), List.of(split.hostnames()), position);
    }

    /**
     * Versions 2 to 5 differ in their segments (3 adds the inode), positions (4 adds counts) and
     * what follows them (5: the followed file's identity).
     */
    private static LogFileSplit deserialize(byte[] serialized, int version) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        String id = in.readUTF();
        int hostCount = in.readInt();
        List<String> hosts = new ArrayList<>(hostCount);
        for (int i = 0; i < hostCount; i++) {
            hosts.add(in.readUTF());
        }
        int segmentCount = in.readInt();
        List<FileSegment> segments = new ArrayList<>(segmentCount);
        for (int i = 0; i < segmentCount; i++) {
            segments.add(readSegment(in, version >= 3));
        }
        SplitPosition position = in.readBoolean() ? readPosition(in, version >= 4) : null;
        FileIdentity followed = null;
        Fingerprint head = null;
        if (version >= 5 && in.readBoolean()) {
            followed = new FileIdentity(in.readLong(), in.readLong());
            head = new Fingerprint(in.readInt(), in.readLong());
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Split " + id + " has " + in.available() + " unexpected trailing bytes");
        }
        return new LogFileSplit(id, segments, hosts, position, followed, head);
    }

    private static void writeSegment(FileSegment segment, DataOutputView out) throws IOException {
        out.writeUTF(segment.path().toString());
        out.writeLong(segment.start());
        out.writeLong(segment.end());
        out.writeLong(segment.fileSize());
        out.writeLong(segment.modificationTime());
        out.writeBoolean(segment.inode() != null);
        if (segment.inode() != null) {
            out.writeLong(segment.inode());
        }
    }

    private static FileSegment readSegment(DataInputView in, boolean withInode) throws IOException {
        return new FileSegment(
                new Path(in.readUTF()),
                in.readLong(),
                in.readLong(),
                in.readLong(),
                in.readLong(),
                withInode && in.readBoolean() ? in.readLong() : null);
    }

    private static void writePosition(SplitPosition position, DataOutputView out)
            throws IOException {
        out.writeInt(position.segment());
        out.writeLong(position.offset());
        out.writeByte(stageCode(position.stage()));
        LineCounts counted = position.counted();
        out.writeLong(counted.lines());
        out.writeLong(counted.oversizedLines());
        out.writeInt(counted.oversizedLineOffsets().size());
        for (long offset : counted.oversizedLineOffsets()) {
            out.writeLong(offset);
        }
    }

    private static SplitPosition readPosition(DataInputView in, boolean withCounts)
            throws IOException {
        int segment = in.readInt();
        long offset = in.readLong();
        if (!withCounts) {
            return new SplitPosition(segment, offset);
        }
        SplitPosition.Stage stage = stage(in.readByte());
        long lines = in.readLong();
        long oversizedLines = in.readLong();
        int sampled = in.readInt();
        List<Long> offsets = new ArrayList<>(sampled);
        for (int i = 0; i < sampled; i++) {
            offsets.add(in.readLong());
        }
        return new SplitPosition(
                segment, offset, stage, new LineCounts(lines, oversizedLines, offsets));
    }

    /** The stage's byte in version 4, fixed here so that renaming or reordering cannot move it. */
    private static int stageCode(SplitPosition.Stage stage) {
        return switch (stage) {
            case READING -> 0;
            case LINES_READ -> 1;
            case FINISHED -> 2;
        };
    }

    private static SplitPosition.Stage stage(byte code) throws IOException {
        return switch (code) {
            case 0 -> SplitPosition.Stage.READING;
            case 1 -> SplitPosition.Stage.LINES_READ;
            case 2 -> SplitPosition.Stage.FINISHED;
            default -> throw new IOException("Unknown split position stage " + code);
        };
    }
}
