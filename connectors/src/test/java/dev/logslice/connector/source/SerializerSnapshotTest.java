package dev.logslice.connector.source;

import dev.logslice.connector.enumerator.FollowState;
import dev.logslice.connector.enumerator.FollowedFiles;
import dev.logslice.connector.enumerator.PendingSplits;
import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerialization;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Checkpoints written by this version and earlier ones must stay readable: bytes written once and
 * committed are read back by the serializers {@link LogFileSource} uses today. Version 1 is the
 * Flink {@code FileSourceSplit} the source used before it packed small files; version 2 splits have
 * no inodes; positions before version 4 have no stage and no counts; splits before version 5 follow
 * no file, enumerator checkpoints before version 3 hold no follow state. Run with {@code
 * -Dlogslice.writeSnapshots=true} to add snapshots for a new serializer version, never to overwrite
 * old ones.
 */
class SerializerSnapshotTest {
    private static final String DIRECTORY = "serializer-snapshots/";
    private static final LogFileSource<String> SOURCE =
            LogFileSource.builder().addPath(new Path(Paths.get("").toUri())).build();

    /** The split that version 1 snapshots hold, as this version reads it. */
    private static LogFileSplit midSplitV1() {
        return new LogFileSplit(
                "0000000007",
                List.of(
                        new FileSegment(
                                new Path("file:/var/log/nginx/access.log"),
                                67108864,
                                134217728,
                                1073741824,
                                1764460800000L,
                                null)),
                List.of("localhost"),
                new SplitPosition(0, 70000123));
    }

    /** A packed split resumed in its second file, what version 2 snapshots hold. */
    private static LogFileSplit packedSplitV2() {
        return packedSplit(null, null, null, new SplitPosition(1, 4711));
    }

    /** The same split with the files' inodes, what version 3 snapshots hold. */
    private static LogFileSplit packedSplitWithInodes() {
        return packedSplit(1835021L, 1835022L, 4294967301L, new SplitPosition(1, 4711));
    }

    /** The same split with what it counted before its position, what version 4 snapshots hold. */
    private static LogFileSplit packedSplitWithCounts() {
        LineCounts counted = new LineCounts(52000, 3, List.of(1073745000L, 1073800000L, 2048L));
        return packedSplit(
                1835021L,
                1835022L,
                4294967301L,
                new SplitPosition(1, 4711, SplitPosition.Stage.READING, counted));
    }

    private static LogFileSplit packedSplit(
            Long accessLog, Long rotated, Long errorLog, SplitPosition position) {
        return new LogFileSplit(
                "0000000012",
                List.of(
                        new FileSegment(
                                new Path("file:/var/log/nginx/access.log"),
                                1073741824,
                                1080000000,
                                1080000000,
                                1764460800000L,
                                accessLog),
                        FileSegment.wholeFile(
                                new Path("file:/var/log/nginx/access.log.1"),
                                10240,
                                1764374400000L,
                                rotated),
                        FileSegment.wholeFile(
                                new Path("file:/var/log/nginx/error.log"),
                                0,
                                1764374400001L,
                                errorLog)),
                List.of(),
                position);
    }

    @Test
    void versionOneSplitIsReadAsAOneFileSplit() throws IOException {
        LogFileSplit restored = SOURCE.getSplitSerializer().deserialize(1, committed("split", 1));

        assertThat(restored).isEqualTo(midSplitV1());
    }

    @Test
    void versionOneEnumeratorCheckpointIsRead() throws IOException {
        PendingSplits restored =
                SOURCE.getEnumeratorCheckpointSerializer()
                        .deserialize(1, committed("enumerator", 1));

        assertThat(restored.splits()).containsExactly(midSplitV1());
    }

    @Test
    void versionTwoSplitIsReadWithoutInodes() throws IOException {
        LogFileSplit restored = SOURCE.getSplitSerializer().deserialize(2, committed("split", 2));

        assertThat(restored).isEqualTo(packedSplitV2());
    }

    @Test
    void versionTwoEnumeratorCheckpointIsReadWithoutInodes() throws IOException {
        PendingSplits restored =
                SOURCE.getEnumeratorCheckpointSerializer()
                        .deserialize(2, committed("enumerator", 2));

        assertThat(restored.splits()).containsExactly(midSplitV1(), packedSplitV2());
    }

    @Test
    void versionTwoSplitWithTrailingBytesIsRejected() throws IOException {
        byte[] bytes = committed("split", 2);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> SOURCE.getSplitSerializer().deserialize(2, longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing");
    }

    @Test
    void versionThreeSplitIsReadWithoutCounts() throws IOException {
        LogFileSplit restored = SOURCE.getSplitSerializer().deserialize(3, committed("split", 3));

        assertThat(restored).isEqualTo(packedSplitWithInodes());
        assertThat(restored.position().stage()).isEqualTo(SplitPosition.Stage.READING);
        assertThat(restored.position().counted()).isEqualTo(LineCounts.NONE);
    }

    @Test
    void enumeratorCheckpointOfVersionThreeSplitsIsReadWithoutCounts() throws IOException {
        PendingSplits restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        SOURCE.getEnumeratorCheckpointSerializer(),
                        read(DIRECTORY + "enumerator-v2-splits-v3.bin"));

        assertThat(restored.splits()).containsExactly(midSplitV1(), packedSplitWithInodes());
    }

    @Test
    void versionFourSplitIsReadAsNotFollowing() throws IOException {
        LogFileSplit restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        SOURCE.getSplitSerializer(), read(DIRECTORY + "split-v4.bin"));

        assertThat(restored).isEqualTo(packedSplitWithCounts());
        assertThat(restored.isFollowing()).isFalse();
    }

    @Test
    void versionTwoEnumeratorCheckpointOfVersionFourSplitsHasNoFollowState() throws IOException {
        PendingSplits restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        SOURCE.getEnumeratorCheckpointSerializer(),
                        read(DIRECTORY + "enumerator-v2-splits-v4.bin"));

        assertThat(restored)
                .isEqualTo(new PendingSplits(List.of(midSplitV1(), packedSplitWithCounts())));
    }

    /** A split that follows a growing file, from a checkpointed line start. */
    private static LogFileSplit followingSplit() {
        LineCounts counted = new LineCounts(120, 1, List.of(2048L));
        return LogFileSplit.following(
                        "0000000031",
                        new FileSegment(
                                new Path("file:/var/log/nginx/access.log"),
                                1000,
                                1000,
                                1000,
                                1764460800000L,
                                1835021L),
                        new FileIdentity(2049, 1835021L),
                        new Fingerprint(4096, 0x0fed_cba9_8765_4321L),
                        1000)
                .withPosition(new SplitPosition(0, 50321, SplitPosition.Stage.READING, counted));
    }

    private static FollowState followState() {
        Map<FileIdentity, Fingerprint> fingerprints = new LinkedHashMap<>();
        fingerprints.put(
                new FileIdentity(2049, 1835021L), new Fingerprint(4096, 0x1234_5678_9abc_def0L));
        fingerprints.put(new FileIdentity(2049, 1835022L), new Fingerprint(17, -42L));
        return new FollowState(
                true,
                31,
                List.of(
                        new FollowedFiles.Tracked(
                                new FileIdentity(2049, 1835021L), "file:/var/log/nginx/access.log"),
                        new FollowedFiles.Tracked(
                                new FileIdentity(2049, 1835022L),
                                "file:/var/log/nginx/access.log.1")),
                fingerprints,
                List.of(new Fingerprint(4096, 77L)));
    }

    @Test
    void splitsStayReadable() throws IOException {
        SimpleVersionedSerializer<LogFileSplit> serializer = SOURCE.getSplitSerializer();

        LogFileSplit restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer,
                        snapshot(
                                "split-v" + serializer.getVersion(),
                                serializer,
                                packedSplitWithCounts()));
        LogFileSplit following =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer,
                        snapshot(
                                "split-following-v" + serializer.getVersion(),
                                serializer,
                                followingSplit()));

        assertThat(restored).isEqualTo(packedSplitWithCounts());
        assertThat(following).isEqualTo(followingSplit());
        assertThat(following.isFollowing()).isTrue();
    }

    @Test
    void followedSourcesEnumeratorCheckpointStaysReadable() throws IOException {
        SimpleVersionedSerializer<PendingSplits> serializer =
                SOURCE.getEnumeratorCheckpointSerializer();
        PendingSplits checkpoint =
                new PendingSplits(
                        List.of(packedSplitWithCounts(), followingSplit()), followState());
        String name =
                "enumerator-following-v"
                        + serializer.getVersion()
                        + "-splits-v"
                        + SOURCE.getSplitSerializer().getVersion();

        PendingSplits restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer, snapshot(name, serializer, checkpoint));

        assertThat(restored).isEqualTo(checkpoint);
    }

    @Test
    void enumeratorCheckpointStaysReadable() throws IOException {
        SimpleVersionedSerializer<PendingSplits> serializer =
                SOURCE.getEnumeratorCheckpointSerializer();
        // A split restored from version 1 has no inodes, and is checkpointed again without.
        PendingSplits checkpoint =
                new PendingSplits(List.of(midSplitV1(), packedSplitWithCounts()));
        // The checkpoint's format holds its splits' version: a new split version is a new snapshot.
        String name =
                "enumerator-v"
                        + serializer.getVersion()
                        + "-splits-v"
                        + SOURCE.getSplitSerializer().getVersion();

        PendingSplits restored =
                SimpleVersionedSerialization.readVersionAndDeSerialize(
                        serializer, snapshot(name, serializer, checkpoint));

        assertThat(restored).isEqualTo(checkpoint);
    }

    /** The committed bytes, version first, of the current serializers; written if asked. */
    private static <T> byte[] snapshot(
            String name, SimpleVersionedSerializer<T> serializer, T value) throws IOException {
        String resource = DIRECTORY + name + ".bin";
        if (Boolean.getBoolean("logslice.writeSnapshots")) {
            java.nio.file.Path file = Paths.get("src/test/resources", resource);
            if (!Files.exists(file)) {
                Files.write(
                        file,
                        SimpleVersionedSerialization.writeVersionAndSerialize(serializer, value));
            }
        }
        return read(resource);
    }

    /** The committed bytes of an old version, without the version header. */
    private static byte[] committed(String name, int version) throws IOException {
        byte[] withHeader = read(DIRECTORY + name + "-v" + version + ".bin");
        // SimpleVersionedSerialization writes the version and the length, an int each.
        return Arrays.copyOfRange(withHeader, 8, withHeader.length);
    }

    private static byte[] read(String resource) throws IOException {
        try (InputStream in =
                SerializerSnapshotTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as("snapshot %s", resource).isNotNull();
            return in.readAllBytes();
        }
    }
}
