package dev.logslice.report;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.report.Terminal.Tone;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.MalformedSample;
import dev.logslice.stats.Timeline;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The stats report as one self-contained HTML page: inline CSS, SVG and one small script (table
 * sorting), nothing fetched (its Content-Security-Policy forbids it, and any script but that one).
 * Fluid from a phone to a wide screen, light or dark as the reader prefers, with an index of its
 * panels. Log lines are attacker-controlled, so every string from them goes through {@link #text}
 * or {@link #wrapped}, which escape it with {@link LogText#forHtml}.
 */
public final class StatsHtml {
    /** Height of the timeline's plot area in SVG units (the width is one unit per bucket). */
    private static final int PLOT_HEIGHT = 100;

    private static final int Y_TICKS = 4;
    private static final int X_LABELS = 5;
    private static final int MAX_HEADER_FILES = 1000;

    /** Characters after which a long value may break: path, query and parameter separators. */
    private static final String BREAK_AFTER = "/?&;";

    private static final String STYLE =
            Palette.css()
                    + "*{box-sizing:border-box}"
                    + "body{font:15px/1.45 system-ui,sans-serif;margin:0;background:var(--bg);"
                    + "color:var(--fg)}"
                    + ".page{max-width:1200px;margin:0 auto;padding:1em clamp(.6em,3vw,2em)}"
                    + "h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.15em;margin:0 0 .4em}"
                    + "a{color:var(--link)}code,.v{font:13px/1.4 ui-monospace,monospace}"
                    + "header dl{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;"
                    + "margin:.6em 0}header dt{color:var(--muted)}header dd{margin:0;min-width:0;"
                    + "overflow-wrap:anywhere}"
                    + ".cards{display:flex;flex-wrap:wrap;gap:.6em;margin:.8em 0}"
                    + ".card{background:var(--panel);border:1px solid var(--grid);"
                    + "border-radius:6px;padding:.4em .9em}.card span{color:var(--muted);"
                    + "font-size:.85em}.card b{display:block;font-size:1.25em}"
                    + "nav{background:var(--panel);border:1px solid var(--grid);border-radius:6px;"
                    + "padding:.5em 1em;margin:1em 0}nav ol{margin:.2em 0;padding-left:1.4em;"
                    + "columns:14em;column-gap:2.5em}"
                    + "section{margin:1.6em 0}.note{color:var(--muted);margin:.2em 0 .5em}"
                    + ".scroll{overflow-x:auto}"
                    + "table{border-collapse:collapse;width:100%}"
                    + "th,td{padding:3px 8px;text-align:left;border-bottom:1px solid var(--grid);"
                    + "vertical-align:top}th{font-weight:600;white-space:nowrap}"
                    + "th button{font:inherit;color:inherit;background:none;border:0;padding:0;"
                    + "cursor:pointer}th button:after{content:' \\2195';color:var(--muted)}"
                    + "th[aria-sort=ascending] button:after{content:' \\2191'}"
                    + "th[aria-sort=descending] button:after{content:' \\2193'}"
                    + "td.n,th.n{text-align:right;white-space:nowrap;"
                    + "font-variant-numeric:tabular-nums}"
                    + "td.v{overflow-wrap:anywhere;width:100%}"
                    + ".bar{display:inline-block;width:5em;height:8px;margin-left:.5em;"
                    + "background:var(--grid);border-radius:4px;vertical-align:middle;"
                    + "overflow:hidden}.bar i{display:block;height:8px;background:var(--events)}"
                    + ".t-good{--tone:var(--good)}.t-note{--tone:var(--note)}"
                    + ".t-warn{--tone:var(--warn)}.t-bad{--tone:var(--bad)}"
                    + ".t-worst{--tone:var(--worst)}.t-quiet{--tone:var(--quiet)}"
                    + ".bar i[class]{background:var(--tone)}td.v span[class]{color:var(--tone);"
                    + "font-weight:600}"
                    + ".key{display:inline-block;width:.8em;height:.8em;margin:0 .3em 0 .8em;"
                    + "border-radius:2px;vertical-align:-.05em;background:var(--tone,var(--events))}"
                    + ".key.errors{background:var(--errors)}"
                    + ".chart{display:grid;grid-template-columns:auto 1fr;gap:0 .4em;margin:0}"
                    + ".yaxis{position:relative;height:200px;font-size:12px;color:var(--muted);"
                    + "min-width:3.5em}.yaxis span{position:absolute;right:0;"
                    + "transform:translateY(50%);font-variant-numeric:tabular-nums}"
                    + ".plot{height:200px;border-left:1px solid var(--muted);"
                    + "border-bottom:1px solid var(--muted)}"
                    + ".plot svg{display:block;width:100%;height:100%}"
                    + ".plot .grid{stroke:var(--grid)}.ev{fill:var(--events)}.er{fill:var(--errors)}"
                    + ".plot g:hover .ev{opacity:.75}"
                    + ".xaxis{grid-column:2;position:relative;height:1.6em;font-size:12px;"
                    + "color:var(--muted)}.xaxis span{position:absolute;top:.2em;white-space:nowrap;"
                    + "transform:translateX(-50%)}.xaxis span:first-child{transform:none}"
                    + ".legend{grid-column:2;margin:.2em 0;color:var(--fg)}"
                    + ".mix{display:flex;height:22px;border-radius:4px;overflow:hidden}"
                    + ".mix i{background:var(--tone,var(--events))}"
                    + "details summary{cursor:pointer;font-weight:600}"
                    + "@media (max-width:700px){body{font-size:14px}"
                    + ".xaxis{height:2.9em}.xaxis span:nth-child(even){display:none}"
                    + ".xaxis span{white-space:normal;width:6.5em;text-align:center}"
                    + ".xaxis span:first-child{text-align:left}"
                    + ".bar{width:2.5em}th,td{padding:3px 4px}}";

    /**
     * Makes each heading of a sortable table a button that sorts by its column (by the cells'
     * data-v where they have one), descending first. The buttons are the script's own: without it,
     * the headings stay plain text rather than buttons that do nothing. A function of the root, so
     * that the live page applies it to each new content too.
     */
    private static final String SCRIPT =
            "function sortable(root){root.querySelectorAll('table.sort').forEach(function(t){"
                    + "var hs=t.tHead.rows[0].cells;"
                    + "Array.prototype.forEach.call(hs,function(th,i){"
                    + "var b=document.createElement('button');b.type='button';"
                    + "b.textContent=th.textContent;th.textContent='';th.appendChild(b);"
                    + "b.addEventListener('click',function(){"
                    + "var asc=th.getAttribute('aria-sort')==='descending';"
                    + "Array.prototype.forEach.call(hs,function(o){o.removeAttribute('aria-sort')});"
                    + "th.setAttribute('aria-sort',asc?'ascending':'descending');"
                    + "var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);"
                    + "rows.sort(function(p,q){var x=p.cells[i],y=q.cells[i];"
                    + "var c=('v' in x.dataset)?x.dataset.v-y.dataset.v:"
                    + "x.textContent.localeCompare(y.textContent);return asc?c:-c});"
                    + "rows.forEach(function(r){body.appendChild(r)})})})})}sortable(document);";

    /**
     * The live page's addition ({@code stats --follow --serve}): at each event of {@code events}
     * (one on connecting, one per refresh) the page is fetched again and its content swapped in,
     * one fetch at a time (an event during a fetch asks for one more after it). A failed fetch
     * waits for the next event; the browser's EventSource reconnects by itself, until the server
     * says it stopped. The page then fetches the last report as {@code ./?stopped}, which the
     * server waits for before it stops listening (a fetch refused is a console error), and its
     * title says it stopped.
     */
    private static final String LIVE_SCRIPT =
            "(function(){var busy=false,again=false,last=false;function load(){"
                    + "if(busy){again=true;return}busy=true;"
                    + "fetch(last?'./?stopped':'./',{cache:'no-store'}).then(function(r){"
                    + "if(!r.ok)throw new Error(r.status);return r.text()}).then(function(t){"
                    + "var n=new DOMParser().parseFromString(t,'text/html').querySelector('.page'),"
                    + "o=document.querySelector('.page');"
                    + "if(n&&o){n=document.adoptNode(n);o.replaceWith(n);sortable(n)}})"
                    + "['catch'](function(){}).then(function(){busy=false;"
                    + "if(again){again=false;load()}else if(last){document.title+=' (stopped)'}})}"
                    + "var events=new EventSource('events');events.onmessage=load;"
                    + "events.addEventListener('stopped',function(){events.close();"
                    + "last=true;load()})})();";

    /** Only the page's own script may run, and nothing may be fetched. */
    private static final String CONTENT_SECURITY_POLICY = policy(SCRIPT, "");

    /**
     * The live page's policy, also sent as its header: its own script, and fetches of its own
     * origin only (the page again and its events).
     */
    public static final String LIVE_CONTENT_SECURITY_POLICY =
            policy(SCRIPT + LIVE_SCRIPT, "; connect-src 'self'");

    private StatsHtml() {}

    public static void write(StatsReport report, Path file) throws IOException {
        Files.writeString(file, render(report), StandardCharsets.UTF_8);
    }

    /**
     * The page as {@code stats --follow --serve} serves it: the same, and a script that swaps in
     * the page's new content at each event of the server (under {@link
     * #LIVE_CONTENT_SECURITY_POLICY}).
     */
    public static String renderLive(StatsReport report) {
        return page(content(report), SCRIPT + LIVE_SCRIPT, LIVE_CONTENT_SECURITY_POLICY);
    }

    /** The live page before its first report: it swaps the report in when one comes. */
    public static String waitingLive() {
        return page(
                "<header><h1>logslice stats</h1><p class=\"note\">Waiting for the first report: the"
                        + " job is starting.</p></header>",
                SCRIPT + LIVE_SCRIPT,
                LIVE_CONTENT_SECURITY_POLICY);
    }

    /** A section of the page and its entry in the index. */
    private record Section(String id, String title, String html) {}

    static String render(StatsReport report) {
        return page(content(report), SCRIPT, CONTENT_SECURITY_POLICY);
    }

    /** A page with {@code content} in its {@code .page} element, and {@code script}. */
    private static String page(String content, String script, String policy) {
        StringBuilder html = new StringBuilder(content.length() + 8 * 1024);
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(policy)
                .append("\"><meta name=\"color-scheme\" content=\"light dark\">")
                .append("<title>logslice stats</title><style>")
                .append(STYLE)
                .append("</style></head><body><div class=\"page\">")
                .append(content)
                .append("</div><script>")
                .append(script)
                .append("</script></body></html>\n");
        return html.toString();
    }

    /** The header, index and panels of the report. */
    private static String content(StatsReport report) {
        LogStats stats = report.stats();
        List<Section> sections = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        timeline(report).ifPresent(sections::add);
        statusMix(stats).ifPresent(sections::add);
        for (RankedTable table : ReportTables.breakdowns(stats)) {
            // The status mix shows the classes.
            if (!table.id().equals(ReportTables.STATUS_CLASSES)) {
                sections.add(table(table, ids));
            }
        }
        for (RankedTable table : ReportTables.panels(report)) {
            sections.add(table(table, ids));
        }
        for (RankedTable table : ReportTables.levelPanels(report, level -> true)) {
            sections.add(table(table, ids));
        }
        formats(report).ifPresent(sections::add);
        if (!stats.malformedSamples().isEmpty()) {
            sections.add(
                    samples(
                            "malformed",
                            String.format("Malformed lines: %,d (samples)", stats.malformed()),
                            stats.malformedSamples()));
        }
        if (stats.cutEvents() > 0) {
            sections.add(
                    samples(
                            "cut-events",
                            String.format(
                                    "Cut events: %,d past --max-event-lines or --max-event-bytes"
                                            + " (samples)",
                                    stats.cutEvents()),
                            stats.cutEventSamples()));
        }
        sections.add(splits(stats.splits()));

        StringBuilder html = new StringBuilder(64 * 1024);
        header(html, report);
        html.append("<nav aria-label=\"Panels\"><b>Panels</b><ol>");
        for (Section section : sections) {
            html.append("<li><a href=\"#")
                    .append(section.id())
                    .append("\">")
                    .append(text(section.title()))
                    .append("</a></li>");
        }
        html.append("</ol></nav><main>");
        for (Section section : sections) {
            html.append(section.html());
        }
        html.append("</main>");
        return html.toString();
    }

    /** What the page covers and how it was made, then the totals as cards. */
    private static void header(StringBuilder html, StatsReport report) {
        LogStats stats = report.stats();
        html.append("<header><h1>logslice stats</h1><dl>");
        List<String> files =
                report.formats().stream().flatMap(section -> section.files().stream()).toList();
        html.append("<dt>Files</dt><dd>");
        if (files.isEmpty()) {
            html.append("none read");
        } else {
            html.append(String.format("%,d: ", files.size()));
            List<String> shown = files.subList(0, Math.min(files.size(), MAX_HEADER_FILES));
            for (int i = 0; i < shown.size(); i++) {
                html.append(i == 0 ? "" : ", ").append("<code>").append(wrapped(shown.get(i)));
                html.append("</code>");
            }
            if (files.size() > shown.size()) {
                html.append(String.format(" and %,d more", files.size() - shown.size()));
            }
        }
        html.append("</dd>");
        for (InputFileNotes.DamagedFile damaged : InputFileNotes.damaged(stats.splits())) {
            html.append("<dt>Damaged</dt><dd><code>")
                    .append(wrapped(damaged.path()))
                    .append("</code>: ")
                    .append(text(damaged.damage()))
                    .append(String.format("; its %,d lines before that were read", damaged.lines()))
                    .append("</dd>");
        }
        long[] range = stats.timeRange();
        html.append("<dt>Time range</dt><dd>")
                .append(
                        range == null
                                ? "no event had a time"
                                : StatsReport.iso(range[0]) + " to " + StatsReport.iso(range[1]))
                .append("</dd><dt>Format</dt><dd>")
                .append(text(report.format()))
                .append("</dd>");
        ReportOrigin origin = report.origin();
        if (origin.madeAt() != null) {
            html.append("<dt>Made</dt><dd>")
                    .append(StatsReport.iso(origin.madeAt().getEpochSecond()))
                    .append(" by ")
                    .append(text(origin.version()))
                    .append(String.format(" in %.2f s: <code>", report.elapsedNanos() / 1e9))
                    .append(wrapped(origin.commandLine()))
                    .append("</code></dd>");
        }
        html.append("</dl><div class=\"cards\">");
        card(html, "lines", String.format("%,d", stats.lines()));
        card(html, "bytes read", Human.bytes(stats.bytes()));
        card(html, "events", String.format("%,d", stats.events()));
        card(html, "malformed", String.format("%,d", stats.malformed()));
        if (stats.blankLines() > 0) {
            card(html, "blank lines", String.format("%,d", stats.blankLines()));
        }
        if (stats.filteredEvents() > 0) {
            card(html, "left out by filters", String.format("%,d", stats.filteredEvents()));
        }
        if (!stats.status().isEmpty()) {
            card(
                    html,
                    "unique clients",
                    String.format(
                            "%s%,d", stats.uniqueClientsExact() ? "" : "~", stats.uniqueClients()));
            if (stats.eventsWithResponseBytes() > 0) {
                card(html, "response bytes", Human.bytes(stats.responseBytes()));
            }
        }
        if (stats.hasRequestTimes()) {
            card(
                    html,
                    "request time p50 / p99",
                    String.format(
                            "%.3f / %.3f s",
                            stats.requestTimeQuantile(0.5), stats.requestTimeQuantile(0.99)));
        }
        html.append("</div></header>");
    }

    /** Every log-derived string passes here or through {@link #wrapped}. */
    private static String text(String value) {
        return LogText.forHtml(value);
    }

    /** {@link #text} with a break opportunity after each of {@link #BREAK_AFTER}. */
    static String wrapped(String value) {
        String visible = LogText.forTerminal(value);
        StringBuilder html = new StringBuilder(visible.length() + 16);
        int start = 0;
        for (int i = 0; i < visible.length(); i++) {
            if (BREAK_AFTER.indexOf(visible.charAt(i)) >= 0 && i + 1 < visible.length()) {
                html.append(LogText.forHtml(visible.substring(start, i + 1))).append("<wbr>");
                start = i + 1;
            }
        }
        return html.append(LogText.forHtml(visible.substring(start))).toString();
    }

    private static void card(StringBuilder html, String label, String value) {
        html.append("<div class=\"card\"><span>")
                .append(text(label))
                .append("</span><b>")
                .append(text(value))
                .append("</b></div>");
    }

    private static String toneClass(@Nullable Tone tone) {
        if (tone == null) {
            return "";
        }
        return " class=\"t-" + Palette.of(tone).property + "\"";
    }

    /** A page anchor from a table's id: letters, digits and dashes, unique on the page. */
    private static String anchor(String id, Set<String> taken) {
        String base = id.replaceAll("[^A-Za-z0-9_-]", "-");
        String anchor = base;
        for (int n = 2; !taken.add(anchor); n++) {
            anchor = base + "-" + n;
        }
        return anchor;
    }

    /** A ranked table, sortable by any column, with a share bar per row. */
    private static Section table(RankedTable table, Set<String> ids) {
        String id = anchor(table.id(), ids);
        StringBuilder html = new StringBuilder();
        html.append("<section id=\"").append(id).append("\"><h2>").append(text(table.title()));
        html.append("</h2>");
        if (!table.note().isEmpty()) {
            html.append("<p class=\"note\">").append(text(table.note())).append("</p>");
        }
        if (!table.rows().isEmpty()) {
            // A bar is the row's share of the total; without a total, of the largest row.
            long whole =
                    table.total() > 0
                            ? table.total()
                            : table.rows().stream()
                                    .mapToLong(RankedTable.Row::count)
                                    .max()
                                    .orElse(1);
            html.append("<div class=\"scroll\"><table class=\"sort\"><thead><tr>")
                    .append("<th class=\"n\">count</th>");
            if (table.total() > 0) {
                html.append("<th class=\"n\">share</th>");
            }
            for (RankedTable.Column column : table.columns()) {
                html.append("<th class=\"n\">").append(text(column.name())).append("</th>");
            }
            html.append("<th>").append(text(table.valueName())).append("</th></tr></thead><tbody>");
            for (RankedTable.Row row : table.rows()) {
                String bar =
                        String.format(
                                "<span class=\"bar\"><i%s style=\"width:%.1f%%\"></i></span>",
                                toneClass(row.tone()),
                                Math.max(0.5, 100.0 * row.count() / Math.max(whole, 1)));
                html.append(String.format("<tr><td class=\"n\" data-v=\"%d\">", row.count()))
                        .append(String.format("%,d", row.count()));
                if (table.total() > 0) {
                    double share = (double) row.count() / table.total();
                    html.append(String.format("</td><td class=\"n share\" data-v=\"%.6f\">", share))
                            .append(Human.percent(row.count(), table.total()))
                            .append(bar);
                } else {
                    html.append(bar);
                }
                html.append("</td>");
                for (int i = 0; i < table.columns().size(); i++) {
                    double cell = row.cells()[i];
                    html.append(
                                    String.format(
                                            "<td class=\"n\" data-v=\"%s\">",
                                            Double.isNaN(cell) ? "-1" : String.valueOf(cell)))
                            .append(text(Cells.text(table.columns().get(i).unit(), cell)))
                            .append("</td>");
                }
                html.append("<td class=\"v\" title=\"")
                        .append(text(row.value()))
                        .append("\">")
                        .append(row.tone() == null ? "" : "<span" + toneClass(row.tone()) + ">")
                        .append(wrapped(row.value()))
                        .append(row.tone() == null ? "" : "</span>")
                        .append("</td></tr>");
            }
            html.append("</tbody></table></div>");
        }
        return new Section(id, table.title(), html.append("</section>").toString());
    }

    /**
     * Events and errors per bucket as bars on a y-axis of round numbers, with time labels below;
     * hovering a bucket shows its time and counts. The bars stretch to any width; the labels are
     * HTML so that they keep their size on a phone.
     */
    private static java.util.Optional<Section> timeline(StatsReport report) {
        List<Timeline.Bucket> buckets = report.timeline();
        if (buckets.isEmpty()) {
            return java.util.Optional.empty();
        }
        long max = buckets.stream().mapToLong(Timeline.Bucket::events).max().orElse(1);
        long step = niceStep(Math.max(max, 1), Y_TICKS);
        long top = Math.max(step, (max + step - 1) / step * step);
        String title = "Timeline: events and errors per " + Human.duration(report.bucketSeconds());
        StringBuilder html = new StringBuilder();
        html.append("<section id=\"timeline\"><h2>")
                .append(title)
                .append("</h2><figure class=\"chart\"><div class=\"yaxis\" aria-hidden=\"true\">");
        for (long tick = 0; tick <= top; tick += step) {
            html.append(
                    String.format(
                            "<span style=\"bottom:%.2f%%\">%,d</span>", 100.0 * tick / top, tick));
        }
        int n = buckets.size();
        html.append("</div><div class=\"plot\"><svg viewBox=\"0 0 ")
                .append(n)
                .append(' ')
                .append(PLOT_HEIGHT)
                .append("\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"")
                .append(String.format("%,d buckets, at most %,d events", n, max))
                .append("\"><g class=\"grid\">");
        for (long tick = step; tick <= top; tick += step) {
            double y = PLOT_HEIGHT - (double) PLOT_HEIGHT * tick / top;
            html.append(
                    String.format(
                            "<line x1=\"0\" x2=\"%d\" y1=\"%.2f\" y2=\"%.2f\""
                                    + " vector-effect=\"non-scaling-stroke\"/>",
                            n, y, y));
        }
        html.append("</g>");
        for (int i = 0; i < n; i++) {
            Timeline.Bucket bucket = buckets.get(i);
            double events = (double) PLOT_HEIGHT * bucket.events() / top;
            double errors = (double) PLOT_HEIGHT * bucket.errors() / top;
            html.append(
                            String.format(
                                    "<g><title>%s: %,d events, %,d errors</title>",
                                    StatsReport.iso(bucket.startEpochSecond()),
                                    bucket.events(),
                                    bucket.errors()))
                    // The whole column takes the hover, also where a bucket has few events.
                    .append(
                            String.format(
                                    "<rect x=\"%d\" y=\"0\" width=\"1\" height=\"%d\""
                                            + " fill=\"transparent\"/>",
                                    i, PLOT_HEIGHT));
            if (bucket.events() > 0) {
                html.append(
                        String.format(
                                "<rect class=\"ev\" x=\"%d.08\" y=\"%.3f\" width=\".84\""
                                        + " height=\"%.3f\"/>",
                                i, PLOT_HEIGHT - events, events));
            }
            if (bucket.errors() > 0) {
                html.append(
                        String.format(
                                "<rect class=\"er\" x=\"%d.08\" y=\"%.3f\" width=\".84\""
                                        + " height=\"%.3f\"/>",
                                i, PLOT_HEIGHT - errors, Math.max(errors, 0.8)));
            }
            html.append("</g>");
        }
        html.append("</svg></div><div class=\"xaxis\">");
        // A label every few buckets, at the start of the bucket it names; none so near the right
        // end that it would stick out.
        int every = Math.max(1, (n + X_LABELS - 1) / X_LABELS);
        for (int i = 0; i < n; i += every) {
            double left = 100.0 * i / n;
            if (i > 0 && left > 100 - 50.0 / X_LABELS) {
                break;
            }
            // On a phone, the date and the time of a label go on two lines.
            html.append(String.format("<span style=\"left:%.2f%%\">", left))
                    .append(
                            StatsReport.iso(buckets.get(i).startEpochSecond())
                                    .replace("T", "T<wbr>"))
                    .append("</span>");
        }
        html.append("</div><figcaption class=\"legend\"><span class=\"key\"></span>events")
                .append("<span class=\"key errors\"></span>errors (5xx, ERROR and worse)")
                .append("</figcaption></figure></section>");
        return java.util.Optional.of(new Section("timeline", title, html.toString()));
    }

    /** A step of 1, 2 or 5 times a power of ten giving at most about {@code ticks} ticks. */
    static long niceStep(long max, int ticks) {
        long raw = Math.max(1, (max + ticks - 1) / ticks);
        long power = 1;
        while (power * 10 <= raw) {
            power *= 10;
        }
        for (long factor : new long[] {1, 2, 5, 10}) {
            if (factor * power >= raw) {
                return factor * power;
            }
        }
        return 10 * power;
    }

    /** The status classes as one bar of coloured parts with a legend. */
    private static java.util.Optional<Section> statusMix(LogStats stats) {
        var classes = stats.statusClasses();
        if (classes.isEmpty()) {
            return java.util.Optional.empty();
        }
        long total = classes.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder html = new StringBuilder("<section id=\"status-mix\"><h2>Status mix</h2>");
        StringBuilder legend = new StringBuilder("<p class=\"legend\">");
        html.append("<div class=\"mix\" role=\"img\" aria-label=\"status classes\">");
        classes.forEach(
                (name, count) -> {
                    String tone = toneClass(RankedTable.statusTone(name));
                    String label =
                            text(name)
                                    + String.format(
                                            " %,d (%s)", count, Human.percent(count, total));
                    html.append(
                            String.format(
                                    "<i%s style=\"width:%.3f%%\" title=\"%s\"></i>",
                                    tone, 100.0 * count / total, label));
                    legend.append("<span").append(tone).append("><span class=\"key\"></span>");
                    legend.append(label).append("</span>");
                });
        html.append("</div>").append(legend).append("</p></section>");
        return java.util.Optional.of(new Section("status-mix", "Status mix", html.toString()));
    }

    private static Section samples(String id, String title, List<MalformedSample> samples) {
        StringBuilder html = new StringBuilder();
        html.append("<section id=\"")
                .append(id)
                .append("\"><h2>")
                .append(text(title))
                .append("</h2><div class=\"scroll\"><table><thead><tr><th>file</th>")
                .append("<th class=\"n\">offset</th><th>reason</th><th>line</th></tr></thead>")
                .append("<tbody>");
        for (MalformedSample sample : samples) {
            html.append("<tr><td class=\"v\">")
                    .append(wrapped(sample.file()))
                    .append("</td><td class=\"n\">")
                    .append(String.format("%,d", sample.offset()))
                    .append("</td><td>")
                    .append(text(sample.reason()))
                    .append("</td><td class=\"v\">")
                    .append(wrapped(sample.excerpt()))
                    .append("</td></tr>");
        }
        html.append("</tbody></table></div></section>");
        return new Section(id, title, html.toString());
    }

    /** With files of several formats, or files left out as no log: what each format covers. */
    private static java.util.Optional<Section> formats(StatsReport report) {
        if (report.formats().size() < 2 && report.undetected().isEmpty()) {
            return java.util.Optional.empty();
        }
        String title = "Formats: each file read in its own";
        StringBuilder html = new StringBuilder("<section id=\"formats\"><h2>");
        html.append(title)
                .append("</h2><div class=\"scroll\"><table><thead><tr><th>format</th>")
                .append("<th class=\"n\">lines</th><th class=\"n\">events</th>")
                .append("<th class=\"n\">malformed</th><th>files</th></tr></thead><tbody>");
        for (FormatSection section : report.formats()) {
            html.append("<tr><td>")
                    .append(text(section.format()))
                    .append(String.format("</td><td class=\"n\">%,d", section.lines()))
                    .append(String.format("</td><td class=\"n\">%,d", section.events()))
                    .append(String.format("</td><td class=\"n\">%,d", section.malformed()))
                    .append("</td><td class=\"v\">")
                    .append(wrapped(String.join(", ", section.files())))
                    .append("</td></tr>");
        }
        for (InputFileNotes.SkippedFile file : report.undetected()) {
            html.append("<tr><td>left out: ")
                    .append(text(file.reason()))
                    .append("</td><td></td><td></td><td></td><td class=\"v\">")
                    .append(wrapped(LocalPaths.plain(file.path())))
                    .append("</td></tr>");
        }
        html.append("</tbody></table></div></section>");
        return java.util.Optional.of(new Section("formats", title, html.toString()));
    }

    /** How the input was read, folded: of interest when tuning, not when reading the logs. */
    private static Section splits(List<SplitReport> splits) {
        // A split in whose range no line starts read only to find where the next split's first
        // line begins: it has no row of its own, as if it had read lines.
        SplitRows rows = SplitRows.of(splits, split -> split.lines() > 0 || split.skipped());
        String title = "Reading: " + splits.size() + " splits";
        StringBuilder html = new StringBuilder("<section id=\"splits\"><details><summary>");
        html.append(title)
                .append("</summary><div class=\"scroll\"><table><thead><tr><th>file</th>")
                .append("<th class=\"n\">range</th><th class=\"n\">lines</th>")
                .append("<th class=\"n\">read calls</th><th class=\"n\">ms in reads</th></tr>")
                .append("</thead><tbody>");
        for (SplitReport split : rows.listed()) {
            html.append("<tr><td class=\"v\">")
                    .append(wrapped(LocalPaths.plain(split.path())))
                    .append(split.isPacked() ? " and " + (split.files().size() - 1) + " more" : "")
                    .append(
                            split.compressedBytesRead() > 0
                                    ? String.format(
                                            " (%s, %s read)",
                                            text(split.compression()),
                                            Human.bytes(split.compressedBytesRead()))
                                    : "")
                    .append(
                            split.skipReason() != null
                                    ? " (skipped: " + text(split.skipReason()) + ")"
                                    : "")
                    .append(
                            split.damagedFiles().stream()
                                    .map(file -> " (damaged: " + text(file.damage()) + ")")
                                    .collect(Collectors.joining()))
                    .append("</td><td class=\"n\">")
                    .append(String.format("[%,d, %,d)", split.start(), split.end()))
                    .append("</td><td class=\"n\">")
                    .append(String.format("%,d", split.lines()))
                    .append("</td><td class=\"n\">")
                    .append(split.readCalls())
                    .append("</td><td class=\"n\">")
                    .append(String.format("%.1f", split.readNanos() / 1e6))
                    .append("</td></tr>");
        }
        SplitRows.Sums others = rows.others();
        if (others.splits() > 0) {
            long withoutLines =
                    splits.stream().filter(split -> split.lines() == 0 && !split.skipped()).count();
            html.append("<tr><td class=\"v\">")
                    .append(others.label())
                    .append(
                            withoutLines > 0
                                    ? String.format(" (%,d in which no line starts)", withoutLines)
                                    : "")
                    .append("</td><td></td><td class=\"n\">")
                    .append(String.format("%,d", others.lines()))
                    .append("</td><td class=\"n\">")
                    .append(others.readCalls())
                    .append("</td><td class=\"n\">")
                    .append(String.format("%.1f", others.readNanos() / 1e6))
                    .append("</td></tr>");
        }
        html.append("</tbody></table></div></details></section>");
        return new Section("splits", title, html.toString());
    }

    private static String policy(String script, String more) {
        return "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-"
                + sha256(script)
                + "'"
                + more;
    }

    private static String sha256(String script) {
        try {
            return Base64.getEncoder()
                    .encodeToString(
                            MessageDigest.getInstance("SHA-256")
                                    .digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
