package dev.logslice.format.log4j;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conversions that print nothing ({@code %X{key}} outside a request, an empty {@code %x}) leave two
 * blanks side by side, which the layout's padded spaces must not hide: the words after them are
 * never taken for the empty value.
 */
class EmptyConversionsTest {
    private static final String TIME = "2024-01-15 10:20:30,123";

    @Test
    void anEmptyMdcValueLeavesTheMessageWhole() {
        LogFormat format = Log4jFormats.of("t", List.of("%d %p [%t] %X{req} %m%n"));

        LogEvent empty = Parsing.event(format, TIME + " INFO [main]  hello world");
        LogEvent set = Parsing.event(format, TIME + " INFO [main] abc12 hello world");

        assertThat(empty.message()).isEqualTo("hello world");
        assertThat(empty.extra()).doesNotContainKey("req");
        assertThat(set.message()).isEqualTo("hello world");
        assertThat(set.extra()).containsEntry("req", "abc12");
    }

    @Test
    void anEmptyMdcValueBeforeTheLoggerIsNoMalformedLine() {
        LogFormat format = Log4jFormats.of("t", List.of("%d %-5p [%t] %X{req} %c: %m%n"));

        LogEvent event = Parsing.event(format, TIME + " INFO  [main]  com.example.App: Started");

        assertThat(event.logger()).isEqualTo("com.example.App");
        assertThat(event.message()).isEqualTo("Started");
    }

    /** Logback's {@code %X{key:-default}} names the key alone; an empty default prints nothing. */
    @Test
    void anMdcDefaultIsNoPartOfTheKey() {
        LogFormat format = Log4jFormats.of("t", List.of("%d %p [%t] %X{traceId:-} %m%n"));

        LogEvent set = Parsing.event(format, TIME + " INFO [main] abc hello");
        LogEvent empty = Parsing.event(format, TIME + " INFO [main]  hello");

        assertThat(set.extra()).containsOnlyKeys("traceId").containsEntry("traceId", "abc");
        assertThat(empty.extra()).isEmpty();
        assertThat(empty.message()).isEqualTo("hello");
    }

    /** The padding of a left-justified level is no empty value, nor is it one's own blank. */
    @Test
    void paddingAfterALevelIsNoEmptyValue() {
        LogFormat format = Log4jFormats.of("t", List.of("%d %-5p %X{req} %m%n"));

        LogEvent set = Parsing.event(format, TIME + " INFO  abc hello");
        LogEvent empty = Parsing.event(format, TIME + " INFO   hello");

        assertThat(set.extra()).containsEntry("req", "abc");
        assertThat(set.message()).isEqualTo("hello");
        assertThat(empty.extra()).doesNotContainKey("req");
        assertThat(empty.message()).isEqualTo("hello");
    }

    /** Any level, MDC values (empty or not) and message, as the layout writes them, read back. */
    @Property(tries = 500)
    void writtenLinesReadBack(
            @ForAll("levels") String level,
            @ForAll("values") String first,
            @ForAll("values") String second,
            @ForAll("messages") String message) {
        LogFormat format = Log4jFormats.of("t", List.of("%d %-5p [%t] %X{a} %X{b} %c - %m%n"));
        String padded = String.format("%-5s", level);
        String line = TIME + " " + padded + " [main] " + first + " " + second + " a.B - " + message;

        LogEvent event = Parsing.event(format, line);

        assertThat(event.level()).isEqualTo(level);
        assertThat(event.extra().get("a")).isEqualTo(first.isEmpty() ? null : first);
        assertThat(event.extra().get("b")).isEqualTo(second.isEmpty() ? null : second);
        assertThat(event.logger()).isEqualTo("a.B");
        assertThat(event.message()).isEqualTo(message);
    }

    @Provide
    Arbitrary<String> levels() {
        return Arbitraries.of("INFO", "WARN", "ERROR", "DEBUG", "TRACE");
    }

    @Provide
    Arbitrary<String> values() {
        return Arbitraries.oneOf(
                Arbitraries.just(""),
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12));
    }

    @Provide
    Arbitrary<String> messages() {
        return Arbitraries.strings()
                .withChars("abc xyz-:[]")
                .ofMinLength(1)
                .ofMaxLength(30)
                .filter(m -> !m.startsWith(" ") && !m.endsWith(" "));
    }
}
