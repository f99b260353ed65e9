package dev.logslice.connector.source;

import dev.logslice.connector.enumerator.PendingSplits;
import dev.logslice.connector.split.LineCounts;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.split.SplitPosition;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerialization;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static dev.logslice.connector.source.SerializerRoundTrip.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The splits and enumerator checkpoints of a {@link LogFileSource} survive the versioned
 * serializers it hands Flink, through {@link SimpleVersionedSerialization} as Flink stores them.
 */
class LogFileSourceSerializersTest {
    @TempDir java.nio.file.Path dir;
    private LogFileSource<String> source;

    @BeforeEach
    void createSource() throws IOException {
        Files.write(dir.resolve("app.log"), new byte[5 * 4096 + 17]);
        for (int i = 0; i < 5; i++) {
            Files.write(dir.resolve("small-" + i + ".log"), new byte[100 + i]);
        }
        source = LogFileSource.builder().addPath(new Path(dir.toUri())).build();
    }

    @Test
    void enumeratedSplitsSurviveTheSplitSerializer() throws Exception {
        List<LogFileSplit> splits = enumerate(2);

        // The tail of app.log and the five small files are packed into one split.
        assertThat(splits).anySatisfy(split -> assertThat(split.segments()).hasSize(6));
        for (LogFileSplit split : splits) {
            assertThat(roundTrip(source.getSplitSerializer(), split)).isEqualTo(split);
        }
    }

    @Test
    void aPackedSplitWithACheckpointedPositionSurvivesTheSplitSerializer() throws Exception {
        LogFileSplit packed =
                enumerate(2).stream()
                        .filter(split -> split.segments().size() > 1)
                        .findFirst()
                        .orElseThrow();
        LineCounts counted = new LineCounts(1234, 2, List.of(7L, 99L));

        for (SplitPosition.Stage stage : SplitPosition.Stage.values()) {
            SplitPosition position = new SplitPosition(3, 42, stage, counted);
            LogFileSplit restored =
                    roundTrip(source.getSplitSerializer(), packed.withPosition(position));

            assertThat(restored.readerPosition()).contains(position);
            assertThat(restored).isEqualTo(packed.withPosition(position));
        }
    }

    @Test
    void anEnumeratorCheckpointSurvivesItsSerializer() throws Exception {
        TestingSplitEnumeratorContext<LogFileSplit> context =
                new TestingSplitEnumeratorContext<>(2);
        context.registerReader(0, "localhost");
        PendingSplits checkpoint;
        try (SplitEnumerator<LogFileSplit, PendingSplits> enumerator =
                source.createEnumerator(context)) {
            enumerator.handleSplitRequest(0, "localhost");
            LogFileSplit assigned = context.getSplitAssignments().get(0).getAssignedSplits().get(0);
            // A split that comes back after a failure may carry the position its reader reached.
            enumerator.addSplitsBack(List.of(assigned.withPosition(new SplitPosition(0, 42))), 0);
            checkpoint = enumerator.snapshotState(1);
        }

        PendingSplits restored = roundTrip(source.getEnumeratorCheckpointSerializer(), checkpoint);

        assertThat(checkpoint.splits()).hasSizeGreaterThanOrEqualTo(4);
        assertThat(restored).isEqualTo(checkpoint);
        assertThat(restored.splits())
                .filteredOn(split -> split.readerPosition().isPresent())
                .singleElement()
                .satisfies(
                        split ->
                                assertThat(split.readerPosition())
                                        .contains(new SplitPosition(0, 42)));
    }

    @Test
    void rejectsAnUnknownVersionAndTrailingBytes() throws Exception {
        LogFileSplit split = enumerate(1).get(0);
        byte[] bytes = source.getSplitSerializer().serialize(split);
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> source.getSplitSerializer().deserialize(99, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 99");
        assertThatThrownBy(
                        () ->
                                source.getSplitSerializer()
                                        .deserialize(
                                                source.getSplitSerializer().getVersion(), longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing");
        byte[] pending =
                source.getEnumeratorCheckpointSerializer()
                        .serialize(new PendingSplits(List.of(split)));
        assertThatThrownBy(
                        () ->
                                source.getEnumeratorCheckpointSerializer()
                                        .deserialize(
                                                source.getEnumeratorCheckpointSerializer()
                                                        .getVersion(),
                                                java.util.Arrays.copyOf(
                                                        pending, pending.length + 3)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing");
    }

    private List<LogFileSplit> enumerate(int parallelism) throws Exception {
        TestingSplitEnumeratorContext<LogFileSplit> context =
                new TestingSplitEnumeratorContext<>(parallelism);
        try (SplitEnumerator<LogFileSplit, PendingSplits> enumerator =
                source.createEnumerator(context)) {
            return new ArrayList<>(enumerator.snapshotState(0).splits());
        }
    }
}
