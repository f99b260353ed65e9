package dev.logslice.stats;

import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * The panels made from other panels' counts (referring sites from the referrers' exact counts as
 * they drain, static requests from the paths at report time, browsers, systems and devices from the
 * user agents): their counts and rows against counts made here from the lines, after the lines went
 * through readers and their partials through bytes.
 */
class DerivedPanelsTest {
    private static final LogFormat COMBINED =
            FormatRegistry.standard().create("combined", FormatOptions.none());

    /** Agents and what ua-parser makes of them: browser, system, device class. */
    private static final Map<String, List<String>> AGENTS =
            Map.of(
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like"
                            + " Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                    List.of("Edge", "Windows", "desktop"),
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML,"
                            + " like Gecko) Version/17.1 Safari/605.1.15",
                    List.of("Safari", "Mac OS X", "desktop"),
                    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like"
                            + " Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                    List.of("Chrome Mobile", "Android", "phone"),
                    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101"
                            + " Firefox/128.0",
                    List.of("Firefox", "Ubuntu", "desktop"));

    private static final String BOT =
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

    private static final String[] REFERRERS = {
        "-",
        "https://News.Example.org/a?b=1",
        "https://news.example.org/other",
        "http://u:p@[2001:db8::1]:8080/x",
        "https://search.test/?q=%22x%22",
    };

    private static final String[] PATHS = {
        "/", "/shop/", "/a.CSS", "/b.js?v=2", "/img/x.png", "/docs/y.pdf", "/font.woff2.html"
    };

    @Test
    void derivedPanelsAndTheirRowsMatchCountsOfTheLines() {
        Random random = new Random(18);
        List<String> agents = new ArrayList<>(AGENTS.keySet());
        agents.add(BOT);
        List<LogStats> parts = List.of(new LogStats(), new LogStats(), new LogStats());
        List<StatsFolder> folders = List.of(folder(), folder(), folder());
        Map<String, Long> sites = new HashMap<>();
        Map<String, Long> siteBytes = new HashMap<>();
        Map<String, Set<String>> siteVisitors = new HashMap<>();
        Map<String, Long> statics = new HashMap<>();
        Map<String, Long> staticBytes = new HashMap<>();
        Map<String, Long> browsers = new HashMap<>();
        Map<String, Long> systems = new HashMap<>();
        Map<String, Long> devices = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            String client = "10.0." + random.nextInt(4) + "." + random.nextInt(30);
            String agent = agents.get(random.nextInt(agents.size()));
            String referrer = REFERRERS[random.nextInt(REFERRERS.length)];
            String path = PATHS[random.nextInt(PATHS.length)];
            int day = 1 + random.nextInt(3);
            long bytes = random.nextInt(50_000);
            String line =
                    String.format(
                            "%s - - [%02d/Mar/2026:%02d:00:00 +0000] \"GET %s HTTP/1.1\" 200 %d"
                                    + " \"%s\" \"%s\"",
                            client, day, random.nextInt(24), path, bytes, referrer, agent);
            int reader = random.nextInt(parts.size());
            folders.get(reader).fold(Parsing.event(COMBINED, line), parts.get(reader));

            String site = site(referrer);
            if (site != null) {
                sites.merge(site, 1L, Long::sum);
                siteBytes.merge(site, bytes, Long::sum);
                siteVisitors
                        .computeIfAbsent(site, s -> new HashSet<>())
                        .add(client + "\n" + agent + "\n" + day);
            }
            String grouped = path.replaceAll("\\?.*", "");
            if (grouped.matches("(?i).*\\.(css|js|png)")) {
                statics.merge(grouped, 1L, Long::sum);
                staticBytes.merge(grouped, bytes, Long::sum);
            }
            List<String> classes = AGENTS.get(agent);
            if (classes != null) {
                browsers.merge(classes.get(0), 1L, Long::sum);
                systems.merge(classes.get(1), 1L, Long::sum);
                devices.merge(classes.get(2), 1L, Long::sum);
            } else {
                devices.merge("bot", 1L, Long::sum);
            }
        }
        LogStats merged = new LogStats();
        for (LogStats part : parts) {
            merged.merge(LogStats.fromBytes(part.toBytes()));
        }
        merged.setStaticFiles(StaticFiles.of(List.of("css", "js", "png")));

        assertThat(counts(merged.top(Panel.REFERRING_SITES, 100))).isEqualTo(sites);
        for (String site : sites.keySet()) {
            RowTotals totals = merged.rowTotals(Panel.REFERRING_SITES, site);
            assertThat(totals.bytes()).as(site).isEqualTo(siteBytes.get(site));
            // Hundreds of visitors a site: the union of its referrers' sketches, about 5%.
            assertThat(totals.visitors())
                    .as(site)
                    .isCloseTo(siteVisitors.get(site).size(), withinPercentage(15));
        }
        assertThat(counts(merged.top(Panel.STATIC_REQUESTS, 100))).isEqualTo(statics);
        for (String path : statics.keySet()) {
            RowTotals totals = merged.rowTotals(Panel.STATIC_REQUESTS, path);
            assertThat(totals.bytes()).as(path).isEqualTo(staticBytes.get(path));
            assertThat(totals).isEqualTo(merged.rowTotals(Panel.PATHS, path));
        }
        assertThat(merged.topMaxError(Panel.REFERRING_SITES)).isZero();
        assertThat(counts(merged.browsers())).isEqualTo(browsers);
        assertThat(counts(merged.operatingSystems())).isEqualTo(systems);
        assertThat(counts(merged.deviceClasses())).isEqualTo(devices);
        assertThat(counts(merged.crawlers())).containsOnlyKeys("bingbot");
        assertThat(merged.filesOf(Panel.REFERRING_SITES))
                .isEqualTo(merged.filesOf(Panel.REFERRERS));
    }

    @Test
    void referringSitesStayExactPastTheReferrersExactRange() {
        List<LogStats> parts = List.of(new LogStats(), new LogStats());
        // More distinct referrers than the sketch counts exactly, each seen once or twice.
        Map<String, Long> sites = new HashMap<>();
        for (int i = 0; i < 90_000; i++) {
            String site = "site" + (i % 3) + ".test";
            long times = 1 + i % 2;
            for (int n = 0; n < times; n++) {
                parts.get(n).add(Panel.REFERRERS, "https://" + site + "/" + i);
            }
            sites.merge(site, times, Long::sum);
        }
        LogStats merged = new LogStats();
        for (LogStats part : parts) {
            merged.merge(LogStats.fromBytes(part.toBytes()));
        }

        assertThat(merged.topMaxError(Panel.REFERRERS)).isPositive();
        assertThat(counts(merged.top(Panel.REFERRING_SITES, 10))).isEqualTo(sites);
        assertThat(merged.topMaxError(Panel.REFERRING_SITES)).isZero();
    }

    @Test
    void agentClassesCountEveryEventPastTheAgentsExactRange() {
        List<LogStats> parts = List.of(new LogStats(), new LogStats());
        // Forged agents first, each once: more than the agents' sketch counts exactly and than the
        // agents parsed; then a few real ones that make half the events, parsed all the same.
        List<String> real = new ArrayList<>(AGENTS.keySet());
        Random random = new Random(17);
        long events = 0;
        long firefox = 0;
        for (int i = 0; i < 40_000; i++) {
            parts.get(random.nextInt(parts.size()))
                    .add(Panel.USER_AGENTS, "Mozilla/5.0 forged-" + i);
            events++;
        }
        for (int i = 0; i < 40_000; i++) {
            String agent = real.get(i % real.size());
            parts.get(random.nextInt(parts.size())).add(Panel.USER_AGENTS, agent);
            events++;
            firefox += AGENTS.get(agent).get(0).equals("Firefox") ? 1 : 0;
        }
        LogStats merged = new LogStats();
        try {
            // The report parses the agents: forgotten after, for the tests that come next.
            for (LogStats part : parts) {
                merged.merge(LogStats.fromBytes(part.toBytes()));
            }
            merged.browsers();
        } finally {
            UserAgents.forgetAll();
        }

        assertThat(merged.topMaxError(Panel.USER_AGENTS)).isPositive();
        assertThat(sum(merged.deviceClasses())).isEqualTo(events);
        assertThat(sum(merged.browsers()) + sum(merged.crawlers())).isEqualTo(events);
        assertThat(counts(merged.browsers()).get("Firefox")).isEqualTo(firefox);
    }

    private static long sum(List<ValueCount> rows) {
        return rows.stream().mapToLong(ValueCount::count).sum();
    }

    private static StatsFolder folder() {
        return new StatsFolder(List.of());
    }

    /** The referrer's host, lower-cased, as the test expects it (null for none). */
    private static String site(String referrer) {
        return switch (referrer) {
            case "-" -> null;
            case "https://News.Example.org/a?b=1", "https://news.example.org/other" ->
                    "news.example.org";
            case "http://u:p@[2001:db8::1]:8080/x" -> "[2001:db8::1]";
            default -> "search.test";
        };
    }

    private static Map<String, Long> counts(List<ValueCount> rows) {
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.put(row.value(), row.count()));
        return counts;
    }
}
