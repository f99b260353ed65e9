package dev.logslice.report;

import dev.logslice.connector.source.SplitReport;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Panel;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's structure, and hostile log text in every place it can reach the page. */
class StatsHtmlTest {
    /** Breaks out of text, of an attribute, of the style sheet; controls; bidi overrides. */
    static final List<String> HOSTILE =
            List.of(
                    "<script>alert(1)</script>",
                    "\"><img src=x onerror=alert(2)>",
                    "' onmouseover='alert(3)",
                    "</style><script>alert(4)</script>",
                    "</title></svg><b>bold</b>",
                    "evil\u001b[2J\u0007\u0000\r\nline",
                    "abc\u202edcba\u2066x\u2069",
                    "/a;b?c=<d>&e=\"f\"");

    static StatsReport hostileReport() {
        LogStats stats = new LogStats();
        long start = Instant.parse("2026-03-02T08:00:00Z").getEpochSecond();
        for (int i = 0; i < 400; i++) {
            String hostile = HOSTILE.get(i % HOSTILE.size());
            stats.addLine(200);
            stats.addEvent(start + i * 97L, i % 9 == 0);
            stats.addStatus(i % 9 == 0 ? 503 : i % 7 == 0 ? 404 : 200);
            stats.addLevel(i % 5 == 0 ? "ERROR" : i % 3 == 0 ? "WARN" : "INFO");
            for (Panel panel : Panel.PLAIN) {
                stats.add(panel, hostile);
            }
            stats.addResponseBytes(5000);
        }
        stats.addMalformed(new MalformedSample(HOSTILE.get(0), 7, HOSTILE.get(3), HOSTILE.get(1)));
        stats.addSplit(split("0000000001", "file:/logs/" + HOSTILE.get(4), 400));
        stats.addSplit(split("0000000002", "file:/logs/empty-range.log", 0));
        return new StatsReport(
                stats,
                "combined",
                10,
                stats.timeline().autoBucketSeconds(),
                2,
                1_500_000_000L,
                FormatSection.of(stats, file -> "combined"),
                List.of(),
                List.of(HOSTILE.get(2)),
                new ReportOrigin(
                        "logslice 9.9",
                        List.of("stats", "--html", "r.html", "/logs/" + HOSTILE.get(3)),
                        Instant.parse("2026-03-09T12:00:00Z")));
    }

    private static SplitReport split(String id, String path, long lines) {
        return new SplitReport(
                id, path, 0, 4096, 4096, lines, 0, List.of(), 1, 100, 0, 1, "none", 0, 0, null);
    }

    @Test
    void noHostileStringReachesThePageAsMarkup() {
        String html = StatsHtml.render(hostileReport());

        // The page's own: one style sheet, one script, no element made from log text.
        assertThat(html).containsOnlyOnce("<script").containsOnlyOnce("</script>");
        assertThat(html).containsOnlyOnce("<style>").containsOnlyOnce("</style>");
        assertThat(html)
                .doesNotContain("<img")
                .doesNotContain("<b>bold")
                .doesNotContain("</title></svg>");
        assertThat(html).doesNotContain("onerror=alert(2)>").doesNotContain("' onmouseover='");
        assertThat(html).contains("&#39; onmouseover=&#39;alert(3)");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/<wbr>script&gt;");
        assertThat(html).contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
        // Controls and bidi controls are shown as escapes, never sent.
        assertThat(html).contains("evil\\x1b[2J\\x07\\x00\\x0d\\x0aline");
        assertThat(html).contains("abc\\u202edcba\\u2066x\\u2069");
        for (int i = 0; i < html.length(); i++) {
            char c = html.charAt(i);
            assertThat(LogText.isUnsafe(c) && c != '\n').as("U+%04X at %d", (int) c, i).isFalse();
        }
        // Every attribute value is quoted and holds no raw quote: the quotes stay balanced.
        Matcher attributes = Pattern.compile("<[a-z][^<>]*>").matcher(html);
        while (attributes.find()) {
            String tag = attributes.group();
            assertThat(tag.chars().filter(c -> c == '"').count() % 2).as(tag).isZero();
        }
    }

    @Test
    void longValuesBreakAfterSeparatorsAndKeepTheWholeValueOnHover() {
        assertThat(StatsHtml.wrapped("/a/b?c=1&d=2;e"))
                .isEqualTo("/<wbr>a/<wbr>b?<wbr>c=1&amp;<wbr>d=2;<wbr>e");
        assertThat(StatsHtml.wrapped("/")).isEqualTo("/");
        String html = StatsHtml.render(hostileReport());
        assertThat(html).contains("title=\"/a;b?c=&lt;d&gt;&amp;e=&quot;f&quot;\">");
        assertThat(html).contains(">/<wbr>a;<wbr>b?<wbr>c=&lt;d&gt;&amp;<wbr>e=&quot;f&quot;<");
    }

    @Test
    void thePageIsSelfContainedFluidAndThemed() {
        String html = StatsHtml.render(hostileReport());

        assertThat(html)
                .contains(
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        assertThat(html).contains("@media (prefers-color-scheme:dark)");
        assertThat(html).contains("default-src 'none'");
        assertThat(html).doesNotContainPattern("(src|href)=\"(?!#)");
        assertThat(html).doesNotContain("@import").doesNotContain("url(").doesNotContain("fetch(");
        // Fluid: no fixed width wider than a phone (a max-width only caps the line length).
        assertThat(html).doesNotContainPattern("(?<![-a-z])width:\\d{3,}px");
    }

    @Test
    void theHeaderSaysWhatWasReadAndHowTheReportWasMade() {
        String html = StatsHtml.render(hostileReport());
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));

        assertThat(header)
                .contains("<dt>Files</dt><dd>2: <code>/<wbr>logs/<wbr>&lt;/<wbr>title&gt;");
        assertThat(header).contains("2026-03-02T08:00:00Z to 2026-03-02T18:45:03Z");
        assertThat(header).contains("<dt>Format</dt><dd>combined</dd>");
        assertThat(header).contains("2026-03-09T12:00:00Z by logslice 9.9 in 1.50 s");
        assertThat(header)
                .contains("logslice stats --html r.html &#39;/<wbr>logs/<wbr>&lt;/<wbr>style&gt;");
        assertThat(header).contains("response bytes").contains("1.9 MiB");
    }

    @Test
    void theIndexLinksEveryPanelOnce() {
        String html = StatsHtml.render(hostileReport());
        String index = html.substring(html.indexOf("<nav"), html.indexOf("</nav>"));
        List<String> links = new ArrayList<>();
        Matcher link = Pattern.compile("href=\"#([^\"]+)\"").matcher(index);
        while (link.find()) {
            links.add(link.group(1));
        }

        assertThat(links).doesNotHaveDuplicates();
        assertThat(links)
                .contains("timeline", "status-mix", "status", "levels", "topPaths", "splits");
        for (String id : links) {
            assertThat(html).containsOnlyOnce("<section id=\"" + id + "\">");
        }
        // The --top-field name is the user's, and may be anything: its anchor is made safe.
        assertThat(links)
                .anySatisfy(id -> assertThat(id).startsWith("field-").matches("[A-Za-z0-9_-]+"));
    }

    @Test
    void timelineHasAYAxisOfRoundNumbersAndTimeLabelsOffTheBars() {
        String html = StatsHtml.render(hostileReport());
        String timeline = html.substring(html.indexOf("<section id=\"timeline\">"));
        timeline = timeline.substring(0, timeline.indexOf("</section>"));

        assertThat(timeline)
                .contains("<div class=\"yaxis\"")
                .contains("<span style=\"bottom:0.00%\">0</span>");
        assertThat(timeline).containsPattern("<span style=\"bottom:100.00%\">\\d+</span>");
        assertThat(timeline)
                .containsPattern(
                        "<div class=\"xaxis\"><span style=\"left:0.00%\">2026-03-02T<wbr>08:00:00Z</span>(<span[^>]*>2026-03-02T<wbr>\\d\\d:\\d\\d:00Z</span>){2,}");
        assertThat(timeline).doesNotContain("max ");
        assertThat(timeline)
                .containsPattern("<title>2026-03-02T08:00:00Z: \\d+ events, \\d+ errors</title>");
        assertThat(StatsHtml.niceStep(11_076, 4)).isEqualTo(5000);
        assertThat(StatsHtml.niceStep(7, 4)).isEqualTo(2);
        assertThat(StatsHtml.niceStep(1, 4)).isEqualTo(1);
    }

    @Test
    void levelsInSeverityOrderWithTheirTones() {
        String html = StatsHtml.render(hostileReport());
        String levels = html.substring(html.indexOf("<section id=\"levels\">"));
        levels = levels.substring(0, levels.indexOf("</section>"));

        assertThat(levels.indexOf("title=\"ERROR\"")).isLessThan(levels.indexOf("title=\"WARN\""));
        assertThat(levels.indexOf("title=\"WARN\"")).isLessThan(levels.indexOf("title=\"INFO\""));
        assertThat(levels)
                .contains("<span class=\"t-bad\">ERROR</span>")
                .contains("<span class=\"t-note\">INFO</span>");
    }

    @Test
    void theSplitTableIsFoldedAndListsNoEmptySplit() {
        String html = StatsHtml.render(hostileReport());
        String splits = html.substring(html.indexOf("<section id=\"splits\">"));

        assertThat(splits).startsWith("<section id=\"splits\"><details><summary>Reading: 2 splits");
        assertThat(splits).doesNotContain("<details open");
        assertThat(splits)
                .doesNotContain("empty-range.log<")
                .contains("1 more split (1 in which no line starts)");
    }

    @Test
    void levelSharesAreOfTheEventsThatHaveALevel() {
        LogStats stats = new LogStats();
        for (int i = 0; i < 10; i++) {
            stats.addLine(10);
            stats.addEvent(1_760_000_000L + i, false);
            stats.addStatus(200);
        }
        stats.addLevel("ERROR");
        stats.addLevel("INFO");
        String html = StatsHtml.render(new StatsReport(stats, "combined, log4j", 10, 60, 1, 1));
        String levels = html.substring(html.indexOf("<section id=\"levels\">"));

        // An access log's lines have no level: an ERROR is half of what has one, not 10%.
        assertThat(levels).contains("<td class=\"n share\" data-v=\"0.500000\">50.0%");
    }
}
