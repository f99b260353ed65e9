package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.syslog.SyslogFormat;

import org.apache.flink.core.fs.Path;
import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The decoder that plugs formats into the source. */
class LogEventDecoderTest {
    private static final LogFormat COMBINED =
            FormatRegistry.standard().create("combined", FormatOptions.none());

    @Test
    void yearComesFromEachFilesModificationTime(@TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path old = Files.writeString(dir.resolve("old.log"), "");
        java.nio.file.Path recent = Files.writeString(dir.resolve("new.log"), "");
        Files.setLastModifiedTime(old, FileTime.from(Instant.parse("2019-01-03T00:00:00Z")));
        Files.setLastModifiedTime(recent, FileTime.from(Instant.parse("2024-06-01T00:00:00Z")));
        LogEventDecoder decoder =
                InstantiationUtil.clone(new LogEventDecoder(new SyslogFormat(), ZoneId.of("UTC")));
        byte[] bytes = "xxDec 31 23:00:00 h p: m".getBytes(StandardCharsets.US_ASCII);
        Line line = new Line();

        List<ParseResult> events = new ArrayList<>();

        line.set(new Path(old.toUri()), bytes, 2, bytes.length - 2, 77, LineTerminator.LF);
        assertThat(decoder.decode(line)).isNull(); // syslog events may continue on the next line
        decoder.finishFile("split", events::add);
        line.set(new Path(recent.toUri()), bytes, 2, bytes.length - 2, 77, LineTerminator.LF);
        assertThat(decoder.decode(line)).isNull();
        decoder.finishFile("split", events::add);
        LogEvent fromOld = (LogEvent) events.get(0);
        LogEvent fromRecent = (LogEvent) events.get(1);

        assertThat(fromOld.timestampText()).isEqualTo("2018-12-31T23:00:00Z");
        assertThat(fromRecent.timestampText()).isEqualTo("2023-12-31T23:00:00Z");
        assertThat(fromRecent.offset()).isEqualTo(77);
        assertThat(fromRecent.file()).endsWith("new.log");
    }

    /**
     * A time logged without a date is dated from the file's modification time: lines a followed
     * file gets later are dated from its time then, not from when following started.
     */
    @Test
    void aFileThatGrewIsDatedFromItsNewModificationTime(@TempDir java.nio.file.Path dir)
            throws Exception {
        LogFormat timeAlone =
                FormatRegistry.standard()
                        .create(
                                "regex",
                                FormatOptions.pattern("(?<timestamp>\\S+) (?<message>.*)")
                                        .withTimeFormat("HH:mm:ss"));
        java.nio.file.Path file = Files.writeString(dir.resolve("app.log"), "09:00:00 a\n");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-01-15T09:00:05Z")));
        LogEventDecoder decoder =
                InstantiationUtil.clone(new LogEventDecoder(timeAlone, ZoneId.of("UTC")));
        Path path = new Path(file.toUri());
        Line line = new Line();
        byte[] first = "09:00:00 a".getBytes(StandardCharsets.US_ASCII);
        line.set(path, first, 0, first.length, 0, LineTerminator.LF);
        LogEvent before = (LogEvent) decoder.decode(line);

        Files.writeString(file, "09:00:00 a\n12:00:00 b\n");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2024-01-15T12:00:05Z")));
        byte[] second = "12:00:00 b".getBytes(StandardCharsets.US_ASCII);
        line.set(path, second, 0, second.length, 11, LineTerminator.LF);
        LogEvent after = (LogEvent) decoder.decode(line);

        assertThat(before.timestampText()).isEqualTo("2024-01-15T09:00:00Z");
        assertThat(after.timestampText()).isEqualTo("2024-01-15T12:00:00Z");
    }

    @Test
    void aColouredLineOfASingleLineFormatIsItsPlainText(@TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = Files.writeString(dir.resolve("access.log"), "");
        LogEventDecoder decoder =
                InstantiationUtil.clone(new LogEventDecoder(COMBINED, ZoneId.of("UTC")));
        byte[] bytes =
                ("\u001b[32m1.2.3.4\u001b[0m - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\""
                                + " \u001b[1;31m500\u001b[0m 5 \"-\" \"x\"")
                        .getBytes(StandardCharsets.UTF_8);
        Line line = new Line();
        line.set(new Path(file.toUri()), bytes, 0, bytes.length, 0, LineTerminator.LF);

        ParseResult result = decoder.decode(line);

        assertThat(result).isInstanceOf(LogEvent.class);
        assertThat(((LogEvent) result).client()).isEqualTo("1.2.3.4");
        assertThat(((LogEvent) result).status()).isEqualTo(500);
    }

    @Test
    void eachFileIsReadInItsOwnFormat(@TempDir java.nio.file.Path dir) throws Exception {
        String access =
                new Path(Files.writeString(dir.resolve("access.log"), "").toUri()).toString();
        String syslog = new Path(Files.writeString(dir.resolve("syslog"), "").toUri()).toString();
        LogEventDecoder decoder =
                InstantiationUtil.clone(
                        new LogEventDecoder(
                                FileFormats.of(Map.of(access, COMBINED), new SyslogFormat()),
                                ZoneId.of("UTC"),
                                EventBounds.DEFAULTS));
        List<ParseResult> results = new ArrayList<>();
        Line line = new Line();

        for (String text :
                List.of(
                        "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\""
                                + " \"x\"",
                        "Dec 31 23:00:00 h p: m")) {
            byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
            for (String file : List.of(access, syslog)) {
                line.set(new Path(file), bytes, 0, bytes.length, 0, LineTerminator.LF);
                ParseResult result = decoder.decode(line);
                if (result != null) {
                    results.add(result);
                }
                decoder.finishFile("split", results::add);
            }
        }

        // Events name local files by their plain paths.
        String accessPath = dir.resolve("access.log").toString();
        String syslogPath = dir.resolve("syslog").toString();
        assertThat(results)
                .extracting(r -> r.file() + " " + (r instanceof LogEvent))
                .containsExactly(
                        accessPath + " true",
                        syslogPath + " false",
                        accessPath + " false",
                        syslogPath + " true");
    }

    /**
     * Notepad and PowerShell start a UTF-8 file with a byte order mark, and a log after
     * copytruncate starts with a hole of NULs (its writer goes on at its old offset): both were
     * read as part of the first line, so the first client was "\uFEFF1.2.3.4" or "\0\0...1.2.3.4"
     * and a first JSON or Java line malformed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\uFEFF", "\0", "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"})
    void whatComesBeforeTheFirstLineIsNoPartOfIt(String before, @TempDir java.nio.file.Path dir)
            throws Exception {
        Path file = new Path(Files.writeString(dir.resolve("app.log"), "").toUri());
        String access =
                "1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"x\"";
        String java = "2024-01-15 10:20:30,123 ERROR [main] com.shop.Cart: failed";
        LogFormat log4j =
                FormatRegistry.standard()
                        .create("log4j", FormatOptions.pattern("%d %-5p [%t] %c: %m%n"));

        LogEvent first = (LogEvent) decodeOne(COMBINED, file, before + access, 0);
        LogEvent inTheMiddle = (LogEvent) decodeOne(COMBINED, file, before + access, 120);
        ParseResult javaFirst = decodeOne(log4j, file, before + java, 0);

        assertThat(first.client()).isEqualTo("1.2.3.4");
        // Only the file's start is looked past; elsewhere the bytes are the line's.
        assertThat(inTheMiddle.client()).isEqualTo(before + "1.2.3.4");
        assertThat(javaFirst).isInstanceOf(LogEvent.class);
        assertThat(((LogEvent) javaFirst).level()).isEqualTo("ERROR");
    }

    private static ParseResult decodeOne(LogFormat format, Path file, String text, long offset)
            throws Exception {
        LogEventDecoder decoder =
                InstantiationUtil.clone(new LogEventDecoder(format, ZoneId.of("UTC")));
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Line line = new Line();
        line.set(file, bytes, 0, bytes.length, offset, LineTerminator.LF);
        List<ParseResult> results = new ArrayList<>();
        ParseResult result = decoder.decode(line);
        if (result != null) {
            results.add(result);
        }
        decoder.finishFile("split", results::add);
        assertThat(results).hasSize(1);
        return results.get(0);
    }
}
