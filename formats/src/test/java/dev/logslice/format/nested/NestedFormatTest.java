package dev.logslice.format.nested;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Docker and CRI container logs, whose messages are parsed again. */
class NestedFormatTest {
    private static final String DOCKER_TIME = "\"time\":\"2024-01-15T10:20:30.123456789Z\"";

    private static LogFormat format(String name) {
        return FormatRegistry.standard().create(name, FormatOptions.none());
    }

    private static String docker(String log) {
        return "{\"log\":\"" + log + "\\n\",\"stream\":\"stdout\"," + DOCKER_TIME + "}";
    }

    @Test
    void dockerMessageInAJavaLayoutGivesItsFieldsButKeepsTheRuntimeTime() {
        LogEvent event =
                Parsing.event(
                        format("docker"),
                        docker("2024-01-15 09:20:30,001 WARN [main] com.shop.Cart: slow cart 7"));

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456789Z");
        assertThat(event.level()).isEqualTo("WARN");
        assertThat(event.thread()).isEqualTo("main");
        assertThat(event.logger()).isEqualTo("com.shop.Cart");
        assertThat(event.message()).isEqualTo("slow cart 7");
        assertThat(event.extra())
                .containsEntry("stream", "stdout")
                .containsEntry("innerFormat", "hadoop");
    }

    @Test
    void dockerMessageThatIsAnAccessLogOrJson() {
        LogEvent access =
                Parsing.event(
                        format("docker"),
                        docker(
                                "10.0.0.7 - - [15/Jan/2024:10:20:30 +0000] \\\"GET /health HTTP/1.1\\\""
                                        + " 200 2 \\\"-\\\" \\\"kube-probe/1.28\\\""));
        LogEvent json =
                Parsing.event(
                        format("docker"),
                        docker(
                                "{\\\"level\\\":50,\\\"time\\\":1705314030000,\\\"pid\\\":1,"
                                        + "\\\"hostname\\\":\\\"h\\\",\\\"msg\\\":\\\"boom\\\"}"));

        assertThat(access.status()).isEqualTo(200);
        assertThat(access.path()).isEqualTo("/health");
        assertThat(access.userAgent()).isEqualTo("kube-probe/1.28");
        assertThat(json.level()).isEqualTo("error");
        assertThat(json.message()).isEqualTo("boom");
        assertThat(json.extra()).containsEntry("innerFormat", "pino");
    }

    @Test
    void plainTextStaysTheMessageWithoutItsLineEnd() {
        LogEvent event = Parsing.event(format("docker"), docker("listening on :8080"));

        assertThat(event.message()).isEqualTo("listening on :8080");
        assertThat(event.extra()).doesNotContainKey("innerFormat");
    }

    @Test
    void criLineWithAPythonMessage() {
        LogEvent event =
                Parsing.event(
                        format("cri"),
                        "2024-01-15T10:20:30.123456789+01:00 stderr F 2024-01-15 10:20:30,120 -"
                                + " shop.cart - ERROR - cart 7 is stale");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123456789+01:00");
        assertThat(event.level()).isEqualTo("ERROR");
        assertThat(event.logger()).isEqualTo("shop.cart");
        assertThat(event.message()).isEqualTo("cart 7 is stale");
        assertThat(event.extra()).containsEntry("stream", "stderr").containsEntry("tag", "F");
    }

    @Test
    void aProgramWritingPlainTextStopsCostingATryPerFormat() {
        LogParser parser = format("cri").newParser(Parsing.CONTEXT);
        for (int i = 0; i < InnerMessageParser.MAX_UNREAD; i++) {
            parse(parser, "2024-01-15T10:20:30.1Z stdout F plain text " + i);
        }
        LogEvent late = parse(parser, "2024-01-15T10:20:30.1Z stdout F WARNING:root:late");

        assertThat(late.message()).isEqualTo("WARNING:root:late");
        assertThat(late.level()).isNull();
    }

    @Test
    void theFormatThatReadAMessageIsKeptForTheNext() {
        LogParser parser = format("cri").newParser(Parsing.CONTEXT);
        parse(parser, "2024-01-15T10:20:30.1Z stdout F WARNING:root:first");
        for (int i = 0; i < InnerMessageParser.MAX_UNREAD + 5; i++) {
            parse(parser, "2024-01-15T10:20:30.1Z stdout F plain text " + i);
        }
        LogEvent late = parse(parser, "2024-01-15T10:20:30.1Z stdout F ERROR:root:late");

        assertThat(late.level()).isEqualTo("ERROR");
        assertThat(late.extra()).containsEntry("innerFormat", "python");
    }

    private static LogEvent parse(LogParser parser, String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return parser.tryParse(bytes, 0, bytes.length, "pod.log", 0);
    }
}
