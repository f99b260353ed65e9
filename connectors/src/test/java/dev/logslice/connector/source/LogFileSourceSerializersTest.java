package dev.logslice.connector.source;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerialization;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The splits and enumerator checkpoints of a {@link LogFileSource} survive the serializers it hands
 * Flink (Flink's own, versioned), through {@link SimpleVersionedSerialization} as Flink stores
 * them.
 */
class LogFileSourceSerializersTest {
    @TempDir java.nio.file.Path dir;
    private LogFileSource<String> source;

    @BeforeEach
    void createSource() throws IOException {
        Files.write(dir.resolve("app.log"), new byte[5 * 4096 + 17]);
        source = LogFileSource.builder().addPath(new Path(dir.toUri())).build();
    }

    @Test
    void enumeratedSplitsSurviveTheSplitSerializer() throws Exception {
        for (FileSourceSplit split : enumerate(2)) {
            assertSameSplit(roundTrip(source.getSplitSerializer(), split), split);
        }
    }

    @Test
    void aSplitWithACheckpointedPositionSurvivesTheSplitSerializer() throws Exception {
        FileSourceSplit split =
                enumerate(2)
                        .get(1)
                        .updateWithCheckpointedPosition(new CheckpointedPosition(9000, 0));

        FileSourceSplit restored = roundTrip(source.getSplitSerializer(), split);

        assertSameSplit(restored, split);
        assertThat(restored.getReaderPosition()).contains(new CheckpointedPosition(9000, 0));
    }

    @Test
    void anEnumeratorCheckpointSurvivesItsSerializer() throws Exception {
        TestingSplitEnumeratorContext<FileSourceSplit> context =
                new TestingSplitEnumeratorContext<>(2);
        context.registerReader(0, "localhost");
        PendingSplitsCheckpoint<FileSourceSplit> checkpoint;
        try (SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>> enumerator =
                source.createEnumerator(context)) {
            enumerator.handleSplitRequest(0, "localhost");
            FileSourceSplit assigned =
                    context.getSplitAssignments().get(0).getAssignedSplits().get(0);
            // A split that comes back after a failure may carry the position its reader reached.
            enumerator.addSplitsBack(
                    List.of(
                            assigned.updateWithCheckpointedPosition(
                                    new CheckpointedPosition(42, 0))),
                    0);
            checkpoint = enumerator.snapshotState(1);
        }

        PendingSplitsCheckpoint<FileSourceSplit> restored =
                roundTrip(source.getEnumeratorCheckpointSerializer(), checkpoint);

        assertThat(checkpoint.getSplits()).hasSizeGreaterThanOrEqualTo(4);
        assertSameSplits(restored.getSplits(), checkpoint.getSplits());
        assertThat(restored.getAlreadyProcessedPaths())
                .containsExactlyInAnyOrderElementsOf(checkpoint.getAlreadyProcessedPaths());
        assertThat(restored.getSplits())
                .filteredOn(split -> split.getReaderPosition().isPresent())
                .singleElement()
                .satisfies(
                        split ->
                                assertThat(split.getReaderPosition())
                                        .contains(new CheckpointedPosition(42, 0)));
    }

    private List<FileSourceSplit> enumerate(int parallelism) throws Exception {
        TestingSplitEnumeratorContext<FileSourceSplit> context =
                new TestingSplitEnumeratorContext<>(parallelism);
        try (SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>> enumerator =
                source.createEnumerator(context)) {
            return new ArrayList<>(enumerator.snapshotState(0).getSplits());
        }
    }

    private static void assertSameSplits(
            Collection<FileSourceSplit> actual, Collection<FileSourceSplit> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        List<FileSourceSplit> expectedList = new ArrayList<>(expected);
        int i = 0;
        for (FileSourceSplit split : actual) {
            assertSameSplit(split, expectedList.get(i++));
        }
    }

    /** {@link FileSourceSplit} has no {@code equals}: compares what it holds. */
    private static void assertSameSplit(FileSourceSplit actual, FileSourceSplit expected) {
        assertThat(actual.splitId()).isEqualTo(expected.splitId());
        assertThat(actual.path()).isEqualTo(expected.path());
        assertThat(actual.offset()).isEqualTo(expected.offset());
        assertThat(actual.length()).isEqualTo(expected.length());
        assertThat(actual.fileModificationTime()).isEqualTo(expected.fileModificationTime());
        assertThat(actual.fileSize()).isEqualTo(expected.fileSize());
        assertThat(actual.hostnames()).containsExactly(expected.hostnames());
        assertThat(actual.getReaderPosition()).isEqualTo(expected.getReaderPosition());
    }
}
