package dev.logslice.format.json;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** JSON lines with the default and custom key mappings. */
class JsonFormatTest {
    private final LogFormat json = new JsonFormat(JsonFieldMapping.defaults());

    @Test
    void mapsUsualKeysAndKeepsTheRestInExtra() {
        LogEvent event =
                Parsing.event(
                        json,
                        "{\"@timestamp\":\"2024-01-15T10:20:30.123+01:00\",\"level\":\"WARN\","
                                + "\"logger\":\"a.B\",\"thread\":\"main\",\"msg\":\"hi \\\"x\\\"\","
                                + "\"status\":404,\"bytes\":\"-\",\"user_id\":42,\"ok\":true,"
                                + "\"ratio\":0.5,\"tags\":[1, [2]],\"gone\":null}");

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123+01:00");
        assertThat(event.level()).isEqualTo("WARN");
        assertThat(event.logger()).isEqualTo("a.B");
        assertThat(event.thread()).isEqualTo("main");
        assertThat(event.message()).isEqualTo("hi \"x\"");
        assertThat(event.status()).isEqualTo(404);
        assertThat(event.has(Field.BYTES)).isTrue();
        assertThat(event.value(Field.BYTES)).isNull();
        assertThat(event.extra())
                .containsExactly(
                        entry("user_id", 42L),
                        entry("ok", true),
                        entry("ratio", 0.5),
                        entry("tags", "[1, [2]]"),
                        entry("gone", null));
    }

    @Test
    void nestedObjectsFlattenToDottedKeys() {
        LogEvent event =
                Parsing.event(
                        json,
                        "{\"log\":{\"level\":\"error\",\"logger\":\"x\"},\"message\":\"m\","
                                + "\"host\":{\"name\":\"web1\"},\"http\":{\"response\":"
                                + "{\"status_code\":500}}}");

        assertThat(event.level()).isEqualTo("error");
        assertThat(event.logger()).isEqualTo("x");
        assertThat(event.host()).isEqualTo("web1");
        assertThat(event.status()).isEqualTo(500);
        assertThat(event.extra()).isEmpty();
    }

    /**
     * Each number keeps its own value whatever came before it: Jackson 2.18.2 gave a decimal after
     * an integer past a long the integer's value ({@code "n":1234...890,"f":0.5} read f as 1.2E29).
     */
    @Property(tries = 300)
    void everyNumberKeepsItsOwnValue(@ForAll("numbers") List<String> numbers) {
        StringBuilder line = new StringBuilder("{\"msg\":\"m\"");
        for (int i = 0; i < numbers.size(); i++) {
            line.append(",\"k").append(i).append("\":").append(numbers.get(i));
        }
        line.append(",\"request_time\":0.25}");

        LogEvent event = Parsing.event(json, line.toString());

        for (int i = 0; i < numbers.size(); i++) {
            String text = numbers.get(i);
            Object expected;
            if (text.contains(".") || text.contains("e")) {
                double value = Double.parseDouble(text);
                expected = Double.isFinite(value) ? value : text;
            } else if (new BigInteger(text).bitLength() < 64) {
                expected = Long.parseLong(text);
            } else {
                expected = text;
            }
            assertThat(event.extra()).as(line.toString()).containsEntry("k" + i, expected);
        }
        assertThat(event.requestTime()).as(line.toString()).isEqualTo(0.25);
    }

    @Provide
    Arbitrary<List<String>> numbers() {
        Arbitrary<String> small = Arbitraries.longs().map(String::valueOf);
        Arbitrary<String> big =
                Arbitraries.strings().numeric().ofMinLength(20).ofMaxLength(40).map(d -> "1" + d);
        Arbitrary<String> decimal =
                Arbitraries.bigDecimals()
                        .between(BigDecimal.valueOf(-1e6), BigDecimal.valueOf(1e6))
                        .ofScale(4)
                        .map(BigDecimal::toPlainString);
        Arbitrary<String> exponent = Arbitraries.integers().between(-400, 400).map(e -> "3.5e" + e);
        return Arbitraries.oneOf(small, big, decimal, exponent).list().ofMaxSize(6);
    }

    @Test
    void aStatusPastThreeDigitsStaysAnExtraValue() {
        LogEvent event = Parsing.event(json, "{\"msg\":\"m\",\"status\":1000}");
        LogEvent negative = Parsing.event(json, "{\"msg\":\"m\",\"status\":\"-5\"}");

        assertThat(event.has(Field.STATUS)).isFalse();
        assertThat(event.extra()).containsExactly(entry("status", 1000L));
        assertThat(negative.has(Field.STATUS)).isFalse();
        assertThat(Parsing.event(json, "{\"status\":999}").status()).isEqualTo(999);
    }

    @Test
    void preferredKeyWinsWhateverItsPlace() {
        LogEvent event = Parsing.event(json, "{\"msg\":\"second\",\"message\":\"first\"}");

        assertThat(event.message()).isEqualTo("first");
        assertThat(event.extra()).containsExactly(entry("msg", "second"));
    }

    @ParameterizedTest
    @CsvSource({
        "1445744485, 2015-10-25T03:41:25Z",
        "1445744485.25, 2015-10-25T03:41:25.25Z",
        "1445744485123, 2015-10-25T03:41:25.123Z",
        "1445744485123456, 2015-10-25T03:41:25.123456Z",
        "1445744485123456789, 2015-10-25T03:41:25.123456789Z",
        "'\"2015-10-25 03:41:25,5\"', 2015-10-25T03:41:25.5Z",
        "'\"25/Oct/2015:04:41:25 +0100\"', 2015-10-25T04:41:25+01:00",
    })
    void timestampsInTheirUsualForms(String value, String expected) {
        LogEvent event = Parsing.event(json, "{\"ts\":" + value + "}");

        assertThat(event.timestampText()).isEqualTo(expected);
    }

    @Test
    void unreadableTimestampStaysInExtra() {
        LogEvent event = Parsing.event(json, "{\"time\":\"yesterday\"}");

        assertThat(event.has(Field.TIMESTAMP)).isFalse();
        assertThat(event.extra()).containsExactly(entry("time", "yesterday"));
    }

    @Test
    void customMappingReplacesAField() {
        LogFormat custom =
                new JsonFormat(JsonFieldMapping.defaults().with(Field.MESSAGE, List.of("text")));
        LogEvent event = Parsing.event(custom, "{\"text\":\"t\",\"message\":\"m\"}");

        assertThat(event.message()).isEqualTo("t");
        assertThat(event.extra()).containsExactly(entry("message", "m"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[1,2]", "\"text\"", "{\"a\":", "{\"a\":1} trailing", "{'a':1}"})
    void notAnObjectIsMalformed(String line) {
        assertThat(Parsing.result(json.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"a\":1|Unexpected end-of-input: expected close marker for Object (start marker at"
                        + " column 1) at column 7",
                "{\"a\" 1}|Unexpected character ('1' (code 49)): was expecting a colon to separate field"
                        + " name and value at column 6"
            })
    void aBrokenLineSaysWhatAndWhereByColumn(String line, String reason) {
        assertThat(Parsing.result(json.newParser(Parsing.CONTEXT), line))
                .asInstanceOf(
                        org.assertj.core.api.InstanceOfAssertFactories.type(MalformedLine.class))
                .extracting(MalformedLine::reason)
                .isEqualTo("invalid JSON: " + reason);
    }
}
