package dev.logslice.report;

import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;

import org.apache.flink.util.FileUtils;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile log text through every writer of the report: no output carries a raw control character,
 * bidi control or line separator (but the line ends the writers make themselves), and no CSV cell
 * begins as a spreadsheet formula.
 */
class HostileReportProperties {
    /** Characters of attacks, mixed with ordinary text. */
    private static final char[] HOSTILE = {
        0x1b, 0x07, 0x00, 0x08, 0x7f, 0x85, 0x9b, '\t', '\r', '\n', 0x202a, 0x202b, 0x202c, 0x202d,
        0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x2028, 0x2029, '=', '+',
        '-', '@', '<', '>', '&', '"', '\'', ',', ';', '|', '!', ' ', 'a', 'Z', '/', 0xe9, 0x65e5
    };

    private static final String TOP_FIELD = "extra.query";

    @Property(tries = 60)
    void noOutputCarriesRawControlsAndNoCsvCellStartsAFormula(
            @ForAll("hostileValues") List<String> values) throws IOException {
        StatsReport report = reportOf(values);
        Path csv = Files.createTempDirectory("logslice-csv");
        try {
            StatsCsv.write(report, csv);
            ByteArrayOutputStream summary = new ByteArrayOutputStream();
            StatsSummary.print(report, new PrintStream(summary, true, StandardCharsets.UTF_8));

            assertNoRawControls(summary.toString(StandardCharsets.UTF_8));
            assertNoRawControls(StatsHtml.render(report));
            try (Stream<Path> files = Files.list(csv)) {
                for (Path file : files.toList()) {
                    assertNoRawControls(Files.readString(file));
                    assertNoFormulaCells(file);
                }
            }
        } finally {
            FileUtils.deleteDirectory(csv.toFile());
        }
    }

    @Provide
    Arbitrary<List<String>> hostileValues() {
        return Arbitraries.of(HOSTILE)
                .list()
                .ofMaxSize(24)
                .map(HostileReportProperties::string)
                .list()
                .ofMinSize(1)
                .ofMaxSize(8);
    }

    private static String string(List<Character> chars) {
        StringBuilder text = new StringBuilder();
        chars.forEach(text::append);
        return text.toString();
    }

    private static StatsReport reportOf(List<String> values) {
        LogStats stats = new LogStats();
        long time = 1_760_000_000L;
        for (String value : values) {
            stats.addLine(100);
            stats.addEvent(time, false);
            stats.addLevel(value);
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            for (Panel panel : Panel.PLAIN) {
                stats.add(panel, value);
            }
            for (Panel panel : Panel.BY_LEVEL) {
                stats.addByLevel(panel, bytes, bytes, 0, bytes.length);
            }
            stats.addMalformed(new MalformedSample(value, 7, value, value));
            stats.addCutEvent(new MalformedSample(value, 9, value, value));
            stats.addField(TOP_FIELD, bytes, 0, bytes.length);
        }
        return new StatsReport(
                stats,
                "combined",
                10,
                60,
                1,
                1_000_000,
                FormatSection.of(stats, file -> "combined"),
                List.of(),
                List.of(TOP_FIELD));
    }

    /** Line ends that the writers put between lines are theirs; anything else unsafe is raw. */
    private static void assertNoRawControls(String output) {
        String withoutLineEnds = output.replace("\r\n", "").replace("\n", "");
        for (int i = 0; i < withoutLineEnds.length(); i++) {
            char c = withoutLineEnds.charAt(i);
            assertThat(LogText.isUnsafe(c)).as("U+%04X at %d of %s", (int) c, i, output).isFalse();
        }
    }

    private static void assertNoFormulaCells(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
                CSVParser parser = CSVParser.parse(in, CSVFormat.RFC4180)) {
            for (CSVRecord record : parser) {
                for (String cell : record) {
                    assertThat(cell.isEmpty() || "=+-@\t\r".indexOf(cell.charAt(0)) < 0)
                            .as("cell %s of %s", cell, file.getFileName())
                            .isTrue();
                }
            }
        }
    }
}
