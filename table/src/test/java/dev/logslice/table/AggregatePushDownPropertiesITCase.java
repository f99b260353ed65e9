package dev.logslice.table;

import dev.logslice.table.AccessLog.Entry;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.util.MiniClusterWithClientResource;
import org.apache.flink.types.Row;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random small logs over random split and buffer sizes: the groups the readers fold are those
 * Flink's own aggregate gives, and what the lines written hold.
 */
class AggregatePushDownPropertiesITCase {
    private static MiniClusterWithClientResource cluster;
    private static Path dir;

    @BeforeContainer
    static void startCluster() throws Exception {
        cluster =
                new MiniClusterWithClientResource(
                        new MiniClusterResourceConfiguration.Builder()
                                .setNumberTaskManagers(1)
                                .setNumberSlotsPerTaskManager(2)
                                .build());
        cluster.before();
        dir = Files.createTempDirectory("aggregate-pushdown");
    }

    @AfterContainer
    static void stopCluster() {
        cluster.after();
    }

    @Property(tries = 12)
    void foldedGroupsAreFlinksAndTheLinesWritten(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 600) int lines,
            @ForAll @IntRange(min = 0, max = 9) int malformedEvery,
            @ForAll @IntRange(min = 0, max = 13) int oversizedEvery,
            @ForAll @IntRange(min = 1, max = 4) int splitBlocks,
            @ForAll @IntRange(min = 1, max = 3) int distinctPaths)
            throws Exception {
        Path file = Files.createTempFile(dir, "access", ".log");
        AccessLog log =
                new AccessLog()
                        .write(file, seed, lines, malformedEvery, oversizedEvery, distinctPaths);
        String options =
                ", 'split-size' = '"
                        + 4 * splitBlocks
                        + "k', 'read-buffer-size' = '4k', 'max-line-length' = '"
                        + AccessLog.MAX_LINE_LENGTH
                        + "'";
        String query =
                "SELECT status, path, COUNT(*), SUM(`bytes`), MAX(ts), COUNT(malformed)"
                        + " FROM logs GROUP BY status, path";

        List<Row> rows = AggregatePushDownITCase.pushedRows(file.toString(), options, query, false);

        Map<List<Object>, long[]> expected = new HashMap<>();
        for (Entry entry : log.entries) {
            long[] counts =
                    expected.computeIfAbsent(
                            java.util.Arrays.asList(entry.status(), entry.path()),
                            key -> new long[3]);
            counts[0]++;
            counts[1] += Objects.requireNonNullElse(entry.bytes(), 0L);
            counts[2] += entry.status() == null ? 1 : 0;
        }
        Map<List<Object>, long[]> counted = new HashMap<>();
        for (Row row : rows) {
            long sum = row.getField(3) == null ? 0 : (Long) row.getField(3);
            counted.put(
                    java.util.Arrays.asList(row.getField(0), row.getField(1)),
                    new long[] {(Long) row.getField(2), sum, (Long) row.getField(5)});
        }
        assertThat(counted.keySet()).isEqualTo(expected.keySet());
        counted.forEach(
                (key, counts) -> assertThat(counts).as("%s", key).isEqualTo(expected.get(key)));
    }
}
