package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stats}, {@code grep} and {@code parse} on a folder laid out as a Debian/Ubuntu {@code
 * /var/log}: syslog files (one rotated, one gzipped, one a gzip cut short), nginx access and error
 * logs (an access line broken), dpkg.log, apt's history.log and term.log, alternatives.log,
 * fail2ban.log, a binary {@code wtmp} and a README. Every file is read in its own format or listed
 * as left out with why, exactly once, by its path.
 */
class LogFolderITCase {
    private static final String[] PROGRAMS = {
        "CRON[%d]", "systemd[1]", "sshd[%d]", "postfix/smtpd[%d]", "kernel", "NetworkManager[%d]"
    };

    @TempDir Path dir;
    private Path varLog;
    private final Random random = new Random(14);

    /** Lines written per file, by file name. */
    private final Map<String, Integer> written = new HashMap<>();

    @BeforeEach
    void buildVarLog() throws IOException {
        varLog = Files.createDirectories(dir.resolve("var/log"));
        write("syslog", syslogLines(120, "Jan 15"));
        write("syslog.1", syslogLines(80, "Jan 14"));
        writeGzip("syslog.2.gz", syslogLines(60, "Jan 13"));
        writeGzip("syslog.3.gz", syslogLines(40, "Jan 12"));
        byte[] whole = Files.readAllBytes(varLog.resolve("syslog.3.gz"));
        Files.write(varLog.resolve("syslog.3.gz"), Arrays.copyOf(whole, whole.length / 2));
        write("auth.log", syslogLines(40, "Jan 15"));
        write("kern.log", syslogLines(30, "Jan 15"));
        write(
                "dpkg.log",
                List.of(
                        "2024-01-15 10:20:30 startup archives unpack",
                        "2024-01-15 10:20:31 install libc6:amd64 <none> 2.36-9",
                        "2024-01-15 10:20:32 status half-installed libc6:amd64 2.36-9"));
        Files.createDirectories(varLog.resolve("apt"));
        write(
                "apt/history.log",
                List.of(
                        "",
                        "Start-Date: 2024-01-15  10:20:30",
                        "Commandline: apt-get install -y nginx",
                        "Install: nginx:amd64 (1.22.1-9)",
                        "End-Date: 2024-01-15  10:20:35"));
        write(
                "apt/term.log",
                List.of(
                        "Log started: 2024-01-15  10:20:31",
                        "Selecting previously unselected package nginx.",
                        "(Reading database ... \r(Reading database ... 100%",
                        "Setting up nginx (1.22.1-9) ...",
                        "Log ended: 2024-01-15  10:20:35",
                        ""));
        write(
                "alternatives.log",
                List.of(
                        "update-alternatives 2024-01-15 10:20:33: run with --install"
                                + " /usr/bin/editor editor /usr/bin/vim.basic 30",
                        "update-alternatives 2024-01-15 10:20:33: link group editor updated to"
                                + " point to /usr/bin/vim.basic"));
        write(
                "fail2ban.log",
                List.of(
                        "2024-01-15 10:20:30,123 fail2ban.server         [812]: INFO    Starting"
                                + " Fail2ban v1.0.2",
                        "2024-01-15 10:20:31,002 fail2ban.actions        [812]: NOTICE  [sshd] Ban"
                                + " 203.0.113.5"));
        Files.createDirectories(varLog.resolve("nginx"));
        List<String> access = accessLines(90);
        access.add(45, "\u001b[2J not a request at all");
        write("nginx/access.log", access);
        write("nginx/access.log.1", accessLines(50));
        write(
                "nginx/error.log",
                List.of(
                        "2024/01/15 10:20:30 [error] 1234#1234: *5 open() \"/var/www/x\" failed"
                                + " (2: No such file or directory), client: 10.0.0.9, server: _",
                        "2024/01/15 10:20:31 [warn] 1234#1234: *6 an upstream response is"
                                + " buffered to a temporary file",
                        "2024/01/15 10:20:32 [error] 1234#1234: *7 upstream timed out (110:"
                                + " Connection timed out), client: 10.0.0.9, server: shop,"
                                + " request: \"GET /api HTTP/1.1\", host: \"shop\""));
        Files.write(varLog.resolve("btmp"), new byte[0]);
        byte[] wtmp = new byte[384 * 3];
        System.arraycopy("pts/0".getBytes(StandardCharsets.US_ASCII), 0, wtmp, 8, 5);
        Files.write(varLog.resolve("wtmp"), wtmp);
        write(
                "README",
                List.of(
                        "You are looking for the traditional text log files in"
                                + " /var/log, and they are gone?",
                        "",
                        "Here's an explanation on what's going on:"));
    }

    @ParameterizedTest
    @CsvSource({"1, 64m", "2, 4k"})
    void statsReadsEachFileInItsOwnFormatAndListsWhatIsNoLog(int parallelism, String splitSize)
            throws IOException {
        Path json = dir.resolve("stats.json");

        CliRun run =
                CliRun.of(
                        "stats",
                        "-p",
                        String.valueOf(parallelism),
                        "--split-size",
                        splitSize,
                        "--json",
                        json.toString(),
                        varLog.toString());

        // The cut syslog.3.gz is read up to its end and told of; its damage is the exit's 2.
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(CliErrors.USAGE_OR_INPUT);
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        JsonNode cut = stats.get("damagedFiles").get(0);
        assertThat(stats.get("damagedFiles")).hasSize(1);
        assertThat(cut.get("path").asText()).isEqualTo(varLog.resolve("syslog.3.gz").toString());
        assertThat(cut.get("damage").asText()).startsWith("the gzip stream ends early");
        long linesOfCut = cut.get("lines").asLong();
        assertThat(linesOfCut).isPositive().isLessThan(written.get("syslog.3.gz"));
        Map<String, JsonNode> sections = new HashMap<>();
        for (JsonNode section : stats.get("formats")) {
            sections.put(section.get("format").asText(), section);
        }
        assertThat(namesOf(sections.get("syslog").get("files")))
                .containsExactly(
                        "auth.log", "kern.log", "syslog", "syslog.1", "syslog.2.gz", "syslog.3.gz");
        assertThat(sections.get("syslog").get("lines").asLong()).isEqualTo(330 + linesOfCut);
        // The line the cut ends in is a line too, parsed for what it holds, as zcat shows it: an
        // event, or malformed when the cut leaves no syslog line.
        assertThat(sections.get("syslog").get("malformed").asLong()).isBetween(0L, 1L);
        assertThat(
                        sections.get("syslog").get("events").asLong()
                                + sections.get("syslog").get("malformed").asLong())
                .isEqualTo(330 + linesOfCut);
        assertThat(namesOf(sections.get("combined").get("files")))
                .containsExactly("access.log", "access.log.1");
        assertThat(sections.get("combined").get("lines").asLong()).isEqualTo(141);
        assertThat(sections.get("combined").get("events").asLong()).isEqualTo(140);
        assertThat(sections.get("combined").get("malformed").asLong()).isEqualTo(1);
        Map<String, String> skipped = new HashMap<>();
        for (JsonNode file : stats.get("skippedFiles")) {
            skipped.put(
                    Path.of(file.get("path").asText()).getFileName().toString(),
                    file.get("reason").asText());
        }
        assertThat(skipped)
                .containsEntry("wtmp", "binary")
                .containsEntry("README", "no known format")
                .doesNotContainKey("syslog.3.gz");
        assertThat(namesOf(sections.get("dpkg").get("files"))).containsExactly("dpkg.log");
        assertThat(sections.get("dpkg").get("events").asLong()).isEqualTo(3);
        assertThat(namesOf(sections.get("apt-history").get("files")))
                .containsExactly("history.log");
        // One block: its Start-Date line and the three after it; the first line is blank, before
        // any event, and counted so: nothing of the file is malformed.
        assertThat(sections.get("apt-history").get("events").asLong()).isEqualTo(1);
        assertThat(sections.get("apt-history").get("malformed").asLong()).isZero();
        assertThat(stats.get("blankLines").asLong()).isEqualTo(1);
        assertThat(namesOf(sections.get("nginx-error").get("files"))).containsExactly("error.log");
        assertThat(sections.get("nginx-error").get("events").asLong()).isEqualTo(3);
        assertThat(sections.get("nginx-error").get("malformed").asLong()).isZero();
        // One run of apt: its six lines, the blank one after Log ended included, are one event.
        assertThat(namesOf(sections.get("apt-term").get("files"))).containsExactly("term.log");
        assertThat(sections.get("apt-term").get("events").asLong()).isEqualTo(1);
        assertThat(sections.get("apt-term").get("malformed").asLong()).isZero();
        assertThat(namesOf(sections.get("alternatives").get("files")))
                .containsExactly("alternatives.log");
        assertThat(sections.get("alternatives").get("events").asLong()).isEqualTo(2);
        assertThat(namesOf(sections.get("fail2ban").get("files"))).containsExactly("fail2ban.log");
        assertThat(sections.get("fail2ban").get("events").asLong()).isEqualTo(2);
        // The empty btmp is no file of any format.
        stats.get("formats")
                .forEach(
                        section ->
                                assertThat(namesOf(section.get("files"))).doesNotContain("btmp"));
        // Reports name files by their paths, as the user gave them, never by file: URIs.
        List<String> reportedPaths = new ArrayList<>();
        stats.get("skippedFiles").forEach(file -> reportedPaths.add(file.get("path").asText()));
        stats.get("formats")
                .forEach(
                        section ->
                                section.get("files").forEach(f -> reportedPaths.add(f.asText())));
        assertThat(reportedPaths).hasSize(16).allMatch(path -> path.startsWith(varLog.toString()));
        // Every non-empty file once: in a format's section or left out.
        List<String> seen = new ArrayList<>(skipped.keySet());
        long lines = 0;
        long events = 0;
        long malformed = 0;
        for (JsonNode section : stats.get("formats")) {
            seen.addAll(namesOf(section.get("files")));
            lines += section.get("lines").asLong();
            events += section.get("events").asLong();
            malformed += section.get("malformed").asLong();
        }
        assertThat(seen)
                .containsExactlyInAnyOrder(
                        "syslog",
                        "syslog.1",
                        "syslog.2.gz",
                        "syslog.3.gz",
                        "auth.log",
                        "kern.log",
                        "dpkg.log",
                        "history.log",
                        "term.log",
                        "alternatives.log",
                        "fail2ban.log",
                        "access.log",
                        "access.log.1",
                        "error.log",
                        "wtmp",
                        "README");
        long linesOfReadFiles =
                written.entrySet().stream()
                                .filter(
                                        e ->
                                                !skipped.containsKey(
                                                                Path.of(e.getKey())
                                                                        .getFileName()
                                                                        .toString())
                                                        && !e.getKey().equals("syslog.3.gz"))
                                .mapToLong(Map.Entry::getValue)
                                .sum()
                        + linesOfCut;
        assertThat(stats.get("lines").asLong()).isEqualTo(lines).isEqualTo(linesOfReadFiles);
        assertThat(stats.get("events").asLong()).isEqualTo(events);
        assertThat(stats.get("malformed").asLong()).isEqualTo(malformed);
        assertThat(stats.get("format").asText()).startsWith("syslog, combined");
        assertThat(run.stdout()).contains("Formats (each file read in its own)");
        assertThat(run.stdout()).containsPattern("skipped +\\S*wtmp \\(binary, ");
        assertThat(run.stderr())
                .contains("logslice: skipped " + varLog.resolve("README") + " (no known format)")
                .contains(
                        "logslice: "
                                + varLog.resolve("syslog.3.gz")
                                + ": the gzip stream ends early (truncated?) after ");
        assertThat(run.stdout() + run.stderr()).doesNotContain("\u001b");
    }

    @Test
    void grepWithAFieldFilterReadsEachFileInItsOwnFormat() throws IOException {
        Path out = dir.resolve("grep.out");

        CliRun run =
                CliRun.of(
                        "grep",
                        "--year",
                        "2024",
                        "--since",
                        "2024-01-15T00:00:00+00:00",
                        "--no-filename",
                        "--out",
                        out.toString(),
                        "",
                        varLog.resolve("syslog").toString(),
                        varLog.resolve("syslog.1").toString(),
                        varLog.resolve("nginx").toString(),
                        varLog.resolve("README").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        long syslogOfTheDay = lines.stream().filter(line -> line.startsWith("Jan 15")).count();
        long requestsOfTheDay =
                lines.stream().filter(line -> line.contains("[15/Jan/2024:")).count();
        assertThat(syslogOfTheDay).isEqualTo((long) written.get("syslog"));
        long errorsOfTheDay = lines.stream().filter(line -> line.startsWith("2024/01/15 ")).count();
        assertThat(requestsOfTheDay).isEqualTo(140);
        // nginx's error log is read as nginx-error, whose times --since reads.
        assertThat(errorsOfTheDay).isEqualTo((long) written.get("nginx/error.log"));
        assertThat(lines).hasSize(written.get("syslog") + 140 + written.get("nginx/error.log"));
        assertThat(run.stderr()).contains("README (no known format)");
    }

    @Test
    void parseWritesEventsOfEveryFormat() throws IOException {
        Path out = dir.resolve("parse.out");

        CliRun run =
                CliRun.of(
                        "parse",
                        "--fields",
                        "file,status,program",
                        "--out",
                        out.toString(),
                        varLog.resolve("kern.log").toString(),
                        varLog.resolve("nginx/access.log.1").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<String> events = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertThat(events.stream().filter(e -> e.contains("\"program\""))).hasSize(30);
        assertThat(events.stream().filter(e -> e.contains("\"status\""))).hasSize(50);
        assertThat(run.stderr()).contains("formats (detected per file");
    }

    @Test
    void aGzipThatIsNoGzipAloneIsOneLine() throws IOException {
        Path misnamed = Files.writeString(varLog.resolve("messages.4.gz"), "no gzip at all\n");

        CliRun run = CliRun.of("stats", misnamed.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .startsWith("logslice: cannot read " + misnamed)
                .contains("corrupt gzip data")
                .hasLineCount(1);
    }

    @Test
    void aFolderOfNothingButNoLogsIsAnError() throws IOException {
        Path junk = Files.createDirectories(dir.resolve("junk"));
        Files.write(junk.resolve("wtmp"), new byte[64]);
        Files.writeString(
                junk.resolve("NOTES"), "call Bob\nabout the \u001b]0;title\u0007 thing\n");

        CliRun run = CliRun.of("stats", junk.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .contains("none of the 2 input files is a log of a known format")
                .contains("NOTES: no known format")
                .contains("wtmp: binary")
                .contains("which starts \"call Bob\"")
                .contains("--format regex --pattern")
                .doesNotContain("\u001b")
                .hasLineCount(1);
    }

    private List<String> syslogLines(int count, String day) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String program =
                    String.format(
                            PROGRAMS[random.nextInt(PROGRAMS.length)], 1 + random.nextInt(99999));
            lines.add(
                    String.format(
                            "%s %02d:%02d:%02d host-%d %s: session %d opened for user r\u00f6ot"
                                    + " by (uid=0) [%s]",
                            day,
                            i / 60 % 24,
                            i % 60,
                            random.nextInt(60),
                            random.nextInt(3),
                            program,
                            random.nextInt(1 << 20),
                            "x".repeat(random.nextInt(300))));
        }
        return lines;
    }

    private List<String> accessLines(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(
                    String.format(
                            "10.%d.%d.%d - - [15/Jan/2024:10:%02d:%02d +0000] \"GET /api/items/%d?q=%s"
                                    + " HTTP/1.1\" %d %d \"-\" \"Mozilla/5.0 (X11; Linux x86_64)\"",
                            random.nextInt(256),
                            random.nextInt(256),
                            random.nextInt(256),
                            i % 60,
                            random.nextInt(60),
                            random.nextInt(1000),
                            "%22%3Cscript%3E",
                            random.nextBoolean() ? 200 : 404,
                            random.nextInt(100000)));
        }
        return lines;
    }

    private void write(String name, List<String> lines) throws IOException {
        Files.write(varLog.resolve(name), lines, StandardCharsets.UTF_8);
        written.put(name, lines.size());
    }

    private void writeGzip(String name, List<String> lines) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(varLog.resolve(name)))) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        written.put(name, lines.size());
    }

    private static List<String> namesOf(JsonNode files) {
        List<String> names = new ArrayList<>();
        files.forEach(
                file ->
                        names.add(
                                Path.of(file.asText().replaceFirst("^file:", ""))
                                        .getFileName()
                                        .toString()));
        return names;
    }
}
