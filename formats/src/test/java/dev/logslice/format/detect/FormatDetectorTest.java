package dev.logslice.format.detect;

import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.testing.RealLogs;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --format auto} on the real logs and on samples that fit no format or several. */
class FormatDetectorTest {
    private final FormatDetector detector = new FormatDetector(FormatRegistry.standard());

    @ParameterizedTest
    @CsvSource({
        "hackers-access.log, combined",
        "Apache_2k.log, apache-error",
        "Linux_2k.log, syslog",
        "OpenSSH_2k.log, syslog",
        "Hadoop_2k.log, hadoop",
        "Zookeeper_2k.log, zookeeper",
    })
    void detectsEveryRealLog(String file, String format) throws Exception {
        FormatDetection detection = detector.detect(RealLogs.file(file), ZoneId.of("UTC"));

        assertThat(detection.definition().name()).isEqualTo(format);
        assertThat(detection.fittingLines()).isEqualTo(detection.sampledLines()).isEqualTo(100);
        assertThat(detection.toString())
                .endsWith(file + ": format " + format + " (100 of 100 first lines fit)");
    }

    @Test
    void prefersTheFormatWithMoreFieldsAndTheFirstOfEqualReadings() throws Exception {
        assertThat(detect("1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5"))
                .isEqualTo("common");
        assertThat(detect("1.2.3.4 - - [2026-12-06T10:00:00+01:00] \"GET / HTTP/1.1\" 200 5"))
                .isEqualTo("common");
        assertThat(
                        detect(
                                "1.2.3.4 - - [2026-12-06T10:00:00+00:00] \"GET / HTTP/1.1\" 200 5"
                                        + " \"-\" \"curl/8\""))
                .isEqualTo("combined");
        assertThat(detect("10:00:00.000 [main] INFO  a.B - started")).isEqualTo("log4j2");
        assertThat(detect("10:00:00.000 [main] INFO  a.B -- started")).isEqualTo("logback");
    }

    /** A folder of a thousand small files detects a thousand times: formats are made once. */
    @Test
    void eachFormatIsMadeOncePerDetector() throws Exception {
        List<byte[]> combined =
                List.of(
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"a\""
                                .getBytes(StandardCharsets.UTF_8));
        List<byte[]> syslog =
                List.of("Oct 10 13:55:36 host sshd[1]: hello".getBytes(StandardCharsets.UTF_8));

        FormatDetection first = detector.detect("a.log", combined, Parsing.CONTEXT);
        detector.detect("b.log", syslog, Parsing.CONTEXT);
        FormatDetection again = detector.detect("c.log", combined, Parsing.CONTEXT);

        assertThat(again.definition().name()).isEqualTo("combined");
        assertThat(again.format()).isSameAs(first.format());
    }

    @Test
    void classicLog4jLayoutsAreDetected() throws Exception {
        assertThat(
                        detect(
                                "2024-01-15 10:20:30,123 [main] INFO  org.example.App - started",
                                "2024-01-15 10:20:31,007 [pool-2-thread-1] ERROR org.example.Job - failed",
                                "java.lang.IllegalStateException: no stock",
                                "\tat org.example.Job.run(Job.java:42)"))
                .isEqualTo("log4j-classic");
        assertThat(detect("2024-01-15 10:20:30,123 WARN  [worker 3] o.e.Sync - slow round"))
                .isEqualTo("log4j-classic");
    }

    @Test
    void stackTracesCountForJavaFormats() throws Exception {
        assertThat(
                        detect(
                                "2015-10-18 18:01:47,978 ERROR [main] a.B: failed",
                                "java.lang.IllegalStateException: boom",
                                "\tat a.B.run(B.java:1)",
                                "Caused by: java.io.IOException: closed",
                                "\t... 3 more",
                                "2015-10-18 18:01:48,000 INFO [main] a.B: retry"))
                .isEqualTo("hadoop");
    }

    /**
     * Java layouts take any word as the level, so lines of other programs with a time, a word and
     * "name:" would read as their events, the host as the level.
     */
    @Test
    void javaLayoutsAreNotDetectedOnWordsThatAreNoLevels() {
        assertThatThrownBy(
                        () ->
                                detect(
                                        "2024-01-15 10:20:30,123 web01 sshd[1234]: Accepted key",
                                        "2024-01-15 10:20:31,456 web01 systemd[1]: Started x.",
                                        "2024-01-15 10:20:32,789 worker Pool: job 18 done"))
                .isInstanceOf(FormatDetectionException.class)
                .hasMessageContaining("no format fits the first 3 lines")
                .hasMessageNotContaining("hadoop (");
    }

    @Test
    void customLevelsAmongKnownOnesAreRead() throws Exception {
        String[] lines = {
            "2015-10-18 18:01:47,978 INFO [main] org.example.App: starting",
            "2015-10-18 18:01:48,001 AUDIT [main] org.example.Audit: bob logged in",
            "2015-10-18 18:01:49,420 warn [main] org.example.App: slow start"
        };

        assertThat(detect(lines)).isEqualTo("hadoop");
        LogFormat hadoop = FormatRegistry.standard().create("hadoop", FormatOptions.none());
        assertThat(Arrays.stream(lines).map(line -> Parsing.event(hadoop, line).level()))
                .containsExactly("INFO", "AUDIT", "warn");
    }

    @Test
    void aFileOfMostlyCustomLevelsIsRefusedNamingTheFormatThatReadsIt() {
        assertThatThrownBy(
                        () ->
                                detect(
                                        "2015-10-18 18:01:47,978 AUDIT [main] a.Audit: alice in",
                                        "2015-10-18 18:01:48,001 AUDIT [main] a.Audit: bob in",
                                        "2015-10-18 18:01:49,420 INFO [main] a.App: ready"))
                .hasMessageContaining(
                        "hadoop would read 3 of them but 2 have a level of no known name"
                                + " (\"AUDIT\"): if those are levels of the log's own, pass"
                                + " --format hadoop");
    }

    @Test
    void aFewBrokenLinesAreMalformedLinesNotARefusal() throws Exception {
        String good =
                "10.0.0.1 - - [10/Oct/2000:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 5 \"-\""
                        + " \"curl/8\"";

        assertThat(detect(good, "garbage that fits nothing", good)).isEqualTo("combined");
    }

    /**
     * One combined line cut short anywhere after its size (a truncated last line, a quote inside a
     * user agent) made the whole file common: every referrer and user agent dropped without a word.
     * Combined, with that one line malformed, is the fuller reading.
     */
    @Property(tries = 200)
    void oneCombinedLineCutShortKeepsTheFileCombined(
            @ForAll @IntRange(min = 2, max = 99) int goodLines,
            @ForAll @IntRange(min = 0, max = 99) int cutAt,
            @ForAll @IntRange(min = 1, max = 200) int cutBy,
            @ForAll("agents") String agent)
            throws FormatDetectionException {
        String[] lines = new String[goodLines + 1];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = combinedLine(i, agent);
        }
        int cut = Math.min(cutAt, goodLines);
        String whole = lines[cut];
        int headers = whole.indexOf(" \"http");
        lines[cut] = whole.substring(0, Math.max(headers, whole.length() - cutBy));

        assertThat(detect(lines)).as(lines[cut]).isEqualTo("combined");
    }

    @Provide
    Arbitrary<String> agents() {
        return Arbitraries.of(
                "curl/8.5.0",
                "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15"
                        + " (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1");
    }

    /**
     * Common read every combined line too, its referrer and agent dropped: with two cut lines, more
     * than combined may miss, it was chosen and read all. It reads none of them now, and combined
     * reads half of the lines, which is too few to fit.
     */
    @Test
    void combinedLinesCutShortAreNoCommonLines() {
        String cut =
                "10.0.0.9 - - [10/Oct/2000:13:55:36 +0000] \"GET /x HTTP/1.1\" 200 5 \"http://a/";
        String[] lines = {combinedLine(0, "curl/8"), cut, combinedLine(1, "curl/8"), cut};

        assertThatThrownBy(() -> detect(lines))
                .hasMessageContaining("no format fits")
                .hasMessageContaining("combined (2 of 4 lines)");
    }

    /**
     * A mostly combined log with a few CLF lines (a 408 that nginx logs without headers) was
     * common, as common read every line: every referrer and user agent dropped without a word.
     */
    @Test
    void aMostlyCombinedLogWithSomeClfLinesIsCombined() throws Exception {
        String clf = "10.0.0.9 - - [10/Oct/2024:13:55:39 +0000] \"GET /d HTTP/1.1\" 408 0";
        String[] lines = {
            combinedLine(0, "curl/8.0"),
            combinedLine(1, "curl/8.0"),
            combinedLine(2, "curl/8.0"),
            clf,
            clf
        };
        String[] withPairs =
                Arrays.stream(lines)
                        .map(l -> l.endsWith("\"") ? l + " rt=0.005 uct=\"0.001\" host=a" : l)
                        .toArray(String[]::new);

        assertThat(detect(lines)).isEqualTo("combined");
        assertThat(detect(withPairs)).isEqualTo("combined");
        assertThat(detect(clf, clf, clf)).isEqualTo("common");
        assertThat(detect(combinedLine(0, "curl/8.0"), combinedLine(1, "curl/8.0")))
                .isEqualTo("combined");
    }

    /**
     * Combined and CLF lines in any order: the format of most of them is chosen, the other lines
     * are its malformed ones; as many of each fit neither.
     */
    @Property(tries = 100)
    void combinedAndClfLinesAreTheFormatOfMostOfThem(
            @ForAll @IntRange(min = 0, max = 12) int combinedLines,
            @ForAll @IntRange(min = 0, max = 12) int clfLines,
            @ForAll long seed)
            throws FormatDetectionException {
        Assume.that(combinedLines + clfLines > 0 && combinedLines != clfLines);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < combinedLines; i++) {
            lines.add(combinedLine(i, "curl/8.0"));
        }
        for (int i = 0; i < clfLines; i++) {
            lines.add(combinedLine(i, "-").replaceAll(" \"http.*", ""));
        }
        Collections.shuffle(lines, new Random(seed));

        assertThat(detect(lines.toArray(String[]::new)))
                .isEqualTo(combinedLines > clfLines ? "combined" : "common");
    }

    private static String combinedLine(int n, String agent) {
        return "10.0."
                + (n / 250)
                + "."
                + (n % 250 + 1)
                + " - - [10/Oct/2000:13:55:"
                + String.format("%02d", n % 60)
                + " +0000] \"GET /page/"
                + n
                + "?q=a%20b HTTP/1.1\" 200 "
                + (100 + n)
                + " \"http://example.com/from/"
                + n
                + "\" \""
                + agent
                + "\"";
    }

    @Test
    void tabIndentedContinuationsFitSyslog() throws Exception {
        String event = "Oct  3 09:10:00 mac-mini com.apple.xpc.launchd[1]: Service exited";
        String continuation = "\tsubsystem = com.apple.xpc; code = 78";
        // 7 events (E) and 10 continuation lines (C), as macOS writes them.
        String[] lines =
                "ECCECCECCECECECCE"
                        .chars()
                        .mapToObj(kind -> kind == 'E' ? event : continuation)
                        .toArray(String[]::new);

        assertThat(Arrays.stream(lines).filter(event::equals).count()).isEqualTo(7);
        assertThat(detect(lines)).isEqualTo("syslog");
    }

    @Test
    void noFormatFitsShowsTheFirstLineAndOnlyFormatsThatReadSomething() {
        assertThatThrownBy(
                        () ->
                                detect(
                                        "\u001b[31mhello world",
                                        "Jun  4 15:16:01 host prog: x",
                                        "foo bar",
                                        "baz"))
                .isInstanceOf(FormatDetectionException.class)
                .hasMessageStartingWith(
                        "no format fits the first 4 lines of sample.log, which starts"
                                + " \"\\x1b[31mhello world\"; closest: syslog (1 of 4 lines)")
                .hasMessageNotContaining("json (0")
                .hasMessageNotContaining("combined (")
                .hasMessageContaining(
                        "For a layout of your own: --format regex --pattern '(?<timestamp>")
                .hasMessageContaining("--time-format 'yyyy-MM-dd HH:mm:ss'")
                .hasMessageContaining("Pass --format with one of those 'logslice formats' lists")
                .hasMessageNotContaining("combined, common");
    }

    /** The first line is shown as text where it is valid UTF-8: it was all {@code \xd0\xba}. */
    @Test
    void noFormatFitsShowsNonAsciiTextAsItIs() {
        assertThatThrownBy(() -> detect("ключ не найден\u202e \u00ff", "ещё одна строка"))
                .hasMessageContaining("which starts \"ключ не найден\\u202e ÿ\"");
    }

    @Test
    void noFormatReadingAnythingSaysSo() {
        assertThatThrownBy(() -> detect("hello world", "foo bar"))
                .hasMessageContaining("which starts \"hello world\"; no known format reads any")
                .satisfies(
                        e ->
                                assertThat(((FormatDetectionException) e).shortReason())
                                        .isEqualTo("no known format"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"access.log.1", "access.log"})
    void aCompressedFileItsNameDoesNotSayIsNamedSo(String name, @TempDir Path dir)
            throws Exception {
        Path file = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(
                    ("127.0.0.1 - - [10/Oct/2026:13:55:36 -0700] \"GET / HTTP/1.1\" 200 5 \"-\""
                                    + " \"curl/8\"\n")
                            .repeat(3)
                            .getBytes(StandardCharsets.UTF_8));
        }
        Path named = Files.copy(file, dir.resolve(name + ".gz"));

        assertThatThrownBy(() -> detector.detect(file, ZoneId.of("UTC")))
                .hasMessage(
                        file
                                + " is gzip-compressed, which its name does not say: name it with"
                                + " .gz, or pipe it in as - (standard input is decompressed)");
        assertThat(detector.detect(named, ZoneId.of("UTC")).definition().name())
                .isEqualTo("combined");
    }

    @Test
    void binaryFilesAreNoLogs(@TempDir Path dir) throws IOException {
        byte[] record = new byte[384];
        System.arraycopy("pts/0".getBytes(StandardCharsets.US_ASCII), 0, record, 8, 5);
        Path wtmp = Files.write(dir.resolve("wtmp"), record);

        assertThatThrownBy(() -> detector.detect(wtmp, ZoneId.of("UTC")))
                .hasMessageEndingWith(
                        "is binary (a NUL byte in its first 8192 bytes), not a text log")
                .satisfies(
                        e ->
                                assertThat(((FormatDetectionException) e).shortReason())
                                        .isEqualTo("binary"));
    }

    @Test
    void mixedFilesAreAmbiguousWhenNoReadingCovers() {
        String[] lines = new String[20];
        Arrays.fill(lines, 0, 10, "Jun  4 15:16:01 host prog: x");
        Arrays.fill(lines, 10, 20, "{\"message\":\"x\"}");

        assertThatThrownBy(() -> detect(lines))
                .hasMessageStartingWith("no format fits the first 20 lines of sample.log")
                .hasMessageContaining("syslog (10 of 20 lines)")
                .hasMessageContaining("json (10 of 20 lines)");
    }

    /**
     * A first line longer than the sample (a 1 MiB URL) hid every line after it: "no lines". The
     * sample now starts after such lines, plain or compressed, and a file of only one says so.
     */
    @ParameterizedTest
    @ValueSource(strings = {"access.log", "access.log.gz"})
    void linesLongerThanTheSampleAreLookedPast(String name, @TempDir Path dir) throws Exception {
        String line = "10.0.0.1 - - [10/Oct/2000:13:55:36 +0000] \"GET /%s HTTP/1.1\" 200 5\n";
        String text =
                String.format(line, "a".repeat(1 << 20))
                        + String.format(line, "b".repeat(300_000))
                        + String.format(line, "c").repeat(20);
        Path log = dir.resolve(name);
        try (OutputStream out =
                name.endsWith(".gz")
                        ? new GZIPOutputStream(Files.newOutputStream(log))
                        : Files.newOutputStream(log)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Path onlyLong = Files.writeString(dir.resolve("long.log"), "x".repeat(1 << 20) + "\n");

        assertThat(detector.detect(log, ZoneId.of("UTC")).definition().name()).isEqualTo("common");
        assertThat(LineSample.read(log, 100, 256 << 10).lines())
                .hasSize(20)
                .allMatch(l -> new String(l, StandardCharsets.UTF_8).contains("GET /c "));
        assertThatThrownBy(() -> detector.detect(onlyLong, ZoneId.of("UTC")))
                .hasMessageStartingWith(onlyLong + " has no lines to detect its format from");
    }

    /**
     * A gzip cut short within the sample (a rotation caught half-written) is sampled as far as its
     * text goes, as the source reads it; one from which nothing comes out is no log.
     */
    @Test
    void aCutGzipIsSampledAsFarAsItGoes(@TempDir Path dir) throws Exception {
        String line = "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET /%d HTTP/1.1\" 200 5\n";
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            text.append(String.format(line, i));
        }
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gzip)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gzip.toByteArray();
        Path cut =
                Files.write(dir.resolve("access.log.2.gz"), Arrays.copyOf(whole, whole.length / 2));
        Path header = Files.write(dir.resolve("access.log.3.gz"), Arrays.copyOf(whole, 12));

        List<byte[]> lines = LineSample.read(cut, 100_000, 256 << 10).lines();

        assertThat(lines).hasSizeBetween(1, 1_999);
        for (int i = 0; i < lines.size(); i++) {
            assertThat(new String(lines.get(i), StandardCharsets.UTF_8))
                    .isEqualTo(String.format(line, i).strip());
        }
        assertThat(detector.detect(cut, ZoneId.of("UTC")).definition().name()).isEqualTo("common");
        assertThatThrownBy(() -> LineSample.read(header, 100, 256 << 10))
                .isInstanceOf(FormatDetectionException.class)
                .hasMessageContaining("corrupt gzip");
    }

    /** A UTF-8 byte order mark (Notepad, PowerShell's Out-File) is no part of the first line. */
    @Test
    void aByteOrderMarkIsNoPartOfTheFirstLine(@TempDir Path dir) throws Exception {
        Path json =
                Files.writeString(
                        dir.resolve("app.json"),
                        "\uFEFF{\"level\":\"info\",\"msg\":\"started\"}\n");
        Path access =
                Files.writeString(
                        dir.resolve("access.log"),
                        "\uFEFF1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5\n");

        assertThat(detector.detect(json, ZoneId.of("UTC")).definition().name()).isEqualTo("json");
        assertThat(LineSample.read(access, 100, 256 << 10).lines())
                .singleElement()
                .satisfies(
                        l ->
                                assertThat(new String(l, StandardCharsets.UTF_8))
                                        .startsWith("1.2.3.4 "));
    }

    /**
     * After copytruncate a log starts with a hole of NULs as long as it was (its writer goes on at
     * its old offset): it was refused as binary, all its lines with it.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5000, 300_000})
    void aHoleOfNulsBeforeTheFirstLineIsLookedPast(int zeros, @TempDir Path dir) throws Exception {
        String line = "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5\n";
        Path log = dir.resolve("access.log");
        try (OutputStream out = Files.newOutputStream(log)) {
            out.write(new byte[zeros]);
            out.write(line.repeat(3).getBytes(StandardCharsets.UTF_8));
        }
        Path binary = dir.resolve("wtmp");
        try (OutputStream out = Files.newOutputStream(binary)) {
            out.write(new byte[zeros]);
            out.write("pts/0".getBytes(StandardCharsets.UTF_8));
            out.write(new byte[300]);
            out.write(line.getBytes(StandardCharsets.UTF_8));
        }

        assertThat(detector.detect(log, ZoneId.of("UTC")).definition().name()).isEqualTo("common");
        assertThat(LineSample.read(log, 100, 256 << 10).lines())
                .hasSize(3)
                .allSatisfy(
                        l ->
                                assertThat(new String(l, StandardCharsets.UTF_8))
                                        .startsWith("1.2.3.4 "));
        // NULs among the text after the hole still make a file binary, as do NULs alone.
        assertThat(LineSample.read(binary, 100, 256 << 10).content())
                .isEqualTo(LineSample.Content.BINARY);
        Path allZeros = Files.write(dir.resolve("zeros"), new byte[zeros]);
        assertThat(LineSample.read(allZeros, 100, 256 << 10).content())
                .isEqualTo(LineSample.Content.BINARY);
    }

    /**
     * PowerShell 5's '>' and Out-File write UTF-16 with a byte order mark: such a log was called
     * binary, which sent its user looking for the wrong thing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"UTF-16LE", "UTF-16BE"})
    void utf16FilesAreNamedSo(String charset, @TempDir Path dir) throws Exception {
        Path log = dir.resolve("app.log");
        Files.write(
                log,
                "\uFEFF1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5\n"
                        .getBytes(java.nio.charset.Charset.forName(charset)));

        assertThatThrownBy(() -> detector.detect(log, ZoneId.of("UTC")))
                .hasMessage(
                        log
                                + " is UTF-16 text (its byte order mark says so); logslice reads"
                                + " UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)")
                .satisfies(
                        e ->
                                assertThat(((FormatDetectionException) e).shortReason())
                                        .isEqualTo("UTF-16"));
    }

    /**
     * A log with CR alone as line ends (classic Mac OS) was one line to the source, and combined,
     * which allows text after its fields, kept only its first record: the others were lost unsaid.
     */
    @Test
    void crLineEndsAreRefused(@TempDir Path dir) throws Exception {
        String line =
                "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"x\"";
        Path mac = Files.writeString(dir.resolve("mac.log"), (line + "\r").repeat(3));
        Path crlf = Files.writeString(dir.resolve("windows.log"), (line + "\r\n").repeat(3));
        Path progress =
                Files.writeString(dir.resolve("build.log"), "get 10%\rget 50%\rget 100%\n" + line);

        assertThatThrownBy(() -> detector.detect(mac, ZoneId.of("UTC")))
                .hasMessage(
                        mac
                                + " ends its lines with CR alone (classic Mac OS), which logslice"
                                + " does not read as line ends: convert it first (tr '\\r' '\\n')")
                .satisfies(
                        e ->
                                assertThat(((FormatDetectionException) e).shortReason())
                                        .isEqualTo("CR line ends"));
        assertThat(detector.detect(crlf, ZoneId.of("UTC")).definition().name())
                .isEqualTo("combined");
        // CRs inside LF-ended lines (a progress bar) are text.
        assertThat(LineSample.read(progress, 100, 256 << 10).content())
                .isEqualTo(LineSample.Content.TEXT);
        // A named format reads no sample to detect, and is refused the same file the same way.
        assertThat(FormatDetector.crLineEndsRefusal(mac))
                .hasValueSatisfying(message -> assertThat(message).startsWith(mac + " ends its"));
        assertThat(FormatDetector.crLineEndsRefusal(crlf)).isEmpty();
        assertThat(FormatDetector.crLineEndsRefusal(progress)).isEmpty();
    }

    /** journald's reading of a message of bytes differs from plain json's, and is the right one. */
    @Test
    void aJournaldExportWithMessagesOfBytesIsJournald() throws Exception {
        assertThat(
                        detect(
                                "{\"__REALTIME_TIMESTAMP\":\"1705314030123456\",\"PRIORITY\":\"6\","
                                        + "\"MESSAGE\":\"plain\"}",
                                "{\"__REALTIME_TIMESTAMP\":\"1705314031123456\",\"PRIORITY\":\"3\","
                                        + "\"MESSAGE\":[27,91,51,49,109,104,105]}"))
                .isEqualTo("journald");
    }

    @Test
    void emptySampleSaysSo() {
        assertThatThrownBy(() -> detect("", "  "))
                .hasMessageStartingWith("sample.log has no lines to detect its format from");
    }

    private String detect(String... lines) throws FormatDetectionException {
        List<byte[]> bytes =
                Arrays.stream(lines)
                        .map(line -> line.getBytes(StandardCharsets.UTF_8))
                        .collect(Collectors.toList());
        return detector.detect("sample.log", bytes, Parsing.CONTEXT).definition().name();
    }
}
