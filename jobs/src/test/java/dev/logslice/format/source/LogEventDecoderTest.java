package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.format.LogEvent;
import dev.logslice.format.syslog.SyslogFormat;

import org.apache.flink.core.fs.Path;
import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

/** The decoder that plugs formats into the source. */
class LogEventDecoderTest {

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

        line.set(new Path(old.toUri()), bytes, 2, bytes.length - 2, 77, LineTerminator.LF);
        LogEvent fromOld = (LogEvent) decoder.decode(line);
        line.set(new Path(recent.toUri()), bytes, 2, bytes.length - 2, 77, LineTerminator.LF);
        LogEvent fromRecent = (LogEvent) decoder.decode(line);

        assertThat(fromOld.timestampText()).isEqualTo("2018-12-31T23:00:00Z");
        assertThat(fromRecent.timestampText()).isEqualTo("2023-12-31T23:00:00Z");
        assertThat(fromRecent.offset()).isEqualTo(77);
        assertThat(fromRecent.file()).endsWith("new.log");
    }
}
