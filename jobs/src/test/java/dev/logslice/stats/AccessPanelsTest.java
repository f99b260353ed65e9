package dev.logslice.stats;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The access-log panels of issue 18 (visitors per day, hour of day, per-row share, visitors, bytes
 * and time served, referring sites, static requests, agents' classes) against counts made here from
 * the generated lines, whatever readers the lines go to and whatever order their partials merge in
 * after a trip through bytes.
 */
class AccessPanelsTest {
    private static final LogFormat NGINX =
            FormatRegistry.standard()
                    .create(
                            "nginx",
                            FormatOptions.pattern(
                                    "$remote_addr - $remote_user [$time_local] \"$request\""
                                            + " $status $body_bytes_sent \"$http_referer\""
                                            + " \"$http_user_agent\" $request_time"));
    private static final DateTimeFormatter TIME_LOCAL =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH)
                    .withZone(ZoneOffset.UTC);
    private static final long DAY0 = LocalDate.of(2026, 3, 1).toEpochDay() * 86_400;
    private static final String[] CLIENTS = {"10.0.0.1", "2001:db8::7", "192.168.1.200"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "curl/8.5.0 \\\"quoted\\\" <script>alert(1)</script>"
    };
    private static final String[] PATHS = {
        "/", "/index.html", "/static/app.JS", "/img/logo.png?v=3", "/a%20b/c.woff2", "/api/x.json/"
    };
    private static final String[] REFERRERS = {
        "-",
        "https://www.Example.com:8443/x?q=1",
        "http://user:pw@evil.test/",
        "android-app://com.google.android.gm/",
        "not a url"
    };

    /** Times a row's sketch holds before it first compacts (ReqSketch, k = 12). */
    private static final int EXACT_P99_TIMES = 60;

    /** What the test counts itself, per path: events, bytes, µs served, visitors and times. */
    private record PathTotals(long[] sums, Set<String> visitors, List<Long> micros) {}

    @Property(tries = 40)
    void panelsMatchTheCountsOfTheLinesInAnySplitAndMergeOrder(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 600) int events,
            @ForAll @IntRange(min = 1, max = 5) int readers) {
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        StatsFolder wholeFolder = new StatsFolder(List.of());
        List<LogStats> parts = new ArrayList<>();
        List<StatsFolder> folders = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            parts.add(new LogStats());
            folders.add(new StatsFolder(List.of()));
        }
        Map<LocalDate, Set<String>> visitorsByDay = new TreeMap<>();
        Map<LocalDate, long[]> hitsAndBytesByDay = new TreeMap<>();
        long[][] hours = new long[24][2];
        Map<String, PathTotals> paths = new HashMap<>();
        Map<String, Long> sites = new HashMap<>();
        Map<String, Long> statics = new HashMap<>();
        for (int i = 0; i < events; i++) {
            long time = DAY0 + random.nextInt(2) * 86_400L + random.nextInt(86_400);
            String client = CLIENTS[random.nextInt(CLIENTS.length)];
            String agent = AGENTS[random.nextInt(AGENTS.length)];
            String path = PATHS[random.nextInt(PATHS.length)];
            String referrer = REFERRERS[random.nextInt(REFERRERS.length)];
            // 000 (nginx: no response) and 600-999 are statuses, but only 5xx are errors.
            int status = new int[] {200, 200, 304, 404, 503, 0, 499, 600, 999}[random.nextInt(9)];
            long bytes = random.nextInt(3) == 0 ? 0 : random.nextInt(1_000_000);
            int millis = random.nextInt(5000);
            LogEvent event =
                    Parsing.event(
                            NGINX,
                            String.format(
                                    "%s - - [%s] \"GET %s HTTP/1.1\" %03d %d \"%s\" \"%s\" %d.%03d",
                                    client,
                                    TIME_LOCAL.format(Instant.ofEpochSecond(time)),
                                    path,
                                    status,
                                    bytes,
                                    referrer,
                                    agent,
                                    millis / 1000,
                                    millis % 1000));
            int reader = random.nextInt(readers);
            wholeFolder.fold(event, whole);
            folders.get(reader).fold(event, parts.get(reader));

            LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(time, 86_400));
            String visitor = client + "\n" + agent + "\n" + day;
            visitorsByDay.computeIfAbsent(day, d -> new HashSet<>()).add(visitor);
            long[] hitsAndBytes = hitsAndBytesByDay.computeIfAbsent(day, d -> new long[2]);
            hitsAndBytes[0]++;
            hitsAndBytes[1] += bytes;
            int hour = (int) (time % 86_400 / 3600);
            hours[hour][0]++;
            hours[hour][1] += status / 100 == 5 ? 1 : 0;
            String grouped = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
            PathTotals totals =
                    paths.computeIfAbsent(
                            grouped,
                            p -> new PathTotals(new long[4], new HashSet<>(), new ArrayList<>()));
            totals.sums()[0]++;
            totals.sums()[1] += bytes;
            totals.sums()[2] += millis * 1000L;
            totals.sums()[3] = Math.max(totals.sums()[3], millis * 1000L);
            totals.visitors().add(visitor);
            totals.micros().add(millis * 1000L);
            String site = site(referrer);
            if (site != null) {
                sites.merge(site, 1L, Long::sum);
            }
            if (grouped.matches("(?i).*\\.(js|png|woff2)")) {
                statics.merge(grouped, 1L, Long::sum);
            }
        }
        Collections.shuffle(parts, random);
        LogStats merged = new LogStats();
        for (LogStats part : parts) {
            merged.merge(LogStats.fromBytes(part.toBytes()));
        }
        merged = LogStats.fromBytes(merged.toBytes());

        for (LogStats stats : List.of(whole, merged)) {
            List<DailyVisitors.Row> expectedDays = new ArrayList<>();
            visitorsByDay.forEach(
                    (day, visitors) ->
                            expectedDays.add(
                                    new DailyVisitors.Row(
                                            day,
                                            visitors.size(),
                                            true,
                                            hitsAndBytesByDay.get(day)[0],
                                            hitsAndBytesByDay.get(day)[1])));
            assertThat(stats.visitorsPerDay()).isEqualTo(expectedDays);
            for (LogStats.HourOfDay hour : stats.hourOfDay()) {
                assertThat(new long[] {hour.events(), hour.errors()})
                        .as("hour %d", hour.hour())
                        .containsExactly(hours[hour.hour()]);
            }
            assertThat(stats.hourOfDay()).hasSize(24);
            for (ValueCount row : stats.top(Panel.PATHS, 100)) {
                PathTotals expected = paths.get(row.value());
                RowTotals totals = stats.rowTotals(Panel.PATHS, row.value());
                assertThat(row.count()).isEqualTo(expected.sums()[0]);
                assertThat(totals.bytes()).as(row.value()).isEqualTo(expected.sums()[1]);
                assertThat(totals.visitors()).isEqualTo(expected.visitors().size());
                assertThat(totals.visitorsExact()).isTrue();
                assertThat(totals.avgSeconds())
                        .isCloseTo(expected.sums()[2] / 1e6 / expected.sums()[0], within(1e-9));
                assertThat(totals.maxSeconds()).isEqualTo(expected.sums()[3] / 1e6);
                assertP99(totals, expected.micros());
            }
            assertThat(counts(stats.top(Panel.PATHS, 100)).keySet()).isEqualTo(paths.keySet());
            assertThat(counts(stats.top(Panel.REFERRING_SITES, 100))).isEqualTo(sites);
            assertThat(counts(stats.top(Panel.STATIC_REQUESTS, 100))).isEqualTo(statics);
            assertThat(stats.rowTotalsExact(Panel.PATHS)).isTrue();
        }
        assertThat(merged.browsers()).isEqualTo(whole.browsers());
        assertThat(merged.crawlers()).isEqualTo(whole.crawlers());
        assertThat(merged.deviceClasses()).isEqualTo(whole.deviceClasses());
        assertThat(merged.operatingSystems()).isEqualTo(whole.operatingSystems());
    }

    /**
     * A row's p99 time served: exact (the nearest rank) while its sketch holds every time, and past
     * that between the times at ranks 0.97 and 1 (the sketch's error is relative to the distance
     * from the top).
     */
    private static void assertP99(RowTotals totals, List<Long> micros) {
        List<Long> sorted = micros.stream().sorted().toList();
        int n = sorted.size();
        double p99 = sorted.get((int) Math.ceil(0.99 * n) - 1) / 1e6;
        if (n <= EXACT_P99_TIMES) {
            assertThat(totals.p99Seconds()).isCloseTo(p99, within(1e-6));
        } else {
            assertThat(totals.p99Seconds())
                    .isBetween(
                            sorted.get((int) Math.ceil(0.97 * n) - 1) / 1e6 - 1e-6,
                            sorted.get(n - 1) / 1e6);
        }
    }

    /** The referrer's host, lower-cased, as the test expects it (null for none). */
    private static String site(String referrer) {
        return switch (referrer) {
            case "-" -> null;
            case "https://www.Example.com:8443/x?q=1" -> "www.example.com";
            case "http://user:pw@evil.test/" -> "evil.test";
            case "android-app://com.google.android.gm/" -> "com.google.android.gm";
            default -> "not a url";
        };
    }

    @Property(tries = 3)
    void rowTotalsStayExactWhenPendingCountsDrainWhileFoldingAndMerging(@ForAll long seed) {
        // More distinct paths than the pending counts hold, and than the rows kept.
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        List<LogStats> parts = List.of(new LogStats(), new LogStats(), new LogStats());
        Map<String, Long> bytesByPath = new HashMap<>();
        Map<String, Set<Long>> visitorsByPath = new HashMap<>();
        Map<String, List<Long>> microsByPath = new HashMap<>();
        for (int i = 0; i < 60_000; i++) {
            String path = "/p" + (int) (25_000 * Math.pow(random.nextDouble(), 2));
            long bytes = random.nextInt(10_000);
            long visitor = 1 + random.nextInt(5);
            // Each path's times in a band of their own: a time given to another row shows.
            long micros = Long.parseLong(path.substring(2)) * 1000 + random.nextInt(1000);
            bytesByPath.merge(path, bytes, Long::sum);
            microsByPath.computeIfAbsent(path, p -> new ArrayList<>()).add(micros);
            visitorsByPath.computeIfAbsent(path, p -> new HashSet<>()).add(visitor);
            byte[] value = path.getBytes(StandardCharsets.UTF_8);
            LogStats part = parts.get(random.nextInt(parts.size()));
            for (LogStats stats : List.of(whole, part)) {
                stats.setRowContext(bytes, micros, visitor);
                stats.add(Panel.PATHS, value, 0, value.length);
            }
        }
        LogStats reader = LogStats.fromBytes(parts.get(0).toBytes());
        reader.merge(LogStats.fromBytes(parts.get(1).toBytes()));
        LogStats merged = new LogStats();
        merged.merge(LogStats.fromBytes(parts.get(2).toBytes()));
        merged.merge(LogStats.fromBytes(reader.toBytes()));

        // Rows are kept for the heavy hitters (TopItems.MAX_ROWS): the most frequent stay exact.
        for (ValueCount row : merged.top(Panel.PATHS, 20)) {
            RowTotals totals = merged.rowTotals(Panel.PATHS, row.value());
            assertThat(totals.bytes()).as(row.value()).isEqualTo(bytesByPath.get(row.value()));
            assertThat(totals.visitors()).isEqualTo(visitorsByPath.get(row.value()).size());
            assertP99(totals, microsByPath.get(row.value()));
        }
        assertThat(merged.top(Panel.PATHS, 30_000)).hasSize(bytesByPath.size());
        assertThat(merged.rowTotalsExact(Panel.PATHS)).isFalse();
    }

    @Test
    void agentsAreClassedByBrowserSystemAndDeviceWithBotsApart() {
        Map<String, Long> agents = new HashMap<>();
        agents.put(
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                        + " Chrome/131.0.0.0 Safari/537.36",
                5L);
        agents.put(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15"
                        + " (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                3L);
        agents.put(
                "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
                        + " Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
                2L);
        agents.put("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", 7L);
        agents.put("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 11L);
        agents.put("curl/8.5.0", 13L);
        LogStats stats = new LogStats();
        agents.forEach(
                (agent, count) -> {
                    for (int i = 0; i < count; i++) {
                        stats.add(Panel.USER_AGENTS, agent);
                    }
                });
        LogStats merged = LogStats.fromBytes(stats.toBytes());

        assertThat(counts(merged.browsers()))
                .isEqualTo(Map.of("Chrome", 5L, "Mobile Safari", 5L, "Firefox", 7L));
        assertThat(counts(merged.operatingSystems()))
                .isEqualTo(Map.of("Windows", 5L, "iOS", 5L, "Linux", 7L));
        assertThat(counts(merged.deviceClasses()))
                .isEqualTo(Map.of("desktop", 12L, "phone", 3L, "tablet", 2L, "bot", 24L));
        assertThat(counts(merged.crawlers())).isEqualTo(Map.of("Googlebot", 11L, "curl", 13L));
        assertThat(merged.browsers().get(0)).isEqualTo(new ValueCount("Firefox", 7));
    }

    @Test
    void referringSitesAreTheHostsOfHostileReferrers() {
        ReferringSite site = new ReferringSite();
        Map<String, String> cases = new TreeMap<>();
        cases.put("https://WWW.Example.COM/a/b?c", "www.example.com");
        cases.put("http://[2001:db8::1]:8080/x", "[2001:db8::1]");
        cases.put("https://a:b@host.test:1/", "host.test");
        cases.put("https://host.test#frag", "host.test");
        cases.put("host-only", "host-only");
        cases.put("://", "");
        cases.put("x".repeat(5000), "x".repeat(5000));
        for (Map.Entry<String, String> entry : cases.entrySet()) {
            byte[] referrer = entry.getKey().getBytes(StandardCharsets.UTF_8);
            int length = site.of(referrer, 0, referrer.length);
            assertThat(new String(site.bytes(), 0, length, StandardCharsets.UTF_8))
                    .as(entry.getKey())
                    .isEqualTo(entry.getValue());
        }
    }

    @Test
    void staticFilesAreTheirLastSegmentsExtensionWithoutCase() {
        StaticFiles files = StaticFiles.of(List.of("css", ".WOFF2", "js"));
        for (String path : List.of("/a.css", "/A/B.CSS", "/f.woff2", "/x.y.js")) {
            assertThat(matches(files, path)).as(path).isTrue();
        }
        for (String path : List.of("/", "/css", "/a.css/", "/a.cs", "/a.", "/.jsx", "/js.html")) {
            assertThat(matches(files, path)).as(path).isFalse();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StaticFiles.of(List.of("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 8 letters or digits");
    }

    private static boolean matches(StaticFiles files, String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        return files.matches(bytes, 0, bytes.length);
    }

    private static Map<String, Long> counts(List<ValueCount> rows) {
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.put(row.value(), row.count()));
        return counts;
    }
}
