package dev.logslice.format.logfmt;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.json.JsonFieldMapping;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** logfmt lines as Go services write them, and lines that only look like them. */
class LogfmtFormatTest {
    private final LogFormat logfmt = new LogfmtFormat(JsonFieldMapping.defaults());

    @Test
    void usualKeysFillFieldsAndTheRestGoesToExtra() {
        LogEvent event =
                Parsing.event(
                        logfmt,
                        "level=info ts=2024-01-02T03:04:05.678Z caller=cart.go:42"
                                + " msg=\"quoted \\\"text\\\" with = and \\\\ inside\""
                                + " key=value bare_key   url=/a?b=c&d=e  empty= é=ü");

        assertThat(event.timestampText()).isEqualTo("2024-01-02T03:04:05.678Z");
        assertThat(event.level()).isEqualTo("info");
        assertThat(event.message()).isEqualTo("quoted \"text\" with = and \\ inside");
        assertThat(event.extra())
                .containsExactly(
                        entry("caller", "cart.go:42"),
                        entry("key", "value"),
                        entry("bare_key", true),
                        entry("url", "/a?b=c&d=e"),
                        entry("empty", ""),
                        entry("é", "ü"));
    }

    @Test
    void theMostPreferredKeyWinsWhereverItStands() {
        // 'time' ranks before 'ts' and 'message' before 'msg': the others stay in extra.
        LogEvent event =
                Parsing.event(
                        logfmt,
                        "ts=1704164645 msg=short lvl=warn time=\"2024-01-02 03:04:05+01:00\""
                                + " message=\"the long one\\nsecond line\\tand a \\u00e9\"");

        assertThat(event.timestampText()).isEqualTo("2024-01-02T03:04:05+01:00");
        assertThat(event.level()).isEqualTo("warn");
        assertThat(event.message()).isEqualTo("the long one\nsecond line\tand a é");
        assertThat(event.extra()).containsExactly(entry("ts", "1704164645"), entry("msg", "short"));
    }

    @Test
    void valuesThatDoNotFitTheirFieldStayInExtra() {
        LogEvent event =
                Parsing.event(
                        logfmt, "time=yesterday level=30 status=OK pid=812 msg=started bytes=-");

        assertThat(event.has(Field.TIMESTAMP)).isFalse();
        assertThat(event.level()).isEqualTo("info");
        assertThat(event.pid()).isEqualTo(812);
        assertThat(event.has(Field.BYTES)).isTrue();
        assertThat(event.value(Field.BYTES)).isNull();
        assertThat(event.extra())
                .containsExactly(entry("time", "yesterday"), entry("status", "OK"));
    }

    @Test
    void theUsersKeysChooseTheFields() {
        LogFormat custom =
                new LogfmtFormat(
                        JsonFieldMapping.defaults()
                                .with(Field.TIMESTAMP, List.of("at"))
                                .with(Field.MESSAGE, List.of("event")));
        LogEvent event =
                Parsing.event(
                        custom, "at=2024-01-02T03:04:05Z event=\"cache warm\" msg=ignored ts=1");

        assertThat(event.timestampText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(event.message()).isEqualTo("cache warm");
        assertThat(event.extra()).containsEntry("msg", "ignored").containsEntry("ts", "1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Jun  4 15:16:01 combo sshd[19939]: user=root check pass",
                "just one=pair",
                "level=info msg=\"unclosed",
                "level=info msg=\"closed\"glued=1",
                "level=info msg=a\"b",
                "=value level=info",
                "level=info msg=\"tab\u0001control\"",
                "{\"level\":\"info\",\"msg\":\"json\"}",
                ""
            })
    void linesThatAreNoLogfmtAreMalformed(String line) {
        assertThat(Parsing.result(logfmt.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    /** Any pairs written as Go's logfmt encoder writes them read back as they were. */
    @Property(tries = 500)
    void encodedPairsReadBack(@ForAll("pairs") Map<String, String> pairs) {
        StringBuilder line = new StringBuilder("shard=eu-1");
        pairs.forEach(
                (key, value) -> line.append(' ').append(key).append('=').append(encode(value)));

        LogEvent event = Parsing.event(logfmt, line.toString());

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("shard", "eu-1");
        expected.putAll(pairs);
        assertThat(event.extra()).containsExactlyEntriesOf(expected);
    }

    private static String encode(String value) {
        boolean plain =
                !value.isEmpty()
                        && value.chars()
                                .allMatch(c -> c > ' ' && c != '"' && c != '=' && c != '\\');
        if (plain) {
            return value;
        }
        return '"'
                + value.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("\n", "\\n")
                        .replace("\t", "\\t")
                + '"';
    }

    @Provide
    Arbitrary<Map<String, String>> pairs() {
        // Keys no field takes, so every pair lands in extra as written.
        Arbitrary<String> keys =
                Arbitraries.strings()
                        .withChars("abcxyz_.-/0189")
                        .ofMinLength(1)
                        .ofMaxLength(8)
                        .map(k -> "k" + k);
        Arbitrary<String> values =
                Arbitraries.strings().withChars("ab =\"\\\n\té€x").ofMaxLength(12);
        return Arbitraries.maps(keys, values).ofMinSize(1).ofMaxSize(6);
    }
}
