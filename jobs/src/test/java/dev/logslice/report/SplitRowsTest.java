package dev.logslice.report;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.LogStats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports of tiny split sizes: at most {@value SplitRows#LISTED} rows, the largest, and the others
 * summed, so that every figure still adds up to the job's.
 */
class SplitRowsTest {
    private static final int SPLITS = 20_000;

    @TempDir Path dir;

    @Property(tries = 60)
    void listsTheLargestInOrderAndSumsTheOthersExactly(
            @ForAll @Size(max = 400) List<@LongRange(max = 1_000_000) Long> bytes,
            @ForAll @IntRange(max = 5) int zeroLineEvery) {
        List<SplitReport> splits = new ArrayList<>();
        for (int i = 0; i < bytes.size(); i++) {
            long lines = zeroLineEvery > 0 && i % zeroLineEvery == 0 ? 0 : bytes.get(i) / 100 + 1;
            splits.add(split(i, bytes.get(i), lines, i % 7));
        }

        SplitRows rows = SplitRows.of(splits, split -> split.lines() > 0);

        List<SplitReport> listable = splits.stream().filter(split -> split.lines() > 0).toList();
        assertThat(rows.total()).isEqualTo(splits.size());
        assertThat(rows.listed()).hasSize(Math.min(SplitRows.LISTED, listable.size()));
        assertThat(rows.listed()).isSubsetOf(listable).isSortedAccordingTo(SplitRowsTest::byId);
        Set<SplitReport> listed = new HashSet<>(rows.listed());
        long smallestListed =
                rows.listed().stream().mapToLong(SplitReport::bytesRead).min().orElse(0);
        assertThat(listable)
                .filteredOn(split -> !listed.contains(split))
                .allMatch(split -> split.bytesRead() <= smallestListed);
        SplitRows.Sums others = rows.others();
        assertThat(others.splits() + rows.listed().size()).isEqualTo(splits.size());
        assertThat(others.bytes() + sum(rows.listed(), SplitReport::bytesRead))
                .isEqualTo(sum(splits, SplitReport::bytesRead));
        assertThat(others.lines() + sum(rows.listed(), SplitReport::lines))
                .isEqualTo(sum(splits, SplitReport::lines));
        assertThat(others.readCalls() + sum(rows.listed(), SplitReport::readCalls))
                .isEqualTo(sum(splits, SplitReport::readCalls));
        assertThat(others.oversizedLines() + sum(rows.listed(), SplitReport::oversizedLines))
                .isEqualTo(sum(splits, SplitReport::oversizedLines));
    }

    @Test
    void statsJsonOfTwentyThousandSplitsShowsAHundredAndSaysSo() throws IOException {
        LogStats stats = new LogStats();
        // Split 17,000 read the most; every other split read 4 KiB and a line.
        IntStream.range(0, SPLITS)
                .forEach(i -> stats.addSplit(split(i, i == 17_000 ? 1 << 20 : 4096, 1, 0)));
        Path file = dir.resolve("stats.json");

        StatsJson.write(new StatsReport(stats, "combined", 10, 60, 2, 1), file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("splitsTotal").asInt()).isEqualTo(SPLITS);
        assertThat(json.get("splitsShown").asInt()).isEqualTo(SplitRows.LISTED);
        assertThat(json.get("splits")).hasSize(SplitRows.LISTED);
        assertThat(json.get("splits").findValuesAsText("id")).contains(id(17_000));
        JsonNode others = json.get("otherSplits");
        assertThat(others.get("splits").asInt()).isEqualTo(SPLITS - SplitRows.LISTED);
        assertThat(others.get("lines").asLong()).isEqualTo(SPLITS - SplitRows.LISTED);
        assertThat(others.get("bytes").asLong()).isEqualTo(4096L * (SPLITS - SplitRows.LISTED));
    }

    @Test
    void htmlListsNoSplitInWhichNoLineStartsAndCountsThemInTheLastRow() {
        LogStats stats = new LogStats();
        stats.addSplit(split(0, 9000, 3, 1));
        stats.addSplit(split(1, 8192, 0, 1)); // read past its range for the end of a long line
        stats.addSplit(split(2, 700, 1, 1));

        String html = StatsHtml.render(new StatsReport(stats, "combined", 10, 60, 2, 1));

        assertThat(html).contains("<summary>Reading: 3 splits</summary>");
        assertThat(html).contains("[0, 4,096)", "[8,192, 12,288)").doesNotContain("[4,096, 8,192)");
        assertThat(html).contains("1 more split (1 in which no line starts)");
    }

    private static SplitReport split(int index, long bytesRead, long lines, long oversized) {
        return new SplitReport(
                id(index),
                "/logs/app.log",
                index * 4096L,
                (index + 1) * 4096L,
                bytesRead,
                lines,
                oversized,
                List.of(),
                bytesRead / 4096 + 1,
                bytesRead * 3,
                1,
                2,
                "none",
                0,
                0,
                null);
    }

    private static String id(int index) {
        return String.format("%010d", index);
    }

    private static int byId(SplitReport a, SplitReport b) {
        return a.splitId().compareTo(b.splitId());
    }

    private static long sum(
            List<SplitReport> splits, java.util.function.ToLongFunction<SplitReport> figure) {
        return splits.stream().mapToLong(figure).sum();
    }
}
