package dev.logslice.format.cef;

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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** CEF lines of firewalls and IDSs, alone and behind syslog headers, escaped and hostile. */
class CefFormatTest {
    private final LogFormat cef = new CefFormat(null);

    @Test
    void headerAndExtensionWithEscapesAndBlanks() {
        LogEvent event =
                Parsing.event(
                        cef,
                        "CEF:0|Acme \\| Sons|Edge Firewall|4.2.1|fw:100|Blocked \\\\ inbound|8|"
                                + "rt=1704164645678 src=203.0.113.9 dst=10.0.0.5"
                                + " msg=port scan from a known botnet, 40 ports"
                                + " act=blocked\\=deny|drop cs1Label=rule cs1=no = sign here"
                                + " suser=j.doe request=https://shop.example/a?b\\=c");

        assertThat(event.timestampText()).isEqualTo("2024-01-02T03:04:05.678Z");
        assertThat(event.level()).isEqualTo("error");
        assertThat(event.program()).isEqualTo("Edge Firewall");
        assertThat(event.message()).isEqualTo("Blocked \\ inbound");
        assertThat(event.client()).isEqualTo("203.0.113.9");
        assertThat(event.user()).isEqualTo("j.doe");
        assertThat(event.extra())
                .containsExactly(
                        entry("cefVersion", "0"),
                        entry("deviceVendor", "Acme | Sons"),
                        entry("deviceVersion", "4.2.1"),
                        entry("signatureId", "fw:100"),
                        entry("severity", "8"),
                        entry("dst", "10.0.0.5"),
                        entry("msg", "port scan from a known botnet, 40 ports"),
                        entry("act", "blocked=deny|drop"),
                        entry("cs1Label", "rule"),
                        entry("cs1", "no = sign here"),
                        entry("request", "https://shop.example/a?b=c"));
    }

    @Test
    void behindASyslogHeaderTheHostAndTimeComeFromIt() {
        LogEvent bare =
                Parsing.event(
                        cef,
                        "<134>Jan  2 03:04:05 fw1 CEF:1|Acme|IDS|2|42|SQL injection|Very-High|"
                                + "src=198.51.100.7 requestMethod=POST");
        LogEvent tagged =
                Parsing.event(
                        cef,
                        "Jan  2 03:04:05 fw2 cef-agent[77]: CEF:0|Acme|IDS|2|43|Probe|Low|"
                                + "dvchost=sensor-9 end=Jan 02 2024 04:05:06.250 CET");

        assertThat(bare.host()).isEqualTo("fw1");
        // The year is the last one that puts the line at most a day after the reference time.
        assertThat(bare.timestampText()).isEqualTo("2015-01-02T03:04:05Z");
        assertThat(bare.level()).isEqualTo("critical");
        assertThat(bare.method()).isEqualTo("POST");
        assertThat(bare.program()).isEqualTo("IDS");
        assertThat(tagged.host()).isEqualTo("fw2");
        assertThat(tagged.pid()).isEqualTo(77);
        assertThat(tagged.timestampText()).isEqualTo("2024-01-02T04:05:06.25+01:00");
        assertThat(tagged.level()).isEqualTo("info");
        assertThat(tagged.extra()).containsEntry("dvchost", "sensor-9");
    }

    @ParameterizedTest
    @CsvSource({
        "0, info",
        "3, info",
        "4, warning",
        "6, warning",
        "7, error",
        "8, error",
        "9, critical",
        "10, critical",
        "Low, info",
        "medium, warning",
        "HIGH, error",
        "Very-High, critical"
    })
    void severitiesMapToLevels(String severity, String level) {
        LogEvent event = Parsing.event(cef, "CEF:0|V|P|1|s|n|" + severity + "|");

        assertThat(event.level()).isEqualTo(level);
        assertThat(event.extra()).containsEntry("severity", severity);
    }

    @Test
    void anUnknownSeverityHasNoLevelAndAnUnreadableTimeStaysInExtra() {
        LogEvent event = Parsing.event(cef, "CEF:0|V|P|1|s|n|Unknown|rt=sometime dhost=db-1");

        assertThat(event.has(Field.LEVEL)).isFalse();
        assertThat(event.has(Field.TIMESTAMP)).isFalse();
        assertThat(event.extra()).containsEntry("rt", "sometime").containsEntry("dhost", "db-1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "CEF:0|Acme|IDS|2|42|only six fields|",
                "CEF:0|Acme|IDS|2|42|name|11|",
                "CEF:0|Acme|IDS|2|42|name|Severe|",
                "CEF:x|Acme|IDS|2|42|name|5|",
                "CEF:0|Acme|IDS|2|42|name|5|no pairs at all",
                "CEF:0|Acme|IDS|2|42|name|5|bad key=1",
                "not a cef line at all",
                "xCEF:0|Acme|IDS|2|42|name|5|",
                "garbage before CEF:0|Acme|IDS|2|42|name|5|"
            })
    void linesThatAreNoCefAreMalformed(String line) {
        assertThat(Parsing.result(cef.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    /** Any extension written with CEF's escapes reads back as it was, blanks and all. */
    @Property(tries = 500)
    void escapedExtensionsReadBack(@ForAll("extensions") Map<String, String> pairs) {
        StringBuilder line = new StringBuilder("CEF:0|V|P|1|s|n|5|");
        String separator = "";
        for (Map.Entry<String, String> pair : pairs.entrySet()) {
            String value =
                    pair.getValue().replace("\\", "\\\\").replace("=", "\\=").replace("\n", "\\n");
            line.append(separator).append(pair.getKey()).append('=').append(value);
            separator = " ";
        }

        LogEvent event = Parsing.event(cef, line.toString());

        Map<String, Object> extension = new LinkedHashMap<>(event.extra());
        extension
                .keySet()
                .removeAll(
                        List.of(
                                "cefVersion",
                                "deviceVendor",
                                "deviceVersion",
                                "signatureId",
                                "severity"));
        assertThat(extension).containsExactlyEntriesOf(pairs);
    }

    @Provide
    Arbitrary<Map<String, String>> extensions() {
        Arbitrary<String> keys =
                Arbitraries.strings()
                        .withChars("abcXYZ019_")
                        .ofMinLength(1)
                        .ofMaxLength(6)
                        .map(k -> "cs" + k);
        // No blanks at either end: CEF cannot tell them from the separator.
        Arbitrary<String> values =
                Arbitraries.strings()
                        .withChars("ab =\\|\né")
                        .ofMinLength(1)
                        .ofMaxLength(12)
                        .filter(v -> !v.startsWith(" ") && !v.endsWith(" "));
        return Arbitraries.maps(keys, values).ofMinSize(1).ofMaxSize(5);
    }
}
