package dev.logslice.stats;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The panels of issue 14 (templates, classes, --top-field values, the files each panel covers) from
 * parsed events of several formats: partials of random readers, sent as bytes and merged in any
 * order, give what one reader folding everything gives, and the counts are the ones written.
 */
class ReportPanelsMergeTest {
    private static final FormatRegistry FORMATS = FormatRegistry.standard();
    private static final LogFormat SYSLOG = FORMATS.create("syslog", FormatOptions.none());
    private static final LogFormat LOG4J =
            FORMATS.create("log4j", FormatOptions.pattern("%d{ISO8601} %-5p [%t] %C{1}: %m%n"));
    private static final LogFormat JSON = FORMATS.create("json", FormatOptions.none());
    private static final List<String> TOP_FIELDS =
            List.of("extra.query", "id.resp_h", "status", "level", "program", "nothing.here");
    private static final String[] PROGRAMS = {"sshd", "CRON", "postfix/smtpd", "kernel"};
    private static final String[] CLASSES = {"OrderService", "Db$Pool", "Http2Client"};

    @Property(tries = 30)
    void partialsMergedInAnyOrderGiveOneReadersReport(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 400) int events,
            @ForAll @IntRange(min = 1, max = 5) int readers) {
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        StatsFolder wholeFolder = new StatsFolder(TOP_FIELDS);
        List<LogStats> parts = new ArrayList<>();
        List<StatsFolder> folders = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            parts.add(new LogStats());
            folders.add(new StatsFolder(TOP_FIELDS));
        }
        Map<String, Long> templates = new HashMap<>();
        Map<String, Long> queries = new HashMap<>();
        Set<String> filesSeen = new TreeSet<>();
        for (int i = 0; i < events; i++) {
            int n = random.nextInt(100_000);
            LogEvent event;
            String file;
            switch (random.nextInt(3)) {
                case 0 -> {
                    int user = random.nextInt(2);
                    file = "syslog";
                    String program = PROGRAMS[random.nextInt(PROGRAMS.length)];
                    event =
                            Parsing.event(
                                    SYSLOG,
                                    "<13>Jan  2 03:04:05 host-"
                                            + random.nextInt(3)
                                            + " "
                                            + program
                                            + "["
                                            + n
                                            + "]: session "
                                            + n
                                            + " opened for user u"
                                            + user);
                    templates.merge("session <n> opened for user u" + user, 1L, Long::sum);
                }
                case 1 -> {
                    file = "app.log";
                    event =
                            Parsing.event(
                                    LOG4J,
                                    "2024-01-15 10:20:30,123 ERROR [pool-1-thread-"
                                            + n % 4
                                            + "] "
                                            + CLASSES[random.nextInt(CLASSES.length)]
                                            + ": timeout after "
                                            + n
                                            + " ms talking to 10.0.0."
                                            + random.nextInt(256));
                    templates.merge("timeout after <n> ms talking to <ip>", 1L, Long::sum);
                }
                default -> {
                    file = "events.json";
                    String query = "q" + random.nextInt(20);
                    event =
                            Parsing.event(
                                    JSON,
                                    "{\"time\":\"2024-01-15T10:20:30Z\",\"level\":\"warn\","
                                            + "\"message\":\"slow query "
                                            + query
                                            + " took "
                                            + n
                                            + " ms\",\"query\":\""
                                            + query
                                            + "\",\"id.resp_h\":\"10.1.0."
                                            + random.nextInt(9)
                                            + "\"}");
                    templates.merge("slow query " + query + " took <n> ms", 1L, Long::sum);
                    queries.merge(query, 1L, Long::sum);
                }
            }
            int reader = random.nextInt(readers);
            filesSeen.add(file);
            fold(event, file, wholeFolder, whole);
            fold(event, file, folders.get(reader), parts.get(reader));
        }
        Collections.shuffle(parts, random);
        LogStats merged = new LogStats();
        for (LogStats part : parts) {
            merged.merge(LogStats.fromBytes(part.toBytes()));
        }

        for (Panel panel : Panel.PLAIN) {
            assertThat(merged.top(panel, 50)).as(panel.key()).isEqualTo(whole.top(panel, 50));
            assertThat(merged.filesOf(panel)).as(panel.key()).isEqualTo(whole.filesOf(panel));
        }
        for (String field : TOP_FIELDS) {
            assertThat(merged.topField(field, 50)).as(field).isEqualTo(whole.topField(field, 50));
            assertThat(merged.hasTopField(field)).isEqualTo(whole.hasTopField(field));
        }
        assertThat(counts(merged.top(Panel.TEMPLATES, 1000))).isEqualTo(templates);
        assertThat(counts(merged.topField("extra.query", 1000))).isEqualTo(queries);
        assertThat(merged.hasTopField("id.resp_h")).isEqualTo(!queries.isEmpty());
        assertThat(merged.hasTopField("nothing.here")).isFalse();
        assertThat(merged.topField("nothing.here", 10)).isEmpty();
        assertThat(merged.filesOf(Panel.PROGRAMS)).allMatch(file -> file.startsWith("syslog"));
        assertThat(merged.filesOf(Panel.CLASSES)).allMatch(file -> file.startsWith("app"));
        assertThat(merged.filesOf(Panel.TEMPLATES)).containsExactlyElementsOf(filesSeen);
    }

    @Property(tries = 3)
    void fieldValuesMergeWhetherPendingOrDrainedIntoTheirSketch(@ForAll long seed) {
        // More distinct values than the pending counts hold: they drain while folding and merging.
        Random random = new Random(seed);
        LogStats whole = new LogStats();
        List<LogStats> parts = List.of(new LogStats(), new LogStats(), new LogStats());
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 60_000; i++) {
            String value = "q" + (int) (20_000 * Math.pow(random.nextDouble(), 2));
            expected.merge(value, 1L, Long::sum);
            byte[] bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (LogStats stats : List.of(whole, parts.get(random.nextInt(parts.size())))) {
                stats.addField("extra.query", bytes, 0, bytes.length);
            }
        }
        LogStats reader = LogStats.fromBytes(parts.get(0).toBytes());
        reader.merge(LogStats.fromBytes(parts.get(1).toBytes()));
        LogStats merged = new LogStats();
        merged.merge(LogStats.fromBytes(parts.get(2).toBytes()));
        merged.merge(LogStats.fromBytes(reader.toBytes()));

        assertThat(merged.topField("extra.query", 100))
                .isEqualTo(whole.topField("extra.query", 100));
        assertThat(counts(merged.topField("extra.query", 30_000))).isEqualTo(expected);
        assertThat(merged.topFieldMaxError("extra.query")).isZero();
    }

    /** An event as the decoder folds it: the panels it fed go to its file. */
    private static void fold(LogEvent event, String file, StatsFolder folder, LogStats stats) {
        folder.fold(event, stats);
        stats.addFilePanels(file, folder.takePanels());
    }

    private static Map<String, Long> counts(List<ValueCount> rows) {
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(row -> counts.put(row.value(), row.count()));
        return counts;
    }
}
