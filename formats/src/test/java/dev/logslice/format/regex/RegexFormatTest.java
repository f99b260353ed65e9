package dev.logslice.format.regex;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** The regex format: named groups to fields, bytes kept as UTF-8. */
class RegexFormatTest {

    @Test
    void namedGroupsFillFieldsAndExtra() {
        LogFormat format =
                new RegexFormat(
                        "(?<client>\\S+) \\[(?<timestamp>[^\\]]+)\\] \"(?<request>[^\"]*)\""
                                + " (?<status>\\d+) (?<bytes>\\S+) (?<requestTime>[\\d.]+)"
                                + " (?<upstream>\\S+) (?<message>.*)");
        LogEvent event =
                Parsing.event(
                        format,
                        "10.0.0.1 [10/Oct/2000:13:55:36 -0700] \"GET /caf\u00e9 HTTP/1.1\" 200 -"
                                + " 0.25 u1 \u00fcber alles");

        assertThat(event.client()).isEqualTo("10.0.0.1");
        assertThat(event.timestampText()).isEqualTo("2000-10-10T13:55:36-07:00");
        assertThat(event.method()).isEqualTo("GET");
        assertThat(event.path()).isEqualTo("/caf\u00e9");
        assertThat(event.status()).isEqualTo(200);
        assertThat(event.has(Field.BYTES)).isTrue();
        assertThat(event.value(Field.BYTES)).isNull();
        assertThat(event.requestTime()).isEqualTo(0.25);
        assertThat(event.extra()).containsExactly(entry("upstream", "u1"));
        assertThat(event.message()).isEqualTo("\u00fcber alles");
    }

    @Test
    void linesTheRegexOrAFieldRejectsAreMalformed() {
        LogFormat format = new RegexFormat("(?<status>\\S+) (?<message>.*)");

        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), "nospace"))
                .isInstanceOf(MalformedLine.class);
        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), "OK fine"))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m ->
                                assertThat(m.reason())
                                        .isEqualTo("the group 'status' holds no status"));
    }

    @Test
    void regexWithoutNamedGroupsOrInvalidIsRejected() {
        assertThatThrownBy(() -> new RegexFormat("\\S+ .*")).hasMessageContaining("named group");
        assertThatThrownBy(() -> new RegexFormat("(?<a>"))
                .hasMessage("invalid regex '(?<a>': Unclosed group");
    }

    @Test
    void timeFormatReadsATimestampInALayoutOfItsOwn() {
        String regex = "(?<timestamp>[^|]+) \\| (?<level>\\w+) \\| (?<message>.*)";
        String line = "15.01.2024 10:20:30,5 | WARN | disk almost full";

        LogEvent event = Parsing.event(new RegexFormat(regex, "dd.MM.yyyy HH:mm:ss,S"), line);

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.5Z");
        assertThat(event.level()).isEqualTo("WARN");
        assertThat(Parsing.result(new RegexFormat(regex).newParser(Parsing.CONTEXT), line))
                .as("no common layout reads it")
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void timeFormatTakesEpochSecondsAndMillis() {
        String regex = "(?<timestamp>\\S+) (?<message>.*)";

        assertThat(
                        Parsing.event(new RegexFormat(regex, "epoch"), "1705314030.25 up")
                                .timestampText())
                .isEqualTo("2024-01-15T10:20:30.25Z");
        assertThat(
                        Parsing.event(new RegexFormat(regex, "epoch-ms"), "1705314030123 up")
                                .timestampText())
                .isEqualTo("2024-01-15T10:20:30.123Z");
    }

    @Test
    void aTimestampOutOfTheLayoutIsAMalformedLine() {
        LogFormat format = new RegexFormat("(?<timestamp>\\S+) (?<message>.*)", "yyyy-MM-dd");

        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), "2024-01-15x up"))
                .isInstanceOfSatisfying(
                        MalformedLine.class,
                        m ->
                                assertThat(m.reason())
                                        .isEqualTo("the group 'timestamp' holds no timestamp"));
        assertThat(Parsing.result(format.newParser(Parsing.CONTEXT), "2024-02-30 up"))
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void anUnknownTimeFormatLetterIsRejectedNamingTheOption() {
        assertThatThrownBy(() -> new RegexFormat("(?<timestamp>\\S+)", "yyyy-MM-dd QQ"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--time-format 'yyyy-MM-dd QQ': ")
                .hasMessageContaining("epoch-ms");
    }
}
