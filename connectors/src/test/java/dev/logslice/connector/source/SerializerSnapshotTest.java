package dev.logslice.connector.source;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerialization;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checkpoints written by this version must stay readable: bytes written once and committed are read
 * back by the serializers {@link LogFileSource} uses today. Run with {@code
 * -Dlogslice.writeSnapshots=true} to add snapshots for a new serializer version, never to overwrite
 * old ones.
 */
class SerializerSnapshotTest {
    private static final String DIRECTORY = "serializer-snapshots/";
    private static final LogFileSource<String> SOURCE =
            LogFileSource.builder().addPath(new Path(Paths.get("").toUri())).build();

    private static FileSourceSplit midSplit() {
        return new FileSourceSplit(
                "0000000007",
                new Path("file:/var/log/nginx/access.log"),
                67108864,
                67108864,
                1764460800000L,
                1073741824,
                new String[] {"localhost"},
                new CheckpointedPosition(70000123, 0));
    }

    @Test
    void splitWithCheckpointedPositionStaysReadable() throws IOException {
        SimpleVersionedSerializer<FileSourceSplit> serializer = SOURCE.getSplitSerializer();

        FileSourceSplit restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer, snapshot("split", serializer, midSplit()));

        assertThat(restored.splitId()).isEqualTo("0000000007");
        assertThat(restored.path()).isEqualTo(midSplit().path());
        assertThat(restored.offset()).isEqualTo(67108864);
        assertThat(restored.length()).isEqualTo(67108864);
        assertThat(restored.fileSize()).isEqualTo(1073741824);
        assertThat(restored.fileModificationTime()).isEqualTo(1764460800000L);
        assertThat(restored.getReaderPosition()).contains(new CheckpointedPosition(70000123, 0));
    }

    @Test
    void enumeratorCheckpointStaysReadable() throws IOException {
        SimpleVersionedSerializer<PendingSplitsCheckpoint<FileSourceSplit>> serializer =
                SOURCE.getEnumeratorCheckpointSerializer();
        PendingSplitsCheckpoint<FileSourceSplit> checkpoint =
                PendingSplitsCheckpoint.fromCollectionSnapshot(List.of(midSplit()));

        PendingSplitsCheckpoint<FileSourceSplit> restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer, snapshot("enumerator", serializer, checkpoint));

        assertThat(restored.getSplits()).hasSize(1);
        FileSourceSplit split = restored.getSplits().iterator().next();
        assertThat(split.splitId()).isEqualTo("0000000007");
        assertThat(split.getReaderPosition()).contains(new CheckpointedPosition(70000123, 0));
    }

    /** The committed bytes for the serializer's current version, written first if asked to. */
    private static <T> byte[] snapshot(
            String name, SimpleVersionedSerializer<T> serializer, T value) throws IOException {
        String resource = DIRECTORY + name + "-v" + serializer.getVersion() + ".bin";
        if (Boolean.getBoolean("logslice.writeSnapshots")) {
            java.nio.file.Path file = Paths.get("src/test/resources", resource);
            if (!Files.exists(file)) {
                Files.write(
                        file,
                        SimpleVersionedSerialization.writeVersionAndSerialize(serializer, value));
            }
        }
        try (InputStream in =
                SerializerSnapshotTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in)
                    .as("snapshot %s for serializer version %d", resource, serializer.getVersion())
                    .isNotNull();
            return in.readAllBytes();
        }
    }
}
