package dev.logslice.stats;

import dev.logslice.connector.source.SplitReport;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Partials folded by different readers merge into what one reader would have counted. */
class LogStatsTest {
    private static final byte[] GET = "GET".getBytes(StandardCharsets.UTF_8);
    private static final String[] PATHS = {"/", "/a", "/b?x=1", "/api/v1/users", "/static/app.js"};

    @Property(tries = 50)
    void mergedPartialsEqualOneFoldAfterARoundTripThroughBytes(
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 2000) int events) {
        LogStats whole = new LogStats();
        LogStats left = new LogStats();
        LogStats right = new LogStats();
        Random random = new Random(seed);
        Set<String> distinctClients = new HashSet<>();
        for (int i = 0; i < events; i++) {
            LogStats part = random.nextBoolean() ? left : right;
            long time = 1_700_000_000L + random.nextInt(7200);
            int status = new int[] {200, 200, 304, 404, 500}[random.nextInt(5)];
            String path = PATHS[random.nextInt(PATHS.length)];
            String client = "10.0.0." + random.nextInt(50);
            distinctClients.add(client);
            double requestTime = random.nextInt(1000) / 1000.0;
            for (LogStats stats : List.of(whole, part)) {
                stats.addLine(100);
                stats.addEvent(time, status >= 500);
                stats.addStatus(status);
                stats.addMethod(GET, 0, GET.length);
                stats.add(Panel.PATHS, path);
                stats.add(Panel.CLIENTS, client);
                stats.addRequestTime(requestTime);
                if (status == 404) {
                    stats.add(Panel.NOT_FOUND_PATHS, path);
                }
                if (i % 7 == 0) {
                    stats.addMalformed(new MalformedSample("f" + i % 3 + ".log", i, "x", "bad"));
                }
            }
        }
        left.addSplit(split("0000000001", 3));
        whole.addSplit(split("0000000001", 3));

        LogStats merged = LogStats.fromBytes(left.toBytes());
        merged.merge(LogStats.fromBytes(right.toBytes()));

        assertThat(merged.lines()).isEqualTo(whole.lines()).isEqualTo(events);
        assertThat(merged.events()).isEqualTo(whole.events());
        assertThat(merged.oversized()).isEqualTo(3);
        assertThat(merged.status()).isEqualTo(whole.status());
        assertThat(merged.malformed()).isEqualTo(whole.malformed());
        assertThat(merged.malformedByFile()).isEqualTo(whole.malformedByFile());
        assertThat(merged.statusClasses()).isEqualTo(whole.statusClasses());
        assertThat(merged.methods()).isEqualTo(whole.methods());
        assertThat(merged.top(Panel.PATHS, 10)).isEqualTo(whole.top(Panel.PATHS, 10));
        assertThat(merged.top(Panel.NOT_FOUND_PATHS, 10))
                .isEqualTo(whole.top(Panel.NOT_FOUND_PATHS, 10));
        assertThat(merged.uniqueClients())
                .isEqualTo(whole.uniqueClients())
                .isEqualTo(distinctClients.size());
        assertThat(merged.uniqueClientsExact()).isTrue();
        assertThat(merged.timeline().buckets(60)).isEqualTo(whole.timeline().buckets(60));
        if (events > 0) {
            assertThat(merged.timeRange()).isEqualTo(whole.timeRange());
            assertThat(merged.requestTimeQuantile(0.5))
                    .isCloseTo(
                            whole.requestTimeQuantile(0.5),
                            org.assertj.core.data.Offset.offset(0.05));
        }
        assertThat(merged.splits()).containsExactly(split("0000000001", 3));
    }

    @Property(tries = 5)
    void topClientsAreExactBeyondThePerLineCountersCapacity(@ForAll long seed) {
        // More distinct clients than the per-line counters hold, so they drain while folding.
        int distinct = 20_000;
        Random random = new Random(seed);
        LogStats stats = new LogStats();
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 100_000; i++) {
            // Skewed, so that a top 10 exists: low numbers come far more often.
            int n = (int) (distinct * Math.pow(random.nextDouble(), 3));
            String client = "10." + (n >> 8) + "." + (n & 255) + ".1";
            expected.merge(client, 1L, Long::sum);
            stats.add(Panel.CLIENTS, client);
        }
        List<ValueCount> top = stats.top(Panel.CLIENTS, 10);

        List<ValueCount> exact =
                expected.entrySet().stream()
                        .map(e -> new ValueCount(e.getKey(), e.getValue()))
                        .sorted(
                                Comparator.comparingLong(ValueCount::count)
                                        .reversed()
                                        .thenComparing(ValueCount::value))
                        .limit(10)
                        .collect(Collectors.toList());
        assertThat(top).isEqualTo(exact);
        assertThat(stats.uniqueClients()).isEqualTo(expected.size());
        assertThat(stats.uniqueClientsExact()).isTrue();
    }

    @Property(tries = 3)
    void pastTheExactRangeTopPathsHoldOnlyValuesThatStandOut(@ForAll long seed) {
        Random random = new Random(seed);
        LogStats stats = new LogStats();
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 300_000; i++) {
            // A flat crowd of 100,000 paths seen about twice each, and three hot ones.
            int hot = random.nextInt(100);
            String path = hot < 3 ? "/hot/" + hot : "/p/" + random.nextInt(100_000);
            expected.merge(path, 1L, Long::sum);
            byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
            stats.add(Panel.PATHS, bytes, 0, bytes.length);
        }
        long maxError = stats.topMaxError(Panel.PATHS);
        List<ValueCount> top = stats.top(Panel.PATHS, 10);

        assertThat(maxError).isPositive();
        assertThat(top)
                .extracting(ValueCount::value)
                .containsExactlyInAnyOrder("/hot/0", "/hot/1", "/hot/2");
        for (ValueCount row : top) {
            assertThat(row.count())
                    .isBetween(expected.get(row.value()), expected.get(row.value()) + maxError);
        }
    }

    @Property(tries = 3)
    void uniqueClientsAreEstimatedPastTheExactLimitWhereverPartialsSplit(
            @ForAll @IntRange(min = 1, max = 99_999) int cut) {
        int distinct = 100_000;
        LogStats left = new LogStats();
        LogStats right = new LogStats();
        for (int i = 0; i < distinct; i++) {
            // Under the exact limit on each side of most cuts, over it together.
            byte[] client =
                    ("172.16." + (i >> 8) + "." + (i & 255)).getBytes(StandardCharsets.UTF_8);
            (i < cut ? left : right).add(Panel.CLIENTS, client, 0, client.length);
        }
        LogStats merged = LogStats.fromBytes(left.toBytes());
        merged.merge(LogStats.fromBytes(right.toBytes()));

        assertThat(merged.uniqueClientsExact()).isFalse();
        assertThat((double) merged.uniqueClients())
                .isCloseTo(distinct, org.assertj.core.data.Percentage.withPercentage(3));
    }

    @Property(tries = 8)
    void estimatedUniqueClientsAreNeverMoreThanTheEventsWithAClient(@ForAll long salt) {
        // Each client once: an estimate is as often over as under, and over is known wrong.
        int distinct = 80_000;
        LogStats stats = new LogStats();
        for (int i = 0; i < distinct; i++) {
            byte[] client = (salt + "-" + i).getBytes(StandardCharsets.UTF_8);
            stats.add(Panel.CLIENTS, client, 0, client.length);
        }

        assertThat(stats.uniqueClientsExact()).isFalse();
        assertThat(stats.uniqueClients())
                .isLessThanOrEqualTo(distinct)
                .isCloseTo(distinct, org.assertj.core.data.Percentage.withPercentage(3));
    }

    @Property(tries = 5)
    void partialsMergeIntoOneFoldWhereverTheirCountsArePendingOrDrained(@ForAll long seed) {
        // More distinct paths than the pending counts hold, fewer than the sketches hold exactly:
        // counts drain while folding and while merging, and the top lists stay exact.
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        List<LogStats> parts = List.of(new LogStats(), new LogStats(), new LogStats());
        Set<String> distinctClients = new HashSet<>();
        for (int i = 0; i < 60_000; i++) {
            LogStats part = parts.get(random.nextInt(parts.size()));
            int n = (int) (20_000 * Math.pow(random.nextDouble(), 2));
            String path = "/p/" + n;
            String client = "10.0." + (n % 3_000) + (n % 7 == 0 ? "-ü" : "");
            String referrer = "https://example.com/" + random.nextInt(500);
            distinctClients.add(client);
            for (LogStats stats : List.of(whole, part)) {
                stats.add(Panel.PATHS, path);
                stats.add(Panel.CLIENTS, client);
                stats.add(Panel.REFERRERS, referrer);
            }
        }
        // As the job goes: a reader merges two partials, the client that and the third.
        LogStats reader = LogStats.fromBytes(parts.get(0).toBytes());
        reader.merge(LogStats.fromBytes(parts.get(1).toBytes()));
        LogStats merged = new LogStats();
        merged.merge(LogStats.fromBytes(reader.toBytes()));
        merged.merge(LogStats.fromBytes(parts.get(2).toBytes()));

        for (Panel panel : Panel.PLAIN) {
            assertThat(merged.top(panel, 100)).isEqualTo(whole.top(panel, 100));
            assertThat(merged.topMaxError(panel)).isEqualTo(whole.topMaxError(panel)).isZero();
        }
        assertThat(merged.uniqueClients())
                .isEqualTo(whole.uniqueClients())
                .isEqualTo(distinctClients.size());
        assertThat(merged.uniqueClientsExact()).isTrue();
    }

    private static SplitReport split(String id, long oversized) {
        return new SplitReport(
                id,
                "file:/a.log.gz",
                0,
                4096,
                4200,
                40,
                oversized,
                List.of(17L),
                2,
                1000,
                1,
                2,
                "gzip",
                4096,
                10,
                null);
    }
}
