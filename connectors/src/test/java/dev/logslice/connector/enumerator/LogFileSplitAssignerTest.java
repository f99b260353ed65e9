package dev.logslice.connector.enumerator;

import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link LogFileSplitAssigner}: input order, a reader's local splits first. */
class LogFileSplitAssignerTest {
    @Test
    void handsOutSplitsInOrderWhenNoneKnowsItsHosts() {
        LogFileSplitAssigner assigner =
                new LogFileSplitAssigner(List.of(split("1"), split("2"), split("3")));

        assertThat(ids(assigner, "localhost", "localhost", "other", "localhost"))
                .containsExactly("1", "2", "3", "none");
    }

    @Test
    void prefersASplitWhoseFirstFileLiesOnTheReadersHost() {
        LogFileSplitAssigner assigner =
                new LogFileSplitAssigner(
                        List.of(split("1", "host-a"), split("2", "host-b"), split("3", "host-b")));

        assertThat(ids(assigner, "host-b", "unknown-host", "host-b", "host-b"))
                .containsExactly("2", "1", "3", "none");
    }

    @Test
    void splitsAddedBackAreHandedOutAgain() {
        LogFileSplitAssigner assigner = new LogFileSplitAssigner(List.of(split("1")));
        LogFileSplit first = assigner.getNext(null).orElseThrow();

        assigner.addSplits(List.of(first));

        assertThat(assigner.remainingSplits()).containsExactly(first);
    }

    private static List<String> ids(LogFileSplitAssigner assigner, String... hosts) {
        return java.util.Arrays.stream(hosts)
                .map(assigner::getNext)
                .map(next -> next.map(LogFileSplit::splitId))
                .map(id -> id.orElse("none"))
                .toList();
    }

    private static LogFileSplit split(String id, String... hosts) {
        return LogFileSplit.of(
                id,
                FileSegment.wholeFile(new Path("hdfs:/logs/" + id + ".log"), 10, 1, null),
                List.of(hosts));
    }
}
