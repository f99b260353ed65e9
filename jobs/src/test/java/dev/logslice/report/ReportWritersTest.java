package dev.logslice.report;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The report outputs: stable JSON keys, CSV per panel, HTML that never carries raw log text. */
class ReportWritersTest {
    private static final byte[] GET = "GET".getBytes(StandardCharsets.UTF_8);

    private static final String ATTACK = "/<script>alert('x')</script>&\"";

    @TempDir Path dir;
    private StatsReport report;

    @BeforeEach
    void fold() {
        LogStats stats = new LogStats();
        for (int i = 0; i < 30; i++) {
            stats.addLine(120);
            stats.addEvent(1_760_000_000L + i * 30L, i % 10 == 0);
            stats.addStatus(i % 10 == 0 ? 503 : 200);
            stats.addMethod(GET, 0, GET.length);
            stats.add(Panel.PATHS, i % 3 == 0 ? ATTACK : "/index.html");
            stats.add(Panel.CLIENTS, "192.0.2." + (i % 4));
            stats.addRequestTime(0.001 * i);
        }
        stats.addMalformed(
                new MalformedSample("a.log", 42, "<img src=x onerror=alert(1)>", "no status"));
        stats.addSplit(
                new SplitReport(
                        "0000000001",
                        "file:/a.log",
                        0,
                        3600,
                        3600,
                        30,
                        0,
                        List.of(),
                        1,
                        500,
                        1,
                        2,
                        "gzip",
                        1200,
                        0,
                        null));
        stats.addSplit(
                new SplitReport(
                        "0000000002",
                        "file:/gone.log",
                        0,
                        100,
                        0,
                        0,
                        0,
                        List.of(),
                        0,
                        0,
                        3,
                        3,
                        "none",
                        0,
                        0,
                        "deleted before it was read"));
        report = new StatsReport(stats, "combined", 10, 60, 2, 1_000_000);
    }

    @Test
    void aSplitOfSeveralFilesIsOneEntryListingItsFilesAlsoAfterTravellingAsBytes()
            throws IOException {
        LogStats stats = new LogStats();
        stats.addSplit(
                new SplitReport(
                        "0000000002",
                        "file:/logs/a.log",
                        4096,
                        5000,
                        1004,
                        7,
                        0,
                        List.of(),
                        2,
                        300,
                        1,
                        2,
                        "none",
                        0,
                        30,
                        null,
                        List.of(
                                new SplitReport.FileRead(
                                        "file:/logs/a.log",
                                        4096,
                                        5000,
                                        904,
                                        5,
                                        1,
                                        200,
                                        0,
                                        null,
                                        "the gzip stream ends early (truncated?) after 904"
                                                + " uncompressed bytes"),
                                SplitReport.FileRead.skipped(
                                        "file:/logs/gone.log",
                                        0,
                                        700,
                                        "deleted before it was read"),
                                new SplitReport.FileRead(
                                        "file:/logs/b.log",
                                        0,
                                        100,
                                        100,
                                        2,
                                        1,
                                        100,
                                        30,
                                        null,
                                        null))));
        Path file = dir.resolve("stats.json");

        StatsJson.write(
                new StatsReport(LogStats.fromBytes(stats.toBytes()), "combined", 10, 60, 2, 1),
                file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        JsonNode splits = json.get("splits");
        assertThat(splits).hasSize(1);
        JsonNode split = splits.get(0);
        assertThat(split.has("path")).isFalse();
        assertThat(split.get("lines").asLong()).isEqualTo(7);
        assertThat(split.get("files")).hasSize(3);
        assertThat(split.get("files").get(2).get("path").asText()).isEqualTo("/logs/b.log");
        assertThat(split.get("files").get(2).get("end").asLong()).isEqualTo(100);
        assertThat(split.get("files").get(2).get("grewBy").asLong()).isEqualTo(30);
        assertThat(split.get("files").get(1).get("skipped").asText()).contains("deleted");
        assertThat(split.get("files").get(0).get("start").asLong()).isEqualTo(4096);
        assertThat(split.get("files").get(0).get("lines").asLong()).isEqualTo(5);
        // The notes on changed files come from the files of packed splits too.
        assertThat(json.get("skippedFiles"))
                .singleElement()
                .satisfies(
                        skipped -> {
                            assertThat(skipped.get("path").asText()).isEqualTo("/logs/gone.log");
                            assertThat(skipped.get("bytes").asLong()).isEqualTo(700);
                        });
        assertThat(json.get("appendedFiles"))
                .singleElement()
                .satisfies(appended -> assertThat(appended.get("grewBy").asLong()).isEqualTo(30));
        assertThat(split.get("files").get(0).get("damage").asText()).contains("ends early");
        assertThat(json.get("damagedFiles"))
                .singleElement()
                .satisfies(
                        damaged -> {
                            assertThat(damaged.get("path").asText()).isEqualTo("/logs/a.log");
                            assertThat(damaged.get("damage").asText())
                                    .isEqualTo(
                                            "the gzip stream ends early (truncated?) after 904"
                                                    + " uncompressed bytes");
                            assertThat(damaged.get("lines").asLong()).isEqualTo(5);
                        });
    }

    @Test
    void jsonHasTheDocumentedKeys() throws IOException {
        Path file = dir.resolve("stats.json");

        StatsJson.write(report, file);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("lines").asLong()).isEqualTo(30);
        assertThat(json.get("bytes").asLong()).isEqualTo(3600);
        assertThat(json.get("events").asLong()).isEqualTo(30);
        assertThat(json.get("malformed").asLong()).isEqualTo(1);
        assertThat(json.get("malformedByFile").get("a.log").asLong()).isEqualTo(1);
        assertThat(json.get("status").get("503").asLong()).isEqualTo(3);
        assertThat(json.get("topPaths").get(0).get("value").asText()).isEqualTo("/index.html");
        assertThat(json.get("topPaths").get(0).get("count").asLong()).isEqualTo(20);
        assertThat(json.get("top404Paths").isArray()).isTrue();
        assertThat(json.get("levels").isObject()).isTrue();
        assertThat(json.get("timeline").size()).isEqualTo(15);
        assertThat(json.get("timeline").get(0).get("errors").asLong()).isEqualTo(1);
        assertThat(json.get("splits").get(0).get("readCalls").asLong()).isEqualTo(1);
        assertThat(json.get("splits").get(0).get("path").asText()).isEqualTo("/a.log");
        assertThat(json.get("splits").get(0).has("files")).isFalse();
        assertThat(json.get("uniqueClients").asLong()).isEqualTo(4);
        assertThat(json.get("requestTime").get("p99").asDouble()).isGreaterThan(0.02);
    }

    @Test
    void jsonAndSummaryNameTheSkippedFiles() throws IOException {
        Path file = dir.resolve("stats.json");
        ByteArrayOutputStream summary = new ByteArrayOutputStream();

        StatsJson.write(report, file);
        StatsSummary.print(report, new PrintStream(summary, true, StandardCharsets.UTF_8));

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertThat(json.get("skippedFiles")).hasSize(1);
        assertThat(json.get("skippedFiles").get(0).get("path").asText()).isEqualTo("/gone.log");
        assertThat(json.get("skippedFiles").get(0).get("reason").asText())
                .isEqualTo("deleted before it was read");
        assertThat(json.get("appendedFiles")).isEmpty();
        assertThat(json.get("splits").get(1).get("skipped").asText())
                .isEqualTo("deleted before it was read");
        assertThat(json.get("splits").get(0).get("compression").asText()).isEqualTo("gzip");
        assertThat(json.get("splits").get(0).get("compressedBytes").asLong()).isEqualTo(1200);
        assertThat(json.get("splits").get(1).get("compression").asText()).isEqualTo("none");
        assertThat(json.get("splits").get(1).get("compressedBytes").asLong()).isZero();
        assertThat(summary.toString(StandardCharsets.UTF_8))
                .contains("skipped     /gone.log (deleted before it was read, 100 B not read)");
    }

    @Test
    void eachFormatHasItsSectionSummedIntoTheTotalsAlsoAfterTravellingAsBytes() throws IOException {
        LogStats partial = new LogStats();
        String hostile = "file:/logs/<b>\u001b[2J.log";
        for (String file : List.of("file:/logs/syslog", hostile, "file:/logs/access.log")) {
            partial.addSplit(
                    new SplitReport(
                            "1", file, 0, 10, 10, 4, 0, List.of(), 1, 1, 0, 1, "none", 0, 0, null));
            // Splits name files as the source does, events by plain path.
            String path = file.substring("file:".length());
            partial.addFileEvents(path, 3);
            partial.addMalformed(new MalformedSample(path, 0, "x", "no header"));
        }
        LogStats stats = new LogStats();
        stats.merge(LogStats.fromBytes(partial.toBytes()));
        StatsReport mixed =
                new StatsReport(
                        stats,
                        "syslog, combined",
                        10,
                        60,
                        1,
                        1,
                        FormatSection.of(
                                stats, file -> file.endsWith("access.log") ? "combined" : "syslog"),
                        List.of(new InputFileNotes.SkippedFile("file:/logs/wtmp", "binary", 384)),
                        List.of());
        Path file = dir.resolve("mixed.json");

        StatsJson.write(mixed, file);

        JsonNode formats = new ObjectMapper().readTree(file.toFile()).get("formats");
        assertThat(formats).hasSize(2);
        assertThat(formats.get(0).get("format").asText()).isEqualTo("syslog");
        assertThat(formats.get(0).get("files")).hasSize(2);
        assertThat(formats.get(0).get("lines").asLong()).isEqualTo(8);
        assertThat(formats.get(0).get("events").asLong()).isEqualTo(6);
        assertThat(formats.get(0).get("malformed").asLong()).isEqualTo(2);
        assertThat(formats.get(1).get("files").get(0).asText()).isEqualTo("/logs/access.log");
        assertThat(formats.get(1).get("events").asLong()).isEqualTo(3);
        assertThat(
                        new ObjectMapper()
                                .readTree(file.toFile())
                                .get("skippedFiles")
                                .get(0)
                                .get("reason")
                                .asText())
                .isEqualTo("binary");
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        StatsSummary.print(mixed, new PrintStream(summary, true, StandardCharsets.UTF_8));
        assertThat(summary.toString(StandardCharsets.UTF_8))
                .contains("syslog         2 files, 8 lines, 6 events, 2 malformed: /logs/syslog")
                .contains("skipped     file:/logs/wtmp (binary, ");
        assertThat(StatsHtml.render(mixed))
                .contains("left out: binary")
                .contains("logs/<wbr>&lt;b&gt;")
                .doesNotContain("/logs/<b>");
    }

    @Test
    void htmlEscapesEveryLogDerivedString() {
        String html = StatsHtml.render(report);

        // The page's one script is its own (table sorting), allowed by hash and nothing else.
        assertThat(html).containsOnlyOnce("<script").doesNotContain("<img");
        assertThat(html).containsPattern("script-src 'sha256-[A-Za-z0-9+/=]{44}'");
        assertThat(html)
                .contains(
                        "/<wbr>&lt;script&gt;alert(&#39;x&#39;)&lt;/<wbr>script&gt;&amp;<wbr>&quot;");
        assertThat(html)
                .contains("title=\"/&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;\"");
        assertThat(html).doesNotContain("http://").doesNotContain("https://");
        assertThat(html).contains("<svg");
    }

    @Test
    void htmlSplitTableSaysWhatWasCompressedAndWhatWasSkipped() {
        String html = StatsHtml.render(report);

        assertThat(html).contains("/<wbr>a.log (gzip, ").doesNotContain("file:/a.log");
        assertThat(html).contains("/<wbr>gone.log (skipped: deleted before it was read)");
        // Of interest when tuning, not when reading the logs: folded.
        assertThat(html).contains("<details><summary>Reading: 2 splits</summary>");
    }

    @Test
    void csvWritesOneFilePerPanelQuotingLogText() throws IOException {
        Path csv = dir.resolve("csv");

        StatsCsv.write(report, csv);

        assertThat(Files.readAllLines(csv.resolve("topPaths.csv")))
                .containsExactly(
                        // Issue 18's columns come after the old two, which scripts read.
                        "value,count,share,visitors,bytes,timeServedAvg,timeServedMax,timeServedP99",
                        "/index.html,20,0.6666666666666666,,,,,",
                        "\"" + ATTACK.replace("\"", "\"\"") + "\",10,0.3333333333333333,,,,,");
        assertThat(Files.readAllLines(csv.resolve("status.csv")))
                .containsExactly("status,count", "200,27", "503,3");
        assertThat(csv.resolve("timeline.csv")).exists();
        assertThat(Files.readAllLines(csv.resolve("splits.csv")))
                .first()
                .asString()
                .endsWith("oversizedLines,files,compression,compressedBytes,grewBy,skipped");
        assertThat(Files.readAllLines(csv.resolve("splits.csv")))
                .element(1)
                .asString()
                .endsWith(",1,gzip,1200,0,");
        assertThat(Files.readAllLines(csv.resolve("splits.csv")))
                .element(2)
                .asString()
                .endsWith(",none,0,0,deleted before it was read");
    }
}
