package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code logslice parse}: one JSON object per event, in input order, at p=2 and tiny splits. */
class ParseCommandITCase {
    private static final Pattern STATUS = Pattern.compile("\" (\\d{3}) (\\d+|-) \"");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void writesEveryEventInInputOrder() throws IOException {
        Path log = RealLogs.file("hackers-access.log");

        List<JsonNode> events = parse(log, "--fields", "status,offset,path");

        List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
        assertThat(events).hasSameSizeAs(lines);
        long offset = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher status = STATUS.matcher(lines.get(i));
            assertThat(status.find()).isTrue();
            assertThat(events.get(i).get("status").asInt())
                    .isEqualTo(Integer.parseInt(status.group(1)));
            assertThat(events.get(i).get("offset").asLong()).isEqualTo(offset);
            assertThat(events.get(i).has("client")).isFalse();
            offset += lines.get(i).length() + 1;
        }
    }

    @Test
    void limitKeepsTheFirstEvents() throws IOException {
        Path log = RealLogs.file("hackers-access.log");

        List<JsonNode> events = parse(log, "--limit", "5", "--fields", "offset");

        List<Long> firstOffsets = new ArrayList<>();
        long offset = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1).subList(0, 5)) {
            firstOffsets.add(offset);
            offset += line.length() + 1;
        }
        assertThat(events).extracting(e -> e.get("offset").asLong()).isEqualTo(firstOffsets);
    }

    /** grep's field filters: the events that pass, in input order; malformed lines still told. */
    @Test
    void filtersWriteTheEventsThatPassAndTheMalformedLines() throws IOException {
        Path log = dir.resolve("generated.log");
        dev.logslice.generate.LogGenerator.write(
                dev.logslice.generate.GeneratedFormat.COMBINED, 300_000, 9, log);
        Files.writeString(log, "garbage line\n", StandardOpenOption.APPEND);
        List<Long> serverErrorOffsets = new ArrayList<>();
        long offset = 0;
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            Matcher status = STATUS.matcher(line);
            if (status.find() && status.group(1).startsWith("5")) {
                serverErrorOffsets.add(offset);
            }
            offset += line.length() + 1;
        }

        List<JsonNode> written =
                parse(log, "--format", "combined", "--status", "5xx", "--fields", "offset,status");

        assertThat(serverErrorOffsets).isNotEmpty();
        assertThat(written.subList(0, written.size() - 1))
                .extracting(e -> e.get("offset").asLong())
                .isEqualTo(serverErrorOffsets);
        assertThat(written.get(written.size() - 1).get("malformed").asBoolean()).isTrue();
    }

    @Test
    void malformedLinesAreRecordsOrWithStrictAFailureAndBlankLinesNeither() throws IOException {
        Path log = dir.resolve("mixed.log");
        String good =
                "127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\" 200 2 \"-\" \"x\"\n";
        String blank = "\n \t\r\n";
        Files.writeString(log, good + blank + "garbage line\n");

        List<JsonNode> events = parse(log, "--format", "combined");
        CliRun strict =
                CliRun.of(
                        "parse",
                        "--format",
                        "combined",
                        "--strict",
                        "--out",
                        dir.resolve("o").toString(),
                        log.toString());

        assertThat(events).hasSize(2);
        assertThat(events.get(1).get("malformed").asBoolean()).isTrue();
        assertThat(events.get(1).get("offset").asLong()).isEqualTo(good.length() + blank.length());
        assertThat(strict.exitCode()).isEqualTo(1);
        assertThat(strict.stderr())
                .contains(log.getFileName() + ":" + (good.length() + blank.length()) + ": ");
    }

    @Test
    void multiLineEventsStayInTheirFileWhenSmallFilesArePackedTogether() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(
                logs.resolve("a.log"),
                "2015-10-18 18:01:47,978 ERROR [main] a.B: first\n"
                        + "java.lang.IllegalStateException: boom\n"
                        + "\tat a.B.run(B.java:12)\n");
        String orphan = "\tat orphan.Before(First.java:1)\n";
        Files.writeString(
                logs.resolve("b.log"),
                orphan + "2015-10-18 18:01:48,000 INFO [main] a.B: second\n");

        List<JsonNode> events = parse(logs, "--format", "hadoop", "--fields", "file,offset");

        // Both files are in one split; b.log's first line does not continue a.log's event.
        assertThat(events)
                .extracting(
                        e -> Path.of(e.get("file").asText()).getFileName() + ":" + e.get("offset"))
                .containsExactly("a.log:0", "b.log:0", "b.log:" + orphan.length());
        assertThat(events.get(1).get("malformed").asBoolean()).isTrue();
    }

    @Test
    void unknownFieldIsAUsageError() {
        CliRun run =
                CliRun.of(
                        "parse",
                        "--fields",
                        "status,colour",
                        RealLogs.file("hackers-access.log").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("unknown field 'colour'");
    }

    @Test
    void formatsListsEveryFormatWithAnExample() {
        CliRun run = CliRun.of("formats");

        assertThat(run.exitCode()).isZero();
        for (String format :
                List.of(
                        "combined",
                        "common",
                        "vcombined",
                        "nginx",
                        "apache-error",
                        "syslog",
                        "log4j",
                        "json",
                        "regex")) {
            assertThat(run.stdout()).containsPattern("(?m)^" + format + " +\\S");
        }
    }

    /**
     * A mostly combined log with a few CLF lines was detected as common, which read the combined
     * lines too and dropped every referrer and agent; it is combined, its CLF lines malformed.
     */
    @Test
    void aMostlyCombinedLogKeepsItsReferrersAndAgents() throws IOException {
        Path log = dir.resolve("det3.log");
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 3; i++) {
            text.append("10.0.0.")
                    .append(i)
                    .append(" - - [10/Oct/2024:13:55:3")
                    .append(i)
                    .append(" +0000] \"GET /")
                    .append(i)
                    .append(" HTTP/1.1\" 200 100 \"http://ref.example/\" \"curl/8.0\"\n");
        }
        String clf = "10.0.0.9 - - [10/Oct/2024:13:55:39 +0000] \"GET /d HTTP/1.1\" 408 0\n";
        Files.writeString(log, text + clf + clf);

        List<JsonNode> events = parse(log);

        assertThat(events).hasSize(5);
        for (JsonNode event : events.subList(0, 3)) {
            assertThat(event.path("referrer").asText()).isEqualTo("http://ref.example/");
            assertThat(event.path("userAgent").asText()).isEqualTo("curl/8.0");
        }
        assertThat(events.subList(3, 5)).allMatch(e -> e.get("malformed").asBoolean());
    }

    private List<JsonNode> parse(Path log, String... options) throws IOException {
        Path out = dir.resolve("events.jsonl");
        List<String> args =
                new ArrayList<>(
                        List.of("parse", "-p", "2", "--split-size", "4k", "--buffer-size", "4k"));
        args.addAll(List.of(options));
        args.addAll(List.of("--out", out.toString(), log.toString()));
        CliRun run = CliRun.of(args.toArray(new String[0]));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<JsonNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(out)) {
            events.add(JSON.readTree(line));
        }
        return events;
    }
}
