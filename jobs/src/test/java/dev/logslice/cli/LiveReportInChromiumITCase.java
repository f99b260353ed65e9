package dev.logslice.cli;

import dev.logslice.cli.FollowRuns.AccessLogWriter;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats --follow --serve 0} through the launcher, its page open in headless Chromium while
 * lines are appended to the followed log, hostile paths among them: the page takes the new counts
 * in without being loaded again, shows the hostile paths as text (no element made of them), and
 * logs nothing to its console. A screenshot goes to {@value
 * HtmlReportInChromiumITCase#SHOTS_SETTING} (default {@code target/screenshots}) as {@code
 * live-report.png}.
 */
class LiveReportInChromiumITCase extends FollowRunsTest {
    private static final String SCRIPT_PATH = "/<script>alert(1)</script>";
    private static final String IMG_PATH = "/\"><img src=x onerror=alert(2)>";
    private static final Pattern SERVING = Pattern.compile("logslice: serving (http://\\S+/)");

    /** The card of a count, and a panel's rows as [count, value] pairs, from the page. */
    private static final String PAGE_STATE =
            "(function(){var c={};document.querySelectorAll('.card').forEach(function(d){"
                    + "c[d.querySelector('span').textContent]=d.querySelector('b').textContent});"
                    + "var rows=Array.prototype.map.call("
                    + "document.querySelectorAll('#topPaths tbody tr'),function(r){"
                    + "return [r.cells[0].textContent,r.cells[r.cells.length-1].textContent]});"
                    + "return {lines:c.lines||'',paths:rows,"
                    + "imgs:document.querySelectorAll('img').length,"
                    + "scripts:document.scripts.length,"
                    + "handlers:document.querySelectorAll('[onerror],[onload]').length,"
                    + "sameDocument:window.loadedOnce===true}})()";

    @Test
    void appendedLinesAppearOnTheOpenPageAndHostilePathsOnlyAsText() throws Exception {
        Path chromium = HtmlReportInChromiumITCase.findChromium().orElse(null);
        Assumptions.assumeTrue(
                chromium != null,
                "chromium not available: install it (Debian: apt-get install chromium) or set "
                        + HtmlReportInChromiumITCase.CHROMIUM_SETTING);
        Path log = accessLogWithOneLine();
        Path logs = log.getParent();
        runs =
                new FollowRuns(
                        dir,
                        dir.resolve("none"),
                        "stats",
                        "--follow",
                        "--from-start",
                        "--format",
                        "combined",
                        "--refresh",
                        "300ms",
                        "--top",
                        "60",
                        "--serve",
                        "0",
                        logs.toString());
        runs.start();
        runs.await("the address served", () -> served().isPresent());
        String url = served().orElseThrow();
        assertThat(url).startsWith("http://127.0.0.1:");

        try (ChromiumPage page = ChromiumPage.open(chromium, dir, 1200)) {
            page.navigate(url);
            page.awaitTrue("the first report", "document.querySelector('.card') !== null");
            // Gone if the page were loaded again rather than its content swapped.
            page.evaluate("window.loadedOnce = true");

            AccessLogWriter writer = new AccessLogWriter(log);
            writer.writeNext(40);
            append(log, SCRIPT_PATH, 3);
            append(log, IMG_PATH, 2);
            long lines = 1 + 40 + 3 + 2;
            page.awaitTrue(
                    "the appended lines on the page",
                    "(" + PAGE_STATE + ").lines === '" + String.format("%,d", lines) + "'");

            JsonNode state = page.evaluate(PAGE_STATE);
            assertThat(state.get("sameDocument").asBoolean()).as("swapped, not reloaded").isTrue();
            assertThat(state.get("paths").toString())
                    .as("hostile paths as text, with their counts")
                    .contains(pair("3", SCRIPT_PATH))
                    .contains(pair("2", IMG_PATH))
                    .contains(pair("1", "/n/39"));
            assertThat(state.get("imgs").asInt()).isZero();
            assertThat(state.get("handlers").asInt()).isZero();
            assertThat(state.get("scripts").asInt()).as("the page's own script only").isOne();
            assertThat(page.messages()).as("console, exceptions, CSP violations").isEmpty();

            Path shots =
                    Files.createDirectories(
                            Paths.get(
                                    Optional.ofNullable(
                                                    System.getenv(
                                                            HtmlReportInChromiumITCase
                                                                    .SHOTS_SETTING))
                                            .orElse("target/screenshots")));
            Path shot = shots.resolve("live-report.png");
            page.screenshot(shot);
            assertThat(ImageIO.read(shot.toFile()).getWidth()).isEqualTo(1200);
            System.out.printf(
                    "LiveReportInChromiumITCase: %d lines on the live page; screenshot %s%n",
                    lines, shot.toAbsolutePath());

            runs.stop(); // SIGTERM: the server stopped with the job, exit 0
            // The page was told, and does not try to reconnect (each try a console error).
            page.awaitTrue("the page told of the stop", "/\\(stopped\\)$/.test(document.title)");
            assertThat(page.messages()).as("console after the stop").isEmpty();
        }
    }

    /** [count, value] as the page state's JSON writes it. */
    private static String pair(String count, String value) {
        return "[\"" + count + "\",\"" + value.replace("\"", "\\\"") + "\"]";
    }

    private Optional<String> served() {
        try {
            Matcher serving = SERVING.matcher(runs.stderr(1));
            return serving.find() ? Optional.of(serving.group(1)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** {@code count} requests of {@code path}, each a 404. */
    private static void append(Path log, String path, int count) throws IOException {
        try (OutputStream out = Files.newOutputStream(log, StandardOpenOption.APPEND)) {
            for (int i = 0; i < count; i++) {
                out.write(
                        ("10.0.0.9 - - [02/Dec/2026:11:00:0"
                                        + i
                                        + " +0000] \"GET "
                                        + path
                                        + " HTTP/1.1\" 404 10 \"-\" \"agent\"\n")
                                .getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
