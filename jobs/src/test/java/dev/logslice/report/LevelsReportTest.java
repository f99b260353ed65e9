package dev.logslice.report;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogEventJsonWriter;
import dev.logslice.format.Severity;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.StatsFolder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Levels as logged by syslog, Log4j, logcat and Bunyan are one name each, in severity order, in
 * every output, and {@code parse} names them as {@code stats} does.
 */
class LevelsReportTest {
    private static final FormatRegistry FORMATS = FormatRegistry.standard();

    /** Lines of four formats, each with the level name the report must give it. */
    private static final String[][] LINES = {
        {"syslog", "<12>Jan  2 03:04:05 web-1 nginx[7]: upstream slow", "WARN"},
        {"syslog", "<11>Jan  2 03:04:06 web-1 nginx[7]: upstream gone", "ERROR"},
        {"syslog", "<14>Jan  2 03:04:07 web-1 cron[8]: job ran", "INFO"},
        {"hadoop", "2015-10-18 18:01:47,978 WARN [main] a.B: slow disk", "WARN"},
        {"hadoop", "2015-10-18 18:01:48,001 FATAL [main] a.B: out of memory", "CRITICAL"},
        {"hadoop", "2015-10-18 18:01:48,002 TRACE [main] a.B: entering", "TRACE"},
        {"logcat", "01-15 10:20:30.123  1234  5678 W ActivityManager: Slow op", "WARN"},
        {"logcat", "01-15 10:20:30.124  1234  5678 I ActivityManager: Start proc", "INFO"},
        {"json", "{\"time\":\"2024-01-15T10:20:30Z\",\"level\":40,\"msg\":\"retry\"}", "WARN"},
        {"json", "{\"time\":\"2024-01-15T10:20:31Z\",\"level\":\"warning\",\"msg\":\"x\"}", "WARN"},
        {"json", "{\"time\":\"2024-01-15T10:20:32Z\",\"level\":\"DEBUG\",\"msg\":\"y\"}", "DEBUG"},
        {"json", "{\"time\":\"2024-01-15T10:20:33Z\",\"level\":\"Loud \",\"msg\":\"z\"}", "LOUD"},
    };

    private static final List<String> SEVERITY_ORDER =
            List.of("CRITICAL", "ERROR", "WARN", "INFO", "DEBUG", "TRACE", "LOUD");

    @TempDir Path dir;

    @Test
    void reportedNamesAreOnePerSeverityAndSortMostSevereFirst() {
        assertThat(Severity.reportedName("warning")).isEqualTo("WARN");
        assertThat(Severity.reportedName("Warn")).isEqualTo("WARN");
        assertThat(Severity.reportedName("err")).isEqualTo("ERROR");
        assertThat(Severity.reportedName("SEVERE")).isEqualTo("ERROR");
        assertThat(Severity.reportedName("crit")).isEqualTo("CRITICAL");
        assertThat(Severity.reportedName(" log ")).isEqualTo("LOG");
        List<String> names = new ArrayList<>(List.of("INFO", "AUDIT", "TRACE", "ERROR", "LOG"));
        names.add("EMERGENCY");
        names.add("WARN");

        names.sort(Severity.REPORT_ORDER);

        assertThat(names)
                .containsExactly("EMERGENCY", "ERROR", "WARN", "INFO", "TRACE", "AUDIT", "LOG");
    }

    @Test
    void everyOutputNamesLevelsAlikeInSeverityOrderAndParseAgrees() throws IOException {
        LogStats stats = new LogStats();
        StatsFolder folder = new StatsFolder();
        List<LogEvent> events = new ArrayList<>();
        for (String[] line : LINES) {
            LogEvent event = Parsing.event(FORMATS.create(line[0], FormatOptions.none()), line[1]);
            events.add(event);
            folder.fold(event, stats);
        }
        // The lines span years: minute buckets would be millions.
        StatsReport report =
                new StatsReport(stats, "mixed", 10, stats.timeline().autoBucketSeconds(100), 1, 1);

        assertThat(stats.levels().keySet()).containsExactlyElementsOf(SEVERITY_ORDER);
        assertThat(stats.levels().get("WARN")).isEqualTo(5);

        Path json = dir.resolve("stats.json");
        StatsJson.write(report, json);
        List<String> jsonOrder = new ArrayList<>();
        new ObjectMapper()
                .readTree(json.toFile())
                .get("levels")
                .fieldNames()
                .forEachRemaining(jsonOrder::add);
        assertThat(jsonOrder).containsExactlyElementsOf(SEVERITY_ORDER);

        Path csv = dir.resolve("csv");
        StatsCsv.write(report, csv);
        assertThat(Files.readAllLines(csv.resolve("levels.csv")))
                .containsExactly(
                        "value,count",
                        "CRITICAL,1",
                        "ERROR,1",
                        "WARN,5",
                        "INFO,2",
                        "DEBUG,1",
                        "TRACE,1",
                        "LOUD,1");

        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        StatsSummary.print(report, new PrintStream(summary, true, StandardCharsets.UTF_8));
        // The breakdown wraps onto lines that go on under its first item.
        List<String> summaryLines = summary.toString(StandardCharsets.UTF_8).lines().toList();
        int levelsAt =
                summaryLines.indexOf(
                        summaryLines.stream()
                                .filter(l -> l.startsWith("Levels"))
                                .findFirst()
                                .orElseThrow());
        StringBuilder levelsLine = new StringBuilder(summaryLines.get(levelsAt));
        for (int i = levelsAt + 1;
                i < summaryLines.size() && summaryLines.get(i).startsWith("  ");
                i++) {
            levelsLine.append(summaryLines.get(i));
        }
        assertThat(namesInOrder(levelsLine.toString(), Pattern.compile(" ([A-Z]+) \\d")))
                .containsExactlyElementsOf(SEVERITY_ORDER);

        String html = StatsHtml.render(report);
        String levelsTable = html.substring(html.indexOf("<h2>Levels</h2>"));
        levelsTable = levelsTable.substring(0, levelsTable.indexOf("</table>"));
        assertThat(namesInOrder(levelsTable, Pattern.compile("<td class=\"v\" title=\"([A-Z]+)\"")))
                .containsExactlyElementsOf(SEVERITY_ORDER);
        assertThat(barColour(levelsTable, "ERROR"))
                .isNotEqualTo(barColour(levelsTable, "INFO"))
                .isNotEqualTo(barColour(levelsTable, "WARN"));
        assertThat(barColour(levelsTable, "CRITICAL")).isNotEqualTo(barColour(levelsTable, "INFO"));

        for (int i = 0; i < events.size(); i++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (LogEventJsonWriter writer = new LogEventJsonWriter(out, EnumSet.of(Field.LEVEL))) {
                writer.write(events.get(i));
            }
            JsonNode parsed = new ObjectMapper().readTree(out.toByteArray());
            assertThat(parsed.get("level").asText()).as(LINES[i][1]).isEqualTo(LINES[i][2]);
        }
    }

    private static List<String> namesInOrder(String text, Pattern name) {
        List<String> names = new ArrayList<>();
        Matcher matcher = name.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** The tone class of the bar in the row of {@code level}. */
    private static String barColour(String table, String level) {
        String row = table.substring(0, table.indexOf("title=\"" + level + "\""));
        row = row.substring(row.lastIndexOf("<tr>"));
        Matcher tone = Pattern.compile("<i class=\"(t-\\w+)\"").matcher(row);
        assertThat(tone.find()).as(row).isTrue();
        return tone.group(1);
    }
}
