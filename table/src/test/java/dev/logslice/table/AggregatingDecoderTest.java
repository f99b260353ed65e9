package dev.logslice.table;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.LogEventDecoder;
import dev.logslice.table.PushedAggregate.Call;
import dev.logslice.table.PushedAggregate.Kind;

import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.util.InstantiationUtil;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decoder that folds a split's rows into groups, fed lines directly with a tiny bound on the
 * groups it holds: what it emits, merged by key as Flink's global phase does, is what the lines
 * hold, however often it hands groups on and wherever splits end.
 */
class AggregatingDecoderTest {
    private static final String[] PATHS = {"/", "/a%20b", "/日本", "/${jndi:x}", "/x\"y"};

    /** A line: an event of a status and a path, or (status 0) a malformed line. */
    record Written(int status, int path) {
        byte[] bytes() {
            String text =
                    status == 0
                            ? "not a request " + path
                            : "10.0.0.1 - - [01/Dec/2026:10:00:00 +0000] \"GET "
                                    + PATHS[path].replace("\"", "%22")
                                    + " HTTP/1.1\" "
                                    + status
                                    + " "
                                    + path
                                    + " \"-\" \"curl\"";
            return text.getBytes(StandardCharsets.UTF_8);
        }

        List<Object> key() {
            return Arrays.asList(
                    status == 0 ? null : status,
                    status == 0 ? null : PATHS[path].replace("\"", "%22"));
        }
    }

    @Provide
    Arbitrary<Written> lines() {
        return Arbitraries.integers()
                .between(0, 3)
                .flatMap(
                        status ->
                                Arbitraries.integers()
                                        .between(0, PATHS.length - 1)
                                        .map(
                                                path ->
                                                        new Written(
                                                                status == 0 ? 0 : 200 + status,
                                                                path)));
    }

    @Property
    void mergedPartialsAreTheCountsAndSumsOfTheLines(
            @ForAll @Size(max = 200) List<@From("lines") Written> lines,
            @ForAll @IntRange(min = 1, max = 6) int maxGroups,
            @ForAll @IntRange(min = 1, max = 50) int linesPerSplit)
            throws Exception {
        AggregatingDecoder decoder = decoder(maxGroups);
        List<RowData> emitted = new ArrayList<>();
        Line line = new Line();
        java.nio.file.Path log = Files.createTempFile("access", ".log");
        Path file = new Path(log.toUri());
        long offset = 0;
        for (int i = 0; i < lines.size(); i++) {
            byte[] bytes = lines.get(i).bytes();
            line.set(file, bytes, 0, bytes.length, offset, LineTerminator.LF);
            offset += bytes.length + 1;
            RowData partial = decoder.decode(line);
            if (partial != null) {
                emitted.add(partial);
            }
            if (i % linesPerSplit == linesPerSplit - 1 || i == lines.size() - 1) {
                decoder.finishSplit(report("split-" + i / linesPerSplit), emitted::add);
            }
        }
        Files.delete(log);

        Map<List<Object>, long[]> expected = new HashMap<>();
        for (Written written : lines) {
            long[] totals = expected.computeIfAbsent(written.key(), k -> new long[2]);
            totals[0]++;
            totals[1] += written.status() == 0 ? 0 : written.path();
        }
        Map<List<Object>, long[]> merged = new HashMap<>();
        for (RowData row : emitted) {
            List<Object> key =
                    Arrays.asList(
                            row.isNullAt(0) ? null : row.getInt(0),
                            row.isNullAt(1) ? null : row.getString(1).toString());
            long[] totals = merged.computeIfAbsent(key, k -> new long[2]);
            totals[0] += row.getLong(2);
            totals[1] += row.isNullAt(3) ? 0 : row.getLong(3);
        }
        assertThat(merged.keySet()).isEqualTo(expected.keySet());
        merged.forEach(
                (key, totals) -> assertThat(totals).as("%s", key).isEqualTo(expected.get(key)));
    }

    /** GROUP BY status, path with COUNT(*) and SUM(bytes), folding at most {@code maxGroups}. */
    private static AggregatingDecoder decoder(int maxGroups) throws Exception {
        RowDecoder rows =
                new RowDecoder(
                        new LogEventDecoder(
                                FormatRegistry.standard().create("combined", FormatOptions.none()),
                                ZoneId.of("UTC")),
                        new EventColumn[] {EventColumn.STATUS, EventColumn.PATH, EventColumn.BYTES},
                        new LogicalTypeRoot[] {
                            LogicalTypeRoot.INTEGER, LogicalTypeRoot.VARCHAR, LogicalTypeRoot.BIGINT
                        },
                        new MetadataColumn[0],
                        new PushedFilter[0],
                        MalformedRows.INCLUDE,
                        1 << 20,
                        null);
        PushedAggregate aggregate =
                new PushedAggregate(
                        new int[] {0, 1, 2},
                        new int[] {0, 1},
                        new Call[] {
                            new Call(Kind.COUNT_ALL, -1, LogicalTypeRoot.BIGINT),
                            new Call(Kind.SUM, 2, LogicalTypeRoot.BIGINT)
                        });
        // As the source ships it: serialized to each reader.
        return InstantiationUtil.clone(new AggregatingDecoder(rows, aggregate, null, maxGroups));
    }

    private static SplitReport report(String splitId) {
        return new SplitReport(
                splitId,
                "file:/logs/access.log",
                0,
                0,
                0,
                0,
                0,
                List.of(),
                0,
                0,
                0,
                0,
                "none",
                0,
                0,
                null);
    }
}
