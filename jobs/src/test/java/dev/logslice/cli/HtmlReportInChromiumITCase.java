package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTML report of {@code stats} on a hostile access log and an application log, opened in
 * headless Chromium: it renders with its panels, its script runs under its Content-Security-Policy
 * without a console message, and no log value becomes markup. Screenshots light and dark, wide and
 * narrow, go to {@value #SHOTS_SETTING} (default {@code target/screenshots}) to be looked at.
 *
 * <p>Without a Chromium ({@value #CHROMIUM_SETTING}, else {@code chromium}, {@code
 * chromium-browser} or {@code google-chrome} on the PATH) the tests are skipped with a reason that
 * says so; {@code .ci/run}, where Chromium is installed, fails on such a skip.
 */
class HtmlReportInChromiumITCase {
    static final String CHROMIUM_SETTING = "LOGSLICE_CHROMIUM";
    static final String SHOTS_SETTING = "LOGSLICE_SCREENSHOTS";
    private static final long CHROMIUM_TIMEOUT_SECONDS = 120;

    /** Values that would be markup, break out of attributes or the style sheet, or drive a tty. */
    private static final String[] HOSTILE = {
        "/<script>alert(1)</script>",
        "/search?q=<img src=x onerror=alert(2)>&lang=en",
        "/</style><b id=bold>bold</b>",
        "/' onmouseover='alert(3)",
        // A terminal reset (ESC c): colours (CSI) are taken out of lines when parsed.
        "/evil\u001bc\u0007name",
        "/abc\u202edcba\u2066x\u2069",
        "/a/very/long/path/" + "segment-with-words/".repeat(20) + "end?x=1&y=2;z=3"
    };

    private static final DateTimeFormatter CLF =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    @TempDir static Path dir;

    private static Path chromium;
    private static Path html;

    @BeforeAll
    static void report() throws IOException {
        chromium = findChromium().orElse(null);
        if (chromium == null) {
            return;
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        writeAccessLog(logs.resolve("access.log"));
        LogGenerator.write(GeneratedFormat.LOG4J, 200_000, 7, logs.resolve("app.log"));
        html = dir.resolve("stats.html");
        CliRun run = CliRun.of("stats", "--quiet", "--html", html.toString(), logs.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
    }

    /**
     * Each test, not the class, is skipped without a Chromium: a class-level skip is reported as no
     * test at all (Tests run: 0, Skipped: 0), where this shows each test skipped, with why.
     */
    @BeforeEach
    void needsChromium() {
        Assumptions.assumeTrue(
                chromium != null,
                "chromium not available: install it (Debian: apt-get install chromium) or set "
                        + CHROMIUM_SETTING
                        + " to its path to run this test");
    }

    /** Three days of requests, errors in bursts, hostile paths, agents and referrers. */
    private static void writeAccessLog(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        long start = Instant.parse("2026-03-02T06:00:00Z").getEpochSecond();
        for (int i = 0; i < 6000; i++) {
            long time = start + i * 43L;
            boolean burst = (i / 300) % 5 == 3;
            int status = burst && i % 3 == 0 ? 503 : i % 17 == 0 ? 404 : i % 11 == 0 ? 304 : 200;
            String path = i % 4 == 0 ? HOSTILE[i % HOSTILE.length] : "/page/" + (i % 40);
            lines.add(
                    String.format(
                            "198.51.100.%d - - [%s] \"GET %s HTTP/1.1\" %d %d \"%s\" \"%s\"",
                            i % 200,
                            CLF.format(Instant.ofEpochSecond(time)),
                            path,
                            status,
                            200 + i % 5000,
                            "https://ref.example/" + HOSTILE[(i + 1) % HOSTILE.length],
                            i % 3 == 0
                                    ? "Mozilla/5.0 " + HOSTILE[(i + 2) % HOSTILE.length]
                                    : "curl/8.5.0"));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    @Test
    void rendersItsPanelsWithoutConsoleMessagesAndLogValuesOnlyAsText() throws Exception {
        Chromium run = chromium(List.of("--dump-dom", html.toUri().toString()));

        assertThat(run.consoleMessages()).as("console of %s", html).isEmpty();
        String dom = run.stdout();
        assertThat(dom).contains("<h1>logslice stats</h1>").contains("<nav aria-label=\"Panels\">");
        for (String panel :
                List.of(
                        "timeline",
                        "status-mix",
                        "status",
                        "levels",
                        "topPaths",
                        "topUserAgents",
                        "topReferrers",
                        "formats",
                        "splits")) {
            assertThat(dom).as(panel).contains("<a href=\"#" + panel + "\">");
            assertThat(dom).as(panel).contains("<section id=\"" + panel + "\">");
        }
        // The sort buttons are made by the page's script: it ran, under the page's policy.
        assertThat(dom).contains("<th class=\"n\"><button type=\"button\">count</button></th>");
        // The whole value is there on hover. Older Chromiums write < and > in attribute values
        // raw, so the markup checks below look at the DOM without its attribute values.
        assertThat(dom)
                .contains(
                        "title=\"https://ref.example//search?q=&lt;img src=x onerror=alert(2)&gt;"
                                + "&amp;lang=en\"");
        dom = dom.replaceAll("=\"[^\"]*\"", "=\"\"");
        // Only the page's own elements: no log value was parsed as markup.
        assertThat(dom).containsOnlyOnce("<script>").containsOnlyOnce("<style>");
        assertThat(dom).doesNotContain("<img").doesNotContain("<b id");
        assertThat(dom)
                .doesNotContainPattern("<[^<>]* onerror=")
                .doesNotContainPattern("<[^<>]* onmouseover=");
        assertThat(dom).contains("&lt;script&gt;alert(1)&lt;/<wbr>script&gt;");
        assertThat(dom).contains("&lt;/<wbr>style&gt;&lt;b id=bold&gt;bold&lt;/<wbr>b&gt;");
        assertThat(dom).contains("evil\\x1bc\\x07name").contains("abc\\u202edcba\\u2066x\\u2069");
    }

    @Test
    void screenshotsLightAndDarkWideAndNarrow() throws Exception {
        Path shots =
                Files.createDirectories(
                        Paths.get(
                                Optional.ofNullable(System.getenv(SHOTS_SETTING))
                                        .orElse("target/screenshots")));
        for (String theme : List.of("light", "dark")) {
            for (int width : new int[] {1400, 400}) {
                Path shot = shots.resolve("stats-" + theme + "-" + width + ".png");
                List<String> args = new ArrayList<>();
                args.add("--window-size=" + width + ",2400");
                args.add("--hide-scrollbars");
                // Blink's preferredColorScheme: 0 dark, 1 light.
                args.add("--blink-settings=preferredColorScheme=" + (theme.equals("dark") ? 0 : 1));
                if (theme.equals("dark")) {
                    args.add("--force-dark-mode");
                }
                args.add("--screenshot=" + shot.toAbsolutePath());
                args.add(html.toUri().toString());
                Files.deleteIfExists(shot);

                Chromium run = chromium(args);

                assertThat(run.consoleMessages()).isEmpty();
                BufferedImage image = ImageIO.read(shot.toFile());
                assertThat(image).as(shot.toString()).isNotNull();
                assertThat(image.getWidth()).isEqualTo(width);
                int background = luminance(image.getRGB(2, 2));
                if (theme.equals("dark")) {
                    assertThat(background).as("dark page background").isLessThan(40);
                } else {
                    assertThat(background).as("light page background").isGreaterThan(215);
                }
            }
        }
    }

    private static int luminance(int rgb) {
        return (((rgb >> 16) & 0xff) * 2126 + ((rgb >> 8) & 0xff) * 7152 + (rgb & 0xff) * 722)
                / 10_000;
    }

    /** What a Chromium run printed: the DOM on stdout, the log (console messages) on stderr. */
    private record Chromium(String stdout, String stderr) {
        /** With --enable-logging=stderr, every console message is logged as CONSOLE. */
        List<String> consoleMessages() {
            return stderr.lines().filter(line -> line.contains(":CONSOLE")).toList();
        }
    }

    private static Chromium chromium(List<String> args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> command = new ArrayList<>();
        command.add(chromium.toString());
        command.addAll(
                List.of(
                        "--headless",
                        "--disable-gpu",
                        "--no-sandbox",
                        "--no-first-run",
                        "--user-data-dir=" + profile,
                        "--enable-logging=stderr",
                        "--v=0"));
        command.addAll(args);
        File out = Files.createTempFile(dir, "chromium", ".out").toFile();
        File err = Files.createTempFile(dir, "chromium", ".err").toFile();
        Process process =
                new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
        if (!process.waitFor(CHROMIUM_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium took over " + CHROMIUM_TIMEOUT_SECONDS + " s");
        }
        String stderr = Files.readString(err.toPath());
        assertThat(process.exitValue()).as(stderr).isZero();
        return new Chromium(Files.readString(out.toPath()), stderr);
    }

    static Optional<Path> findChromium() {
        String setting = System.getenv(CHROMIUM_SETTING);
        if (setting != null && !setting.isBlank()) {
            Path path = Paths.get(setting);
            if (!Files.isExecutable(path)) {
                // A mistyped path must not pass as a skip.
                throw new IllegalStateException(
                        CHROMIUM_SETTING + "=" + setting + " is no program");
            }
            return Optional.of(path);
        }
        String pathVariable = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of("chromium", "chromium-browser", "google-chrome")
                .flatMap(
                        name ->
                                Stream.of(pathVariable.split(File.pathSeparator))
                                        .filter(folder -> !folder.isEmpty())
                                        .map(folder -> Paths.get(folder, name)))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
