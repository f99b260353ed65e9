package dev.logslice.format;

import dev.logslice.format.access.AccessFormats;
import dev.logslice.format.syslog.SyslogFormat;
import dev.logslice.format.testing.Parsing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** JSON lines output, read back with Jackson's tree model. */
class LogEventJsonWriterTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final LogFormat combined = AccessFormats.apache("combined", AccessFormats.COMBINED);

    @Test
    void writesTheFieldsInOrderWithNullForDashes() throws IOException {
        LogEvent event =
                Parsing.event(
                        combined,
                        "::1 - - [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.1\" 304 - \"-\""
                                + " \"curl/8\"");

        String json = write(Set.of(Field.values()), event);

        assertThat(json)
                .isEqualTo(
                        "{\"timestamp\":\"2000-10-10T13:55:36-07:00\",\"client\":\"::1\","
                                + "\"user\":null,\"method\":\"GET\",\"path\":\"/a\","
                                + "\"protocol\":\"HTTP/1.1\",\"status\":304,\"bytes\":null,"
                                + "\"referrer\":null,\"userAgent\":\"curl/8\","
                                + "\"file\":\"test.log\",\"offset\":0}\n");
    }

    @Test
    void selectedFieldsOnly() throws IOException {
        LogEvent event = Parsing.event(new SyslogFormat(), "<11>Jan  2 03:04:05 h p[7]: hi");

        String json = write(EnumSet.of(Field.LEVEL, Field.PID, Field.EXTRA), event);

        assertThat(json)
                .isEqualTo("{\"level\":\"ERROR\",\"pid\":7,\"extra\":{\"facility\":\"user\"}}\n");
    }

    @Test
    void escapesControlCharactersAndKeepsUnicodeAndReplacesInvalidBytes() throws IOException {
        byte[] line =
                ("1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] \"GET /caf\u00e9 HTTP/1.1\" 200 1 \"\t\""
                                + " \"x\u0001\\\"y")
                        .getBytes(StandardCharsets.UTF_8);
        byte[] withInvalid = new byte[line.length + 2];
        System.arraycopy(line, 0, withInvalid, 0, line.length);
        withInvalid[line.length] = (byte) 0xFF;
        withInvalid[line.length + 1] = '"';
        LogEvent event =
                (LogEvent)
                        combined.newParser(Parsing.CONTEXT)
                                .parse(withInvalid, 0, withInvalid.length, "f", 9);

        JsonNode node = MAPPER.readTree(write(Set.of(Field.values()), event));

        assertThat(node.get("path").asText()).isEqualTo("/caf\u00e9");
        assertThat(node.get("referrer").asText()).isEqualTo("\t");
        assertThat(node.get("userAgent").asText()).isEqualTo("x\u0001\\\"y\uFFFD");
        assertThat(node.get("offset").asLong()).isEqualTo(9);
    }

    /** Log text, attacker-controlled, may hold what a terminal runs or a viewer reorders. */
    @Test
    void writesC1AndBidiControlsAsEscapesThatReadBack() throws IOException {
        String hostile =
                "c1 \u009b31m \u0085 del \u007f rtl \u202e \u2066 \u2069 \u200e \u200f"
                        + " \u061c \u2028 caf\u00e9";
        LogEvent event =
                Parsing.event(
                        combined,
                        "::1 - - [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.1\" 200 1 \"-\" \""
                                + hostile
                                + "\"");

        String json = write(Set.of(Field.USER_AGENT), event);

        assertThat(json.chars()).noneMatch(c -> c != '\n' && UnsafeText.isUnsafe(c));
        assertThat(json).contains("\\u009B31m", "\\u202E", "caf\u00e9");
        assertThat(MAPPER.readTree(json).get("userAgent").asText()).isEqualTo(hostile);
    }

    @Test
    void malformedLinesAsTheIssueSpells() throws IOException {
        ParseResult bad = Parsing.result(combined.newParser(Parsing.CONTEXT), "garbage");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LogEventJsonWriter writer = new LogEventJsonWriter(out)) {
            writer.write(bad);
            writer.write(bad);
        }

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(2);
        JsonNode node = MAPPER.readTree(lines.get(0));
        assertThat(node.get("malformed").asBoolean()).isTrue();
        assertThat(node.get("file").asText()).isEqualTo("test.log");
        assertThat(node.get("offset").asLong()).isZero();
        assertThat(node.get("reason").asText()).startsWith("does not match the layout");
    }

    private static String write(Set<Field> fields, ParseResult result) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LogEventJsonWriter writer = new LogEventJsonWriter(out, fields)) {
            writer.write(result);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
